import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// The per-day table kept by the weights' own writes agrees with the trend computed from
/// scratch, whatever wrote the entries and in whatever order.
@MainActor
struct DailyTableTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
    }

    /// The model: the trend computed from every stored entry, as the in-memory repository does.
    func model(_ repository: SQLWeightRepository) throws -> [TrendDay] {
        InMemoryWeightRepository.days(of: try TrendFixtures.storedEntries(repository))
    }

    /// Records an issue where the table and the model differ, naming the first difference.
    func checkAgreement(_ repository: SQLWeightRepository, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stored = try TrendFixtures.storedDays(repository.store.sqlite)
        let expected = try model(repository)
        let agrees = TrendFixtures.agree(stored, expected)
        #expect(agrees, "\(TrendFixtures.firstDifference(stored, expected))", sourceLocation: sourceLocation)
    }

    @Test func severalEntriesOnADayAreOnePointAtTheirMean() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let day = TrendFixtures.today
        _ = try repository.insert(TrendFixtures.entry("a", day: day, kilograms: 80, hour: 7))
        _ = try repository.insert(TrendFixtures.entry("b", day: day, kilograms: 81, hour: 12))
        _ = try repository.insert(TrendFixtures.entry("c", day: day, kilograms: 82.5, hour: 21))
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.count == 1)
        #expect(days.first?.entries == 3)
        #expect(days.first.map { abs($0.point.meanKilograms - 81.166_666_666_666_67) < 1e-9 } == true)
        #expect(days.first?.point.trendKilograms == days.first?.point.meanKilograms)
        #expect(days.first?.minimumKilograms == 80)
        #expect(days.first?.maximumKilograms == 82.5)
    }

    @Test func editingAnOldEntryRecomputesFromItsDayAndLeavesEarlierDaysAlone() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let first = TrendFixtures.today - 9
        var ids: [Int64] = []
        for offset in 0..<10 {
            let outcome = try repository.insert(
                TrendFixtures.entry("d\(offset)", day: first + offset, kilograms: 80 - Double(offset) * 0.2))
            ids.append(try outcome.written.id)
        }
        let before = try TrendFixtures.storedDays(repository.store.sqlite)
        let edited = try #require(try repository.entry(id: ids[3]))
        _ = try repository.update(
            EntryChange(
                id: edited.id, date: edited.date, kilograms: 85, note: "", expectedRevision: edited.revision,
                operation: .make()))
        let after = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(Array(after.prefix(3)) == Array(before.prefix(3)), "days before the edit are untouched")
        #expect(after[3].point.meanKilograms == 85)
        // By hand: day 3's trend is 0.9·(day 2's trend) + 0.1·85, and every later day moves.
        #expect(abs(after[3].point.trendKilograms - (before[2].point.trendKilograms * 0.9 + 8.5)) < 1e-9)
        #expect(
            zip(after.dropFirst(3), before.dropFirst(3)).allSatisfy {
                $0.point.trendKilograms > $1.point.trendKilograms
            })
        try checkAgreement(repository)
    }

    @Test func movingAnEntryToAnotherDayRecountsBothDays() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let day = TrendFixtures.today - 5
        _ = try repository.insert(TrendFixtures.entry("a", day: day, kilograms: 80))
        let moving = try repository.insert(TrendFixtures.entry("b", day: day, kilograms: 90, hour: 20)).written
        _ = try repository.insert(TrendFixtures.entry("c", day: day + 3, kilograms: 79))
        _ = try repository.update(
            EntryChange(
                id: moving.id, date: TrendFixtures.date(day: day + 1), kilograms: 90, note: "", expectedRevision: 1,
                operation: .make()))
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.map(\.day) == [day, day + 1, day + 3])
        #expect(days.map(\.entries) == [1, 1, 1])
        try checkAgreement(repository)
    }

    @Test func deletingADaysOnlyEntryRemovesTheDayAndRetrendsTheRest() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let day = TrendFixtures.today - 4
        _ = try repository.insert(TrendFixtures.entry("a", day: day, kilograms: 80))
        let middle = try repository.insert(TrendFixtures.entry("b", day: day + 1, kilograms: 70)).written
        _ = try repository.insert(TrendFixtures.entry("c", day: day + 2, kilograms: 80))
        _ = try repository.delete(id: middle.id, expectedRevision: 1, operation: .make())
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.map(\.day) == [day, day + 2])
        // Two days after 80, another 80: the trend stays 80.
        #expect(days.map(\.point.trendKilograms) == [80, 80])
    }

    @Test func aLongRandomRunOfChangesAlwaysAgreesWithTheTrendFromScratch() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        var generator = SeededGenerator(seed: 12)
        var ids: [Int64] = []
        for step in 0..<300 {
            try TrendFixtures.randomChange(step, to: repository, ids: &ids, daysBack: 60, using: &generator)
            if step % 25 == 24 {
                try checkAgreement(repository)
            }
        }
        try checkAgreement(repository)
    }

    @Test func entriesWrittenByAnotherProgramAreCountedBeforeTheNextRead() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today - 2, kilograms: 80))
        let other = try OtherProgramConnection(path: path)
        let when = StoredTime.text(TrendFixtures.date(day: TrendFixtures.today - 1))
        try other.execute("INSERT INTO entries (taken_at, kilograms) VALUES (?, 70)", .text(when))
        try other.execute("UPDATE entries SET kilograms = 81 WHERE id = 1")
        other.close()
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.map(\.point.meanKilograms) == [81, 70])
        try checkAgreement(repository)
    }

    @Test func weightsThatBreakTheRuleAreLeftOutOfTheDaysWhoeverWroteThem() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let day = TrendFixtures.today - 3
        _ = try repository.insert(TrendFixtures.entry("a", day: day, kilograms: 80))
        let moved = try repository.insert(TrendFixtures.entry("b", day: day + 1, kilograms: 79)).written
        let other = try OtherProgramConnection(path: path)
        func at(_ day: Int, hour: Int) -> String { StoredTime.text(TrendFixtures.date(day: day, hour: hour)) }
        try other.execute(
            """
            INSERT INTO entries (taken_at, kilograms) VALUES ('\(at(day, hour: 12))', 1000), ('\(at(day + 2, hour: 8))', 0.5);
            UPDATE entries SET kilograms = 600 WHERE id = \(moved.id);
            """)
        other.close()

        let days = try TrendFixtures.storedDays(repository.store.sqlite)

        #expect(days.map(\.day) == [day], "a day of rows that break the rule has no row")
        #expect(days.first?.entries == 1)
        #expect(days.first?.maximumKilograms == 80)
        try checkAgreement(repository)
        // Put right, the weight counts again; and a build from scratch leaves the others out too.
        _ = try repository.update(
            EntryChange(
                id: moved.id, date: moved.date, kilograms: 79, note: "", expectedRevision: nil, operation: .make()))
        #expect(try TrendFixtures.storedDays(repository.store.sqlite).map(\.day) == [day, day + 1])
        let again = try OtherProgramConnection(path: path)
        try again.execute("DELETE FROM daily; DELETE FROM daily_zones")
        again.close()
        #expect(try TrendFixtures.storedDays(repository.store.sqlite).map(\.entries) == [1, 1])
        try checkAgreement(repository)
    }

    @Test func manyEntriesFromAnotherProgramRebuildTheTableWhole() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today, kilograms: 80))
        let other = try OtherProgramConnection(path: path)
        let count = Int(DailyTable.rebuildThreshold) + 10
        try other.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO entries (taken_at, kilograms)
            SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01T06:00:00Z', '+' || (i * 7) || ' hours'), 70 + (i % 17) / 2.0 FROM n
            """)
        #expect(try other.integer("SELECT count(*) FROM daily_pending") == Int64(count))
        other.close()
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        try checkAgreement(repository)
        #expect(days.reduce(0) { $0 + $1.entries } == count + 1)
    }

    @Test func aTableWithAnotherZonesDaysBuildsThisZonesBesideThemAndLeavesThoseAlone() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today, kilograms: 80))
        let other = try OtherProgramConnection(path: path)
        // As if another zone had built them: the zone differs, and its rows are wrong here.
        try other.execute("UPDATE daily_zones SET zone = 'TZ=Pacific/Kiritimati 50400/50400'")
        try other.execute("UPDATE daily SET day = day + 1, trend_kg = 1")
        other.close()
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.map(\.day) == [TrendFixtures.today])
        #expect(days.map(\.point.trendKilograms) == [80])
        let check = try OtherProgramConnection(path: path)
        defer { check.close() }
        #expect(
            try check.rows("SELECT zone FROM daily_zones ORDER BY used").map { $0[0] } == [
                "TZ=Pacific/Kiritimati 50400/50400", LocalCalendar.zoneIdentity(),
            ])
        #expect(
            try check.rows(
                """
                SELECT day, trend_kg FROM daily
                WHERE zone = (SELECT id FROM daily_zones WHERE zone = 'TZ=Pacific/Kiritimati 50400/50400')
                """) == [["\(TrendFixtures.today + 1)", "1.0"]], "the other zone's days are as it left them")
    }

    @Test func aStoreFromBeforeTheTrendIsGivenItsDailyTableByTheUpgrade() throws {
        defer { directory.remove() }
        let older = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 3 }))
        _ = try older.read(.weights) { db throws(StorageError) in try db.integer("SELECT count(*) FROM entries") }
        older.close()
        let other = try OtherProgramConnection(path: path)
        for offset in 0..<5 {
            let when = StoredTime.text(TrendFixtures.date(day: TrendFixtures.today - offset))
            try other.execute(
                "INSERT INTO entries (taken_at, kilograms) VALUES (?, ?)", .text(when), .integer(Int64(80 + offset)))
        }
        other.close()
        let repository = Fixtures.repository(at: path)
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.count == 5)
        try checkAgreement(repository)
    }
}

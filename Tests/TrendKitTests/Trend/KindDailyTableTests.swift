import FoundationEssentials
import Testing

@testable import TrendKit

/// A kind's per-day trend (format 12) agrees with the trend computed from scratch from the
/// stored measurements, whoever wrote them: trendsh's saves, edits and deletes, or another
/// program's rows in `measurements` and `entries`.
@MainActor
struct KindDailyTableTests {
    let directory: TemporaryDirectory
    let path: String
    static let fat = MeasurementKind.bodyFat

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
    }

    /// Every day of body fat the kind's table holds in this zone.
    func storedDays(_ store: Store) throws -> [TrendDay] {
        try SQLTrendRepository(store: store).window(
            of: Self.fat, from: -1_000_000, through: 1_000_000, asOf: .distantFuture
        ).days
    }

    /// Records an issue where the table and the model (every stored entry's body fat) differ.
    func checkAgreement(_ repository: SQLWeightRepository, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stored = try storedDays(repository.store.sqlite)
        let expected = InMemoryWeightRepository.days(of: try TrendFixtures.storedEntries(repository), Self.fat)
        #expect(
            TrendFixtures.agree(stored, expected), "\(TrendFixtures.firstDifference(stored, expected))",
            sourceLocation: sourceLocation)
    }

    func entry(_ name: String, day: Int, kilograms: Double? = 80, fat: Double?, hour: Int = 8) -> NewWeightEntry {
        NewWeightEntry(
            date: TrendFixtures.date(day: day, hour: hour), kilograms: kilograms,
            measurements: fat.map { [Self.fat.id: $0] } ?? [:], note: "", draftID: DraftID(rawValue: name))
    }

    @Test func aKindsDaysAreTheMeanOfEachDaysValuesSmoothedAsTheWeightIs() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let day = TrendFixtures.today - 3
        _ = try repository.insert(entry("a", day: day, fat: 24, hour: 7))
        _ = try repository.insert(entry("b", day: day, fat: 25, hour: 20))
        _ = try repository.insert(entry("c", day: day + 2, kilograms: nil, fat: 20))
        _ = try repository.insert(entry("d", day: day + 3, fat: nil))
        let days = try storedDays(repository.store.sqlite)
        #expect(days.map(\.day) == [day, day + 2])
        #expect(days.first?.entries == 2)
        #expect(days.first?.point.meanKilograms == 24.5)
        #expect(days.first?.minimumKilograms == 24)
        #expect(days.first?.maximumKilograms == 25)
        // By hand: two days on, a = 1 - 0.9^2 = 0.19; 24.5 + 0.19 * (20 - 24.5).
        #expect(days.last.map { abs($0.point.trendKilograms - (24.5 + 0.19 * -4.5)) < 1e-9 } == true)
        try checkAgreement(repository)
    }

    @Test func savesEditsAndDeletesAfterTheFirstReadAreCaughtUpDayByDay() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let first = TrendFixtures.today - 9
        var ids: [Int64] = []
        for offset in 0..<10 {
            ids.append(
                try repository.insert(entry("e\(offset)", day: first + offset, fat: 25 - Double(offset) * 0.2)).written
                    .id)
        }
        try checkAgreement(repository)
        let store = repository.store.sqlite
        #expect(
            try store.read(.trend) { db throws(StorageError) in try db.integer("SELECT count(*) FROM kind_daily_zones")
            } == 1)
        // An edit of one value, a move to another day, a value removed, an entry deleted.
        let edited = try #require(try repository.entry(id: ids[3]))
        _ = try repository.update(
            EntryChange(
                id: edited.id, date: edited.date, kilograms: edited.kilograms, measurements: [Self.fat.id: 30],
                note: "", expectedRevision: edited.revision, operation: .make()))
        let moved = try #require(try repository.entry(id: ids[5]))
        _ = try repository.update(
            EntryChange(
                id: moved.id, date: TrendFixtures.date(day: first + 6, hour: 12), kilograms: moved.kilograms,
                measurements: moved.measurements, note: "", expectedRevision: moved.revision, operation: .make()))
        let emptied = try #require(try repository.entry(id: ids[7]))
        _ = try repository.update(
            EntryChange(
                id: emptied.id, date: emptied.date, kilograms: emptied.kilograms, measurements: [:], note: "",
                expectedRevision: emptied.revision, operation: .make()))
        _ = try repository.delete(id: ids[8], expectedRevision: nil, operation: .make())
        try checkAgreement(repository)
        #expect(try storedDays(store).count == 7)
        #expect(
            try store.read(.trend) { db throws(StorageError) in
                try db.integer("SELECT count(*) FROM kind_daily_pending")
            } == 0)
    }

    @Test func anotherProgramsRowsInMeasurementsAndEntriesAreCountedAtTheNextRead() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let first = TrendFixtures.today - 5
        for offset in 0..<5 {
            _ = try repository.insert(entry("e\(offset)", day: first + offset, fat: 22 + Double(offset)))
        }
        try checkAgreement(repository)
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        try other.execute("UPDATE measurements SET value = 30 WHERE entry_id = 2 AND kind = 'fat'")
        try checkAgreement(repository)
        try other.execute("DELETE FROM measurements WHERE entry_id = 3")
        try checkAgreement(repository)
        try other.execute(
            "INSERT INTO measurements (entry_id, kind, value) SELECT id, 'fat', 19.5 FROM entries WHERE id = 3")
        try checkAgreement(repository)
        try other.execute("UPDATE entries SET taken_at = '2026-11-01T08:00:00.000Z' WHERE id = 4")
        try checkAgreement(repository)
        try other.execute("DELETE FROM entries WHERE id = 5")
        try checkAgreement(repository)
        try other.execute(
            """
            INSERT INTO entries (taken_at, note) VALUES ('2026-11-20T09:00:00.000Z', 'tape only');
            INSERT INTO measurements (entry_id, kind, value) VALUES (last_insert_rowid(), 'fat', 21);
            """)
        try checkAgreement(repository)
        #expect(try storedDays(repository.store.sqlite).count == 5)
    }

    @Test func aValueOutsideItsKindsRangeIsLeftOutAndCounted() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(entry("a", day: TrendFixtures.today - 1, fat: 20))
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        try other.execute(
            """
            INSERT INTO entries (taken_at, kilograms) VALUES ('2026-11-28T09:00:00.000Z', 80);
            INSERT INTO measurements (entry_id, kind, value) VALUES (last_insert_rowid(), 'fat', 90);
            """)
        let window = try SQLTrendRepository(store: repository.store).window(
            of: Self.fat, from: TrendFixtures.today - 30, through: TrendFixtures.today, asOf: Fixtures.now)
        #expect(window.days.map(\.point.meanKilograms) == [20])
        #expect(window.leftOut == 1)
    }

    @Test func aKindWithoutValuesIsReadWithoutAWriteAndItsTriggersNoteNothing() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(entry("a", day: TrendFixtures.today, fat: 20))
        let waist = try SQLTrendRepository(store: repository.store).window(
            of: .waist, from: TrendFixtures.today - 30, through: TrendFixtures.today, asOf: Fixtures.now)
        #expect(waist.days.isEmpty)
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        #expect(try other.integer("SELECT count(*) FROM kind_daily_zones") == 0)
        #expect(try other.integer("SELECT count(*) FROM kind_daily_pending") == 0, "no zone keeps body fat yet")
        // The weight's own tables do not see measurements.
        try other.execute("UPDATE measurements SET value = 21")
        #expect(try other.integer("SELECT count(*) FROM daily_pending") == 0)
    }
}

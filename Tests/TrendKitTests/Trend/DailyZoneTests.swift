import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// The per-day table keeps each time zone's days side by side: a session in another zone
/// builds its zone's days once, then only catches them up, and leaves the other zones' days
/// as they are. Zones here are fixed offsets from UTC, so the tests need no `TZ` of their own.
@MainActor
struct DailyZoneTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
    }

    /// A zone `hours` east of UTC all year.
    static func zone(_ name: String, hoursEast hours: Int64) -> TrendZone {
        TrendZone(identity: "test \(name)") { seconds in
            let local = seconds + hours * 3_600
            return Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        }
    }

    static let east = zone("east", hoursEast: 9)
    static let west = zone("west", hoursEast: -5)
    static let far = zone("far", hoursEast: 13)

    /// Brings `zone`'s days up to date, as a session in it does before a read.
    static func catchUp(_ zone: TrendZone, _ store: Store) throws {
        _ = try store.write(.trend) { db throws(StorageError) in try DailyTable.catchUp(zone: zone, in: db) }
    }

    /// The days the table holds for `zone`, as it holds them (caught up or not).
    static func storedDays(_ zone: TrendZone, _ store: Store) throws -> [TrendDay] {
        try store.read(.trend) { db throws(StorageError) in
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns), entries, min_kg, max_kg FROM daily
                WHERE zone = (SELECT id FROM daily_zones WHERE zone = ?) ORDER BY day
                """)
            try rows.bind([.text(zone.identity)])
            var days: [TrendDay] = []
            while try rows.step() {
                days.append(
                    TrendDay(
                        point: DailyTable.point(from: rows), entries: Int(rows.int64(3)),
                        minimumKilograms: rows.double(4), maximumKilograms: rows.double(5)))
            }
            return days
        }
    }

    /// Records an issue where `zone`'s days differ from the days built from scratch in it.
    func checkAgreement(
        _ zone: TrendZone, _ repository: SQLWeightRepository, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let stored = try Self.storedDays(zone, repository.store.sqlite)
        let expected = InMemoryWeightRepository.days(of: try TrendFixtures.storedEntries(repository), in: zone)
        #expect(
            TrendFixtures.agree(stored, expected),
            "\(zone.identity): \(TrendFixtures.firstDifference(stored, expected))",
            sourceLocation: sourceLocation)
    }

    /// Logs, in the store, each day row inserted for a zone: a rebuild inserts every day of
    /// its zone again, a catch-up only days that had no row.
    func logInsertedDays() throws {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        try other.execute(
            """
            CREATE TABLE inserted_days (zone TEXT, day INTEGER);
            CREATE TRIGGER log_inserted_days AFTER INSERT ON daily BEGIN
                INSERT INTO inserted_days SELECT zone, NEW.day FROM daily_zones WHERE id = NEW.zone;
            END;
            """)
    }

    /// How many times each of `days` was inserted for `zone`.
    func insertions(_ zone: TrendZone, of days: ClosedRange<Int>) throws -> Int64 {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        return try other.integer(
            """
            SELECT count(*) FROM inserted_days WHERE zone = '\(zone.identity)'
            AND day BETWEEN \(days.lowerBound) AND \(days.upperBound)
            """)
    }

    func noteCount() throws -> Int64 {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        return try other.integer("SELECT count(*) FROM daily_pending")
    }

    func keptZones() throws -> [String] {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        return try other.rows("SELECT zone FROM daily_zones ORDER BY used").map { $0[0] ?? "" }
    }

    @Test func zonesTakingTurnsEachBuildTheirDaysOnceAndEachAgreesWithItsOwnBuildFromScratch() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        // Thirty old days, 90 to 61 days ago, that the changes below never touch, each at noon
        // UTC, so it falls on the same day in the east and the west.
        let oldDays = (TrendFixtures.today - 90)...(TrendFixtures.today - 61)
        for day in oldDays {
            let noon = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)
            _ = try repository.insert(
                NewWeightEntry(date: noon, kilograms: 80, note: "", draftID: DraftID(rawValue: "old\(day)")))
        }
        try logInsertedDays()
        var generator = SeededGenerator(seed: 22)
        var ids: [Int64] = []
        for step in 0..<240 {
            try TrendFixtures.randomChange(step, to: repository, ids: &ids, daysBack: 30, using: &generator)
            // Sessions in the east and the west take turns with the local one.
            if step % 20 == 9 { try Self.catchUp(Self.east, repository.store.sqlite) }
            if step % 20 == 19 { try Self.catchUp(Self.west, repository.store.sqlite) }
            if step % 40 == 39 {
                try Self.catchUp(Self.east, repository.store.sqlite)
                try checkAgreement(Self.east, repository)
                try checkAgreement(Self.west, repository)
            }
        }
        try Self.catchUp(Self.east, repository.store.sqlite)
        try Self.catchUp(Self.west, repository.store.sqlite)
        try checkAgreement(Self.east, repository)
        try checkAgreement(Self.west, repository)
        try checkAgreement(.local, repository)
        // Each zone inserted the old days once, when it was built, and never again.
        #expect(try insertions(Self.east, of: oldDays) == Int64(oldDays.count))
        #expect(try insertions(Self.west, of: oldDays) == Int64(oldDays.count))
        #expect(try insertions(.local, of: oldDays) == 0, "built before the log began, and never rebuilt")
        #expect(try noteCount() == 0, "every zone has counted every note")
    }

    @Test func aNoteStaysInTheLogOnlyUntilEveryZoneKeptHasCountedIt() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today - 2, kilograms: 80))
        #expect(try noteCount() == 0, "one zone: its own write counts the note and removes it")
        try Self.catchUp(Self.east, repository.store.sqlite)
        _ = try repository.insert(TrendFixtures.entry("b", day: TrendFixtures.today - 1, kilograms: 79))
        _ = try repository.insert(TrendFixtures.entry("c", day: TrendFixtures.today, kilograms: 78))
        #expect(try noteCount() == 2, "the east has not counted them yet")
        #expect(
            try Self.storedDays(Self.east, repository.store.sqlite).count == 1, "the east's days are left as they were")
        try Self.catchUp(Self.east, repository.store.sqlite)
        #expect(try noteCount() == 0)
        try checkAgreement(Self.east, repository)
        try checkAgreement(.local, repository)
    }

    @Test func aFourthZoneDropsTheZoneCaughtUpLongestAgo() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today - 1, kilograms: 80))
        try Self.catchUp(Self.east, repository.store.sqlite)
        try Self.catchUp(Self.west, repository.store.sqlite)
        // The local zone writes again, after both: the east is now the one caught up longest ago.
        _ = try repository.insert(TrendFixtures.entry("b", day: TrendFixtures.today, kilograms: 79))
        try Self.catchUp(Self.west, repository.store.sqlite)
        #expect(try keptZones() == [Self.east.identity, LocalCalendar.zoneIdentity(), Self.west.identity])

        try Self.catchUp(Self.far, repository.store.sqlite)

        #expect(try keptZones() == [LocalCalendar.zoneIdentity(), Self.west.identity, Self.far.identity])
        #expect(try Self.storedDays(Self.east, repository.store.sqlite).isEmpty, "its days went with it")
        try checkAgreement(Self.far, repository)
        // Back in the east, its days are built again, once.
        try Self.catchUp(Self.east, repository.store.sqlite)
        try checkAgreement(Self.east, repository)
        #expect(try keptZones().count == DailyTable.keptZones)
    }

    @Test func aZoneTooFarBehindIsDroppedSoTheLogStaysShort() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today, kilograms: 80))
        try Self.catchUp(Self.east, repository.store.sqlite)
        let other = try OtherProgramConnection(path: path)
        let count = Int(DailyTable.rebuildThreshold) + 10
        try other.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO entries (taken_at, kilograms)
            SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01T06:00:00Z', '+' || (i * 7) || ' hours'), 70 + (i % 17) / 2.0 FROM n
            """)
        other.close()

        // The local zone catches up; the east, more notes behind than a rebuild costs, is dropped.
        _ = try TrendFixtures.storedDays(repository.store.sqlite)

        #expect(try keptZones() == [LocalCalendar.zoneIdentity()])
        #expect(try noteCount() == 0)
        try checkAgreement(.local, repository)
        try Self.catchUp(Self.east, repository.store.sqlite)
        try checkAgreement(Self.east, repository)
    }

    @Test func aLargeImportLeavesOnlyTheImportingZonesDaysBuilt() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        _ = try repository.insert(TrendFixtures.entry("a", day: TrendFixtures.today, kilograms: 80))
        try Self.catchUp(Self.east, repository.store.sqlite)
        let count = Int(DailyTable.rebuildThreshold) + 10
        try repository.store.write(.weights) { db throws(StorageError) in
            let first = try DailyTable.suspendNotes(in: db)
            try db.run(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO entries (taken_at, kilograms)
                SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01T06:00:00Z', '+' || (i * 7) || ' hours'), 75 FROM n
                """)
            try DailyTable.resumeNotes(from: first, in: db)
            try DailyTable.catchUp(zone: .local, in: db)
        }

        #expect(try keptZones() == [LocalCalendar.zoneIdentity()])
        try checkAgreement(.local, repository)
        try Self.catchUp(Self.east, repository.store.sqlite)
        try checkAgreement(Self.east, repository)
    }
}

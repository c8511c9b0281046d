import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Two people in one store (format 16): each person's trend, stats and chart count only their
/// own entries and values; one person's save, catch-up or large import leaves the other's
/// days, zones and notes as they were, and the other's next read is right; a row another
/// program inserted with no person counts for the store's first person. Entries are written
/// here with their person by SQL, as a save that names its person writes them.
@MainActor
struct PersonTrendTests {
    let directory: TemporaryDirectory
    let path: String
    let store: Store
    static let alice = PersonName("alice")!
    static let bob = PersonName("bob")!
    static let waist = MeasurementKind.waist

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
        store = Store(
            location: .file(path: path), schema: .trendsh,
            person: PersonRequest(name: Self.alice, source: .named))
        try store.addPerson(Self.bob)
    }

    /// Adds an entry of `person`'s (and a waist, when given), as another program writes one.
    func add(_ person: String, day: Int, kilograms: Double, waist: Double? = nil, hour: Int = 8) throws {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        let takenAt = StoredTime.text(TrendFixtures.date(day: day, hour: hour))
        try other.execute(
            "INSERT INTO entries (taken_at, kilograms, person) VALUES ('\(takenAt)', \(kilograms), '\(person)')")
        if let waist {
            try other.execute(
                """
                INSERT INTO measurements (entry_id, kind, value, person)
                VALUES (last_insert_rowid(), 'waist', \(waist), '\(person)')
                """)
        }
    }

    /// The rows `sql` selects, as another program reads them.
    func rows(_ sql: String) throws -> [[String?]] {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        return try other.rows(sql)
    }

    /// The trend feature as a session of the store's current person reads it.
    func report() -> TrendReport {
        TrendReport(
            repository: SQLTrendRepository(store: store),
            settings: SettingsFeature(store: InMemorySettingsStore(Settings(unit: .kilograms))),
            clock: Fixtures.clock)
    }

    /// Every weight day the current person's table holds in this zone.
    func storedDays() throws -> [TrendDay] { try TrendFixtures.storedDays(store) }

    /// The current person's days built again from scratch: their zones dropped, then read.
    func daysBuiltFromScratch() throws -> [TrendDay] {
        let other = try OtherProgramConnection(path: path)
        try other.execute(
            """
            DELETE FROM daily WHERE person = '\(store.person?.rawValue ?? "")';
            DELETE FROM daily_zones WHERE person = '\(store.person?.rawValue ?? "")'
            """)
        other.close()
        return try storedDays()
    }

    /// Everything the table keeps of `person`'s: their days, zones and notes.
    func kept(by person: String) throws -> [[[String?]]] {
        try ["daily", "daily_zones", "daily_pending"].map { table in
            try rows("SELECT * FROM \(table) WHERE person = '\(person)' ORDER BY 1, 2, 3")
        }
    }

    @Test func eachPersonsTrendStatsAndChartCountOnlyTheirOwnEntries() throws {
        defer { directory.remove() }
        let today = report().today
        for (offset, kilograms) in [80.0, 81, 82, 83].enumerated() {
            try add("alice", day: today - 3 + offset, kilograms: kilograms, waist: 90)
        }
        for (offset, kilograms) in [60.0, 61, 62].enumerated() {
            try add("bob", day: today - 2 + offset, kilograms: kilograms, waist: 70)
        }

        for (person, count, lowest, highest, waist) in [
            (Self.alice, 4, 80.0, 83.0, 90.0), (Self.bob, 3, 60.0, 62.0, 70.0),
        ] {
            try store.choosePerson(person)
            let trend = report()
            let window = try trend.window(days: 30)
            #expect(window.days.map(\.entries).reduce(0, +) == count, "\(person)'s days")
            #expect(window.days.allSatisfy { (lowest...highest).contains($0.point.meanKilograms) }, "\(person)")
            let stats = try trend.stats(days: 30, habits: [])
            #expect(stats.entries == count, "\(person)'s stats")
            #expect(stats.minimumKilograms == lowest && stats.maximumKilograms == highest, "\(person)'s stats")
            #expect(stats.latestEntry?.kilograms == highest, "\(person)'s latest weight")
            #expect(stats.leftOut == 0)
            let chart = try trend.trendByDay(for: try SQLWeightRepository(store: store).recentEntries(limit: 10))
            #expect(chart.values.allSatisfy { (lowest...highest).contains($0) }, "\(person)'s chart: \(chart)")
            let waists = try trend.window(days: 30, kind: Self.waist)
            #expect(waists.days.map(\.entries).reduce(0, +) == count, "\(person)'s waist days")
            #expect(waists.days.allSatisfy { $0.point.meanKilograms == waist }, "\(person)'s waist")
            let waistStats = try trend.stats(days: 30, kind: Self.waist, habits: [])
            #expect(waistStats.entries == count, "\(person)'s waist stats")
        }
    }

    @Test func aSaveByOnePersonLeavesTheOthersDaysAsTheyWereAndTheOthersNextReadIsRight() throws {
        defer { directory.remove() }
        let today = report().today
        try add("alice", day: today - 1, kilograms: 80)
        try add("bob", day: today - 1, kilograms: 60)
        _ = try storedDays()
        try store.choosePerson(Self.bob)
        _ = try storedDays()
        // Bob weighs in from another program: a note of his waits for his next read.
        try add("bob", day: today, kilograms: 61)
        let bobsBefore = try kept(by: "bob")
        #expect(bobsBefore[2].count == 1, "bob's note")

        try store.choosePerson(Self.alice)
        try store.write(.weights) { db throws(StorageError) in
            let takenAt = StoredTime.text(TrendFixtures.date(day: today, hour: 7))
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, person) VALUES (?, 79.5, ?)",
                [.text(takenAt), .text(db.person)])
            try DailyTable.catchUp(zone: .local, in: db)
        }

        #expect(try kept(by: "bob") == bobsBefore, "alice's save touched bob's days, zones or notes")
        #expect(try kept(by: "alice")[2].isEmpty, "alice's own notes are counted")
        #expect(try storedDays().map(\.entries) == [1, 1])
        try store.choosePerson(Self.bob)
        let bobs = try storedDays()
        #expect(bobs.map(\.day) == [today - 1, today])
        #expect(bobs.map(\.point.meanKilograms) == [60, 61])
        #expect(TrendFixtures.agree(bobs, try daysBuiltFromScratch()))
    }

    @Test func anEntryAnotherProgramInsertedWithNoPersonCountsForTheFirstPerson() throws {
        defer { directory.remove() }
        let today = report().today
        try add("alice", day: today - 1, kilograms: 80, waist: 90)
        try add("bob", day: today - 1, kilograms: 60, waist: 70)
        _ = try storedDays()
        _ = try report().window(days: 30, kind: Self.waist)
        try store.choosePerson(Self.bob)
        let bobsDays = try storedDays()
        _ = try report().window(days: 30, kind: Self.waist)

        let other = try OtherProgramConnection(path: path)
        let takenAt = StoredTime.text(TrendFixtures.date(day: today))
        try other.execute("INSERT INTO entries (taken_at, kilograms) VALUES ('\(takenAt)', 82)")
        try other.execute("INSERT INTO measurements (entry_id, kind, value) VALUES (last_insert_rowid(), 'waist', 92)")
        other.close()

        #expect(try rows("SELECT person, kilograms FROM daily_pending") == [["alice", "82.0"]])
        #expect(try rows("SELECT DISTINCT person FROM kind_daily_pending") == [["alice"]])
        #expect(try storedDays() == bobsDays, "bob's trend counts none of it")
        #expect(try report().window(days: 30, kind: Self.waist).days.map(\.point.meanKilograms) == [70])
        try store.choosePerson(Self.alice)
        #expect(try storedDays().map(\.point.meanKilograms) == [80, 82])
        #expect(try report().window(days: 30, kind: Self.waist).days.map(\.point.meanKilograms) == [90, 92])
    }

    @Test func eachPersonKeepsTheirOwnThreeZones() throws {
        defer { directory.remove() }
        try add("alice", day: TrendFixtures.today - 1, kilograms: 80)
        try add("bob", day: TrendFixtures.today - 1, kilograms: 60)
        let zones = [DailyZoneTests.east, DailyZoneTests.west, DailyZoneTests.far]
        for zone in zones { try DailyZoneTests.catchUp(zone, store) }
        try store.choosePerson(Self.bob)
        for zone in zones + [.local] { try DailyZoneTests.catchUp(zone, store) }

        let alices = try rows("SELECT zone FROM daily_zones WHERE person = 'alice' ORDER BY zone").map { $0[0] }
        #expect(alices == zones.map(\.identity).sorted())
        #expect(try rows("SELECT count(*) FROM daily_zones WHERE person = 'bob'") == [["\(DailyTable.keptZones)"]])
    }

    @Test func aLargeImportDropsOnlyTheImportingPersonsDays() throws {
        defer { directory.remove() }
        try add("alice", day: TrendFixtures.today - 1, kilograms: 80)
        try add("bob", day: TrendFixtures.today - 1, kilograms: 60)
        try store.choosePerson(Self.bob)
        _ = try storedDays()
        try add("bob", day: TrendFixtures.today, kilograms: 61)
        let bobsBefore = try kept(by: "bob")

        try store.choosePerson(Self.alice)
        _ = try storedDays()
        let count = Int(DailyTable.rebuildThreshold) + 10
        try store.write(.weights) { db throws(StorageError) in
            let first = try DailyTable.suspendNotes(in: db)
            try db.run(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO entries (taken_at, kilograms, person)
                SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01T06:00:00Z', '+' || (i * 7) || ' hours'), 75, ? FROM n
                """,
                [.text(db.person)])
            try DailyTable.resumeNotes(from: first, in: db)
            try DailyTable.catchUp(zone: .local, in: db)
        }

        #expect(try kept(by: "bob") == bobsBefore, "alice's import dropped bob's days or notes")
        #expect(try kept(by: "alice")[2].isEmpty)
        try store.choosePerson(Self.bob)
        #expect(try storedDays().map(\.point.meanKilograms) == [60, 61])
    }
}

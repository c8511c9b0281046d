import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// A store of every earlier format opens in this build: it is copied, upgraded, keeps its
/// entries, and its per-day trend is built once for the zone it is opened in.
@MainActor
@Suite struct FormatUpgradeTests {
    /// Writes a store of `version` with three entries, as that format holds them. From format
    /// 4 to 8, the one-zone daily table is there too, with days and notes an older trendsh left.
    static func makeStore(version: Int, at path: String) throws {
        guard version > 1 else {
            try MigrationTests.makeVersionOneStore(at: path)
            return
        }
        let older = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= version }))
        try older.write(.weights) { db throws(StorageError) in
            try db.execute(
                """
                INSERT INTO entries (id, taken_at, kilograms, note, draft_id, revision) VALUES
                    (3, '2026-11-29T07:59:59.123Z', 75.5, 'kept', 'draft-v1', 1),
                    (5, '2026-11-28T07:59:59.123Z', 76.25, '', NULL, 1)
                """)
            if (4..<9).contains(version) {
                try db.execute(
                    """
                    INSERT INTO daily (day, entries, sum_kg, min_kg, max_kg, trend_kg) VALUES (20785, 1, 76.25, 76.25, 76.25, 76.25);
                    INSERT INTO daily_zone (only, zone) VALUES (1, 'TZ=Europe/Paris 3600/7200');
                    """)
            }
        }
        older.close()
    }

    @Test(arguments: 1..<Schema.trendsh.latestVersion)
    func aStoreOfAnEarlierFormatIsUpgradedWithItsEntriesAndItsDaysBuiltOnce(version: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeStore(version: version, at: path)
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)

        let entries = try repository.recentEntries(limit: 10)
        let days = try TrendFixtures.storedDays(store)

        #expect(entries.map(\.id) == [3, 5])
        #expect(entries.map(\.kilograms) == [75.5, 76.25])
        #expect(
            store.takeNotices().contains(
                .upgraded(from: version, to: Schema.trendsh.latestVersion, backup: path + ".v\(version)-backup")))
        #expect(TrendFixtures.agree(days, InMemoryWeightRepository.days(of: entries)))
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        #expect(try other.rows("SELECT zone FROM daily_zones") == [[LocalCalendar.zoneIdentity()]])
        #expect(try other.integer("SELECT count(*) FROM daily_pending") == 0)
        #expect(try other.integrity() == "ok")
        // A save after the upgrade is counted in the days at once.
        _ = try repository.insert(Fixtures.newEntry("after", kilograms: 74, daysAgo: 2))
        #expect(
            TrendFixtures.agree(
                try TrendFixtures.storedDays(store),
                InMemoryWeightRepository.days(of: try TrendFixtures.storedEntries(repository))))
    }
}

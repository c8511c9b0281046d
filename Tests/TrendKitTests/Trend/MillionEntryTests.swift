import FoundationEssentials
import Testing

@testable import TrendKit

/// A store of a million entries stays correct: built whole, read by window, and an edit of
/// its oldest entry carries through to today.
@MainActor
struct MillionEntryTests {
    @Test func aMillionEntriesKeepTheTrendCorrect() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("million.sqlite")
        let repository = Fixtures.repository(at: path)
        _ = try repository.recentEntries(limit: 1)
        // Twenty-five entries a day, seconds apart at noon UTC (the same local day in every
        // zone within 12 hours of UTC), for the 40,000 days ending today: back to 1917.
        let other = try OtherProgramConnection(path: path)
        let count = 1_000_000
        try other.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO entries (taken_at, kilograms)
            SELECT strftime('%Y-%m-%dT12:00:%S.000Z', '2026-11-29', '-' || (i / 25) || ' days', '+' || (i % 25) || ' seconds'),
                   70 + ((i * 7919) % 200) / 10.0 FROM n
            """)
        other.close()
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        #expect(days.reduce(0) { $0 + $1.entries } == count)
        #expect(days.count == count / 25)
        let model = try expected(path: path)
        let agrees = TrendFixtures.agree(days, model)
        #expect(agrees, "\(TrendFixtures.firstDifference(days, model))")

        // The oldest entry changes: every day's trend from then on follows.
        let oldest = try #require(try TrendFixtures.storedEntries(repository).first)
        _ = try repository.update(
            EntryChange(
                id: oldest.id, date: oldest.date, kilograms: 150, note: "", expectedRevision: oldest.revision,
                operation: .make()))
        let edited = try TrendFixtures.storedDays(repository.store.sqlite)
        let recomputed = try expected(path: path)
        let stillAgrees = TrendFixtures.agree(edited, recomputed)
        #expect(stillAgrees, "\(TrendFixtures.firstDifference(edited, recomputed))")
        #expect(edited[0].point.trendKilograms != days[0].point.trendKilograms)
    }

    /// The trend from the entries by a second route: SQLite groups the UTC days (the same as
    /// local days for entries at noon UTC here) and the model smooths them.
    func expected(path: String) throws -> [TrendDay] {
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        let rows = try other.rows(
            """
            SELECT CAST(julianday(substr(taken_at, 1, 10)) - 2440587.5 AS INTEGER), count(*), min(kilograms),
                   max(kilograms), avg(kilograms)
            FROM entries GROUP BY substr(taken_at, 1, 10) ORDER BY 1
            """)
        let parsed = rows.map { row in
            (
                day: Int(row[0] ?? "") ?? 0, count: Int(row[1] ?? "") ?? 0, minimum: Double(row[2] ?? "") ?? 0,
                maximum: Double(row[3] ?? "") ?? 0, mean: Double(row[4] ?? "") ?? 0
            )
        }
        let points = TrendModel.smooth(parsed.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        return zip(parsed, points).map {
            TrendDay(point: $1, entries: $0.count, minimumKilograms: $0.minimum, maximumKilograms: $0.maximum)
        }
    }
}

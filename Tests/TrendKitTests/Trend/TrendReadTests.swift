import FoundationEssentials
import Testing

@testable import TrendKit

/// The trend's reads leave out what breaks a rule at the moment they are made: an entry dated
/// after now (by an earlier clock, or another program) counts once its time has come.
@MainActor
struct TrendReadTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
    }

    func insert(_ repository: SQLWeightRepository, _ name: String, at date: Date, kilograms: Double) throws {
        _ = try repository.insert(
            NewWeightEntry(date: date, kilograms: kilograms, note: "", draftID: DraftID(rawValue: name)))
    }

    @Test func anEntryDatedAfterTodayIsLeftOutUntilItsDayComesAndOneLaterTodayCounts() throws {
        defer { directory.remove() }
        let repository = Fixtures.repository(at: path)
        let now = Fixtures.now
        let today = LocalCalendar.dayNumber(of: now)
        try insert(repository, "a", at: now - 2 * Fixtures.day, kilograms: 80)
        try insert(repository, "b", at: now, kilograms: 79)
        // A minute later is later today in any zone: local times at 08:00 UTC are whole
        // quarters. It is today's weighing, as an imported day kept at 12:00 is.
        try insert(repository, "c", at: now + 60, kilograms: 90)
        try insert(repository, "d", at: now + 2 * Fixtures.day, kilograms: 95)
        try insert(repository, "e", at: now - Fixtures.day, kilograms: 1_000)
        let trend = SQLTrendRepository(store: repository.store)
        let model = InMemoryWeightRepository(entries: try TrendFixtures.storedEntries(repository))

        let window = try trend.window(from: today - 5, through: today + 5, asOf: now)

        #expect(window.days.map(\.day) == [today - 2, today])
        #expect(window.days.last?.entries == 2)
        #expect(window.days.last?.point.meanKilograms == 84.5)
        #expect(window.leftOut == 2, "the day after tomorrow's and the 1,000 kg")
        let expected = try model.window(from: today - 5, through: today + 5, asOf: now)
        #expect(
            TrendFixtures.agree(window.days, expected.days),
            "\(TrendFixtures.firstDifference(window.days, expected.days))")
        #expect(expected.leftOut == 2)
        #expect(try trend.latestCountedEntry(asOf: now)?.kilograms == 90)
        #expect(try trend.window(from: today + 1, through: today + 5, asOf: now).before?.meanKilograms == 84.5)
        for goal in [79.0, 85.0] {
            #expect(
                try trend.latestGoalCrossing(goal: goal, inside: 1, outside: 1.25, asOf: now)
                    == model.latestGoalCrossing(goal: goal, inside: 1, outside: 1.25, asOf: now), "goal \(goal)")
        }

        let later = now + 3 * Fixtures.day
        let afterwards = try trend.window(from: today - 5, through: today + 5, asOf: later)
        #expect(afterwards.days.map(\.day) == [today - 2, today, today + 2])
        #expect(afterwards.days.map(\.entries) == [1, 2, 1])
        #expect(afterwards.leftOut == 1, "the weight of 1,000 kg still breaks its rule")
        #expect(try trend.latestCountedEntry(asOf: later)?.kilograms == 95)
    }

    /// `status` and `stats` count the person's rows that break a rule at every read: from the
    /// partial index and the time index, both led by the person, never by reading every entry.
    @Test func countingTheRowsLeftOutReadsOnlyTheirIndexes() throws {
        defer { directory.remove() }
        _ = try Fixtures.repository(at: path).recentEntries(limit: 1)
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        let plan = try other.rows(
            "EXPLAIN QUERY PLAN "
                + DailyTable.leftOutSQL.replacingOccurrences(of: "?1", with: "'alice'")
                .replacingOccurrences(of: "?2", with: "'2026-11-29'")
        ).map { $0.last.flatMap { $0 } ?? "" }
        #expect(plan.contains { $0.contains("USING INDEX entries_breaking_rules (person=?)") }, "\(plan)")
        #expect(
            plan.contains { $0.contains("USING INDEX entries_newest_first (person=? AND taken_at>?)") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN entries") && !$0.contains("INDEX") }, "\(plan)")
    }
}

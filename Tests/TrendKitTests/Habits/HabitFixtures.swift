import FoundationEssentials
import TrendKit

/// Values shared by the habit tests, beside the shared `Fixtures`.
enum HabitFixtures {
    /// The local day `Fixtures.now` falls on: what every habit log in these tests calls today.
    static let today = LocalCalendar.dayNumber(of: Fixtures.now)

    /// The longest name a habit may have, and one character more.
    static let longestName = String(repeating: "h", count: HabitName.maximumLength)
    static let tooLongName = String(repeating: "h", count: HabitName.maximumLength + 1)

    /// A validated habit from a draft of its own name, created at `Fixtures.now`.
    static func newHabit(_ name: String, draft: String? = nil) -> NewHabit {
        NewHabit(name: name, createdAt: Fixtures.now, draftID: DraftID(rawValue: draft ?? "draft-\(name)"))
    }

    /// A habit done on `daysAgo` days before `today` (0 is today), as the store would hold it.
    static func habit(doneDaysAgo daysAgo: [Int]) -> Habit {
        Habit(id: 1, name: "Run", createdAt: Fixtures.now, doneDays: daysAgo.map { today - $0 }.sorted())
    }

    /// The habits feature over `repository`, with the fixed clock.
    @MainActor
    static func log(repository: any HabitRepository) -> HabitLog {
        HabitLog(repository: repository, clock: Fixtures.clock)
    }

    /// The habits feature on the store of the file at `path`.
    @MainActor
    static func log(at path: String, faults: FaultInjector = FaultInjector()) -> HabitLog {
        log(repository: SQLHabitRepository(store: Fixtures.store(at: path, faults: faults)))
    }

    /// The rows of the `completions` table as another program reads them: habit id and day.
    static func storedCompletions(at path: String) throws -> [[String?]] {
        try OtherProgramConnection(path: path).rows("SELECT habit_id, day FROM completions ORDER BY habit_id, day")
    }
}

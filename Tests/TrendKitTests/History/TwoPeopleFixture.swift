import FoundationEssentials
import Testing

@testable import TrendKit

/// One store file that two people share, alice (its first person) and bob, each in a session
/// of their own: their own store, connection and repositories, as two trendsh processes
/// started with `--person alice` and `--person bob` have them.
@MainActor
struct TwoPeopleFixture {
    /// A session of one person on the shared file.
    @MainActor
    struct Session {
        let store: Store
        let habits: SQLHabitRepository
        let history: SQLHistoryRepository

        init(_ name: PersonName, at path: String) {
            store = Store(
                location: .file(path: path), schema: .trendsh, person: PersonRequest(name: name, source: .named))
            habits = SQLHabitRepository(store: store)
            history = SQLHistoryRepository(store: store)
        }

        /// Adds a habit of `name` from a draft of its own, and returns it.
        func add(_ name: String) throws -> Habit {
            let outcome = try habits.add(
                HabitFixtures.newHabit(name, draft: "draft-\(store.requestedPerson.name)-\(name)"))
            guard case .added(let habit) = outcome else { throw TwoPeopleFailure.notAdded(outcome) }
            return habit
        }

        /// Marks `habit` done today.
        func markDone(_ habit: Habit) throws -> HabitMarkOutcome {
            try habits.mark(
                habitID: habit.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
        }

        func undo(_ step: Int64? = nil) throws -> HistoryOutcome { try history.undo(step: step, operation: .make()) }
        func redo(_ step: Int64? = nil) throws -> HistoryOutcome { try history.redo(step: step, operation: .make()) }
    }

    static let aliceName = PersonName("alice")!
    static let bobName = PersonName("bob")!

    let directory: TemporaryDirectory
    let path: String
    let alice: Session
    let bob: Session

    /// A new store made by alice's session, which then adds bob.
    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
        alice = Session(Self.aliceName, at: path)
        #expect(try alice.store.addPerson(Self.bobName))
        bob = Session(Self.bobName, at: path)
    }

    /// The fixture on a store file that already exists, holding both people.
    init(reopening directory: TemporaryDirectory, path: String) {
        self.directory = directory
        self.path = path
        alice = Session(Self.aliceName, at: path)
        bob = Session(Self.bobName, at: path)
    }

    func remove() {
        alice.store.close()
        bob.store.close()
        directory.remove()
    }
}

/// Why a two-people fixture could not do what a test asked.
enum TwoPeopleFailure: Error, Equatable {
    /// A habit the test meant to add was not added.
    case notAdded(HabitAddOutcome)
}

import FoundationEssentials
import Testing
import TrendKit
import TrendPostgres

/// The stores the one habit contract runs against.
enum HabitStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case inMemory
    case postgresql

    var testDescription: String { rawValue }
}

/// A fresh, empty habit store of one kind, and the temporary directory a file store lives in.
@MainActor
struct HabitStoreUnderTest {
    let repository: any HabitRepository
    private let directory: TemporaryDirectory?

    init(_ kind: HabitStoreKind) throws {
        switch kind {
        case .sqliteFile:
            let directory = try TemporaryDirectory()
            self.directory = directory
            repository = SQLHabitRepository(store: Fixtures.store(at: directory.file("trend.sqlite")))
        case .sqliteMemory:
            directory = nil
            repository = SQLHabitRepository(store: Store(location: .memory, schema: .trendsh))
        case .inMemory:
            directory = nil
            repository = InMemoryHabitRepository()
        case .postgresql:
            directory = nil
            repository = SQLHabitRepository(store: try ServerStore.fresh())
        }
    }

    func remove() { directory?.remove() }

    /// Adds habits of these names, each from its own draft, and returns what the store made of them.
    func add(_ names: [String]) throws -> [Habit] {
        var added: [Habit] = []
        for name in names {
            let outcome = try repository.add(HabitFixtures.newHabit(name))
            guard case .added(let habit) = outcome else { throw ContractFailure.notAdded(outcome) }
            added.append(habit)
        }
        return added
    }

    /// Every done day the store keeps, of any habit: the SQLite rows, counted in the file
    /// itself so that days a delete left behind would show; the in-memory store keeps days
    /// only inside its habits.
    func storedDayCount() throws -> Int64 {
        if let sqlite = repository as? SQLHabitRepository {
            return try sqlite.store.read(.habits) { db throws(StorageError) in
                try db.integer("SELECT count(*) FROM completions")
            }
        }
        return Int64(try repository.habits().reduce(0) { $0 + $1.doneDays.count })
    }

    enum ContractFailure: Error {
        case notAdded(HabitAddOutcome)
    }
}

@MainActor
@Suite struct HabitRepositoryContractTests {
    @Test(arguments: HabitStoreKind.allCases)
    func aNewStoreHasNoHabitsAndNoDeletes(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        #expect(try store.repository.habits().isEmpty)
        #expect(try store.repository.wasDeleted(nameKey: "run") == false)
    }

    @Test(arguments: HabitStoreKind.allCases)
    func anAddedHabitGetsAnIDAndIsListedAsItWasAdded(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let new = HabitFixtures.newHabit("Read 10 pages")

        let outcome = try store.repository.add(new)

        guard case .added(let habit) = outcome else {
            Issue.record("expected a new habit, got \(outcome)")
            return
        }
        #expect(habit.id > 0)
        #expect(habit.name == "Read 10 pages")
        #expect(habit.createdAt == Fixtures.now)
        #expect(habit.revision == 1)
        #expect(habit.draftID == new.draftID)
        #expect(habit.doneDays.isEmpty)
        #expect(try store.repository.habits() == [habit])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func habitsAreListedByNameWithoutRegardToCase(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        _ = try store.add(["walk", "Read", "meditate", "Yoga"])

        #expect(try store.repository.habits().map(\.name) == ["meditate", "Read", "walk", "Yoga"])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func addingFromTheSameDraftAgainReturnsTheFirstHabitAndAddsNothing(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let first = try store.add(["Run"])[0]
        let retry = NewHabit(name: "Running", createdAt: Fixtures.now + Fixtures.hour, draftID: first.draftID!)

        #expect(try store.repository.add(retry) == .alreadyAdded(first))
        #expect(try store.repository.add(retry) == .alreadyAdded(first))

        #expect(try store.repository.habits() == [first])
    }

    @Test(
        arguments: HabitStoreKind.allCases,
        [
            ("Run", "run"),
            ("Run", "RUN"),
            ("Caf\u{e9}", "Cafe\u{301}"),
            ("Cafe\u{301}", "caf\u{e9}"),
            ("Caf\u{e9}", "CAFE\u{301}"),
        ])
    func aNameTakenWithoutRegardToCaseOrNormalFormIsADuplicate(
        kind: HabitStoreKind, names: (first: String, second: String)
    ) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let first = try store.add([names.first])[0]

        let outcome = try store.repository.add(HabitFixtures.newHabit(names.second, draft: "another-draft"))

        #expect(outcome == .duplicate(first))
        #expect(try store.repository.habits() == [first])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func markingADayTwiceChangesItOnceAndStoresOneDay(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["Run"])[0]
        let day = HabitFixtures.today

        #expect(
            try store.repository.mark(
                habitID: habit.id, day: day, done: true, at: Fixtures.now, operation: .make()) == .changed)
        #expect(
            try store.repository.mark(
                habitID: habit.id, day: day, done: true, at: Fixtures.now + 60, operation: .make())
                == .unchanged)

        #expect(try store.repository.habits().map(\.doneDays) == [[day]])
        #expect(try store.storedDayCount() == 1)
    }

    @Test(arguments: HabitStoreKind.allCases)
    func unmarkingADayRemovesItAndUnmarkingAgainChangesNothing(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["Run"])[0]
        let today = HabitFixtures.today
        for day in [today - 1, today] {
            _ = try store.repository.mark(
                habitID: habit.id, day: day, done: true, at: Fixtures.now, operation: .make())
        }

        #expect(
            try store.repository.mark(
                habitID: habit.id, day: today, done: false, at: Fixtures.now, operation: .make()) == .changed)
        #expect(
            try store.repository.mark(
                habitID: habit.id, day: today, done: false, at: Fixtures.now, operation: .make()) == .unchanged)
        #expect(
            try store.repository.mark(
                habitID: habit.id, day: today - 5, done: false, at: Fixtures.now, operation: .make())
                == .unchanged)

        #expect(try store.repository.habits().map(\.doneDays) == [[today - 1]])
        #expect(try store.storedDayCount() == 1)
    }

    @Test(arguments: HabitStoreKind.allCases, [true, false])
    func markingAHabitThatIsNotThereIsMissingAndStoresNothing(kind: HabitStoreKind, done: Bool) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["Run"])[0]

        let outcome = try store.repository.mark(
            habitID: habit.id + 100, day: HabitFixtures.today, done: done, at: Fixtures.now, operation: .make())

        #expect(outcome == .missing)
        #expect(try store.repository.habits() == [habit])
        #expect(try store.storedDayCount() == 0)
    }

    @Test(arguments: HabitStoreKind.allCases)
    func eachHabitListsItsOwnDaysInOrder(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Run", "Read"])
        let today = HabitFixtures.today
        for (habit, days) in [(habits[0], [today, today - 9, today - 2]), (habits[1], [today - 1, today - 400])] {
            for day in days {
                _ = try store.repository.mark(
                    habitID: habit.id, day: day, done: true, at: Fixtures.now, operation: .make())
            }
        }

        let listed = try store.repository.habits()

        #expect(listed.map(\.name) == ["Read", "Run"])
        #expect(listed.map(\.doneDays) == [[today - 400, today - 1], [today - 9, today - 2, today]])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aRenameRetriedWithItsOperationIsAlreadyAppliedAndRenamesOnce(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["Run"])[0]
        let operation = OperationID.make()
        var renamed = habit
        renamed.name = "Jog"
        renamed.revision = 2

        #expect(
            try store.repository.rename(habitID: habit.id, from: "old", to: "Jog", operation: operation)
                == .renamed(renamed))
        #expect(
            try store.repository.rename(habitID: habit.id, from: "old", to: "Jog", operation: operation)
                == .alreadyApplied(renamed))

        #expect(try store.repository.habits() == [renamed])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aRenameToANameTakenByAnotherHabitIsADuplicateAndChangesNothing(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Read", "Run"])
        let operation = OperationID.make()

        let outcome = try store.repository.rename(
            habitID: habits[1].id, from: "old", to: "READ", operation: operation)

        #expect(outcome == .duplicate(habits[0]))
        #expect(try store.repository.habits() == habits)
        // Nothing was recorded either: the same operation to a free name still renames.
        guard
            case .renamed(let renamed) = try store.repository.rename(
                habitID: habits[1].id, from: "old", to: "Jog", operation: operation)
        else {
            Issue.record("the refused rename was recorded as applied")
            return
        }
        #expect(renamed.name == "Jog")
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aHabitMayBeRenamedToAnotherCaseOfItsOwnName(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["read"])[0]

        let outcome = try store.repository.rename(habitID: habit.id, from: "old", to: "Read", operation: .make())

        guard case .renamed(let renamed) = outcome else {
            Issue.record("expected the habit renamed, got \(outcome)")
            return
        }
        #expect(renamed.name == "Read")
        #expect(try store.repository.habits().map(\.name) == ["Read"])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func renamingAHabitThatIsNotThereIsMissing(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habit = try store.add(["Run"])[0]

        #expect(
            try store.repository.rename(habitID: habit.id + 100, from: "old", to: "Jog", operation: .make())
                == .missing)
        #expect(try store.repository.habits() == [habit])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aDeleteRemovesTheHabitAndItsDaysAndNothingElse(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Read", "Run"])
        let today = HabitFixtures.today
        for habit in habits {
            for day in [today - 2, today] {
                _ = try store.repository.mark(
                    habitID: habit.id, day: day, done: true, at: Fixtures.now, operation: .make())
            }
        }

        let outcome = try store.repository.delete(
            habitID: habits[1].id, nameKey: HabitName.key("Run"), operation: .make())

        guard case .deleted(let deleted) = outcome else {
            Issue.record("expected the habit deleted, got \(outcome)")
            return
        }
        #expect(deleted.id == habits[1].id)
        #expect(deleted.name == "Run")
        let listed = try store.repository.habits()
        #expect(listed.map(\.id) == [habits[0].id])
        #expect(listed.map(\.doneDays) == [[today - 2, today]])
        #expect(try store.storedDayCount() == 2)
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aDeleteRetriedWithItsOperationIsAlreadyDeletedAndAnotherIsMissing(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Read", "Run"])
        let operation = OperationID.make()
        let key = HabitName.key("Run")
        _ = try store.repository.delete(habitID: habits[1].id, nameKey: key, operation: operation)

        #expect(
            try store.repository.delete(habitID: habits[1].id, nameKey: key, operation: operation)
                == .alreadyDeleted)
        #expect(try store.repository.delete(habitID: habits[1].id, nameKey: key, operation: .make()) == .missing)

        #expect(try store.repository.habits() == [habits[0]])
    }

    @Test(arguments: HabitStoreKind.allCases)
    func aDeleteIsRememberedByTheNameKeyOfTheHabit(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Caf\u{e9}", "Run"])
        let key = HabitName.key("CAFE\u{301}")
        #expect(try store.repository.wasDeleted(nameKey: key) == false)

        _ = try store.repository.delete(habitID: habits[0].id, nameKey: key, operation: .make())

        #expect(try store.repository.wasDeleted(nameKey: key))
        #expect(try store.repository.wasDeleted(nameKey: HabitName.key("Run")) == false)
        // A rename is not a delete, though it is recorded as an operation too.
        _ = try store.repository.rename(habitID: habits[1].id, from: "old", to: "Jog", operation: .make())
        #expect(try store.repository.wasDeleted(nameKey: HabitName.key("Jog")) == false)
    }

    @Test func aDeleteIsRememberedByANewStoreOnTheSameFileAndAppliedOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = SQLHabitRepository(store: Fixtures.store(at: path))
        guard case .added(let habit) = try first.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("the habit was not added")
            return
        }
        _ = try first.mark(
            habitID: habit.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
        let operation = OperationID.make()
        let key = HabitName.key("Run")
        var marked = habit
        marked.doneDays = [HabitFixtures.today]
        #expect(try first.delete(habitID: habit.id, nameKey: key, operation: operation) == .deleted(marked))
        first.store.close()

        let second = SQLHabitRepository(store: Fixtures.store(at: path))

        #expect(try second.wasDeleted(nameKey: key))
        #expect(try second.delete(habitID: habit.id, nameKey: key, operation: operation) == .alreadyDeleted)
        #expect(try second.habits().isEmpty)
        second.store.close()
        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("SELECT count(*) FROM operations WHERE feature = 'habits' AND kind = 'delete'") == 1)
        #expect(try other.integer("SELECT count(*) FROM completions") == 0)
        #expect(try other.integer("SELECT count(*) FROM habits") == 0)
    }

    /// The in-memory store hands back its habits whole; the SQLite store reads a habit's row
    /// without its days for every write's outcome.
    @Test(arguments: HabitStoreKind.allCases)
    func aHabitAWriteReturnsCarriesItsDoneDays(kind: HabitStoreKind) throws {
        let store = try HabitStoreUnderTest(kind)
        defer { store.remove() }
        let habits = try store.add(["Read", "Run"])
        for habit in habits {
            _ = try store.repository.mark(
                habitID: habit.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
        }
        let listed = try store.repository.habits()
        let retry = HabitFixtures.newHabit("Run")

        let again = try store.repository.add(retry)
        let duplicate = try store.repository.add(HabitFixtures.newHabit("READ", draft: "another-draft"))
        let deleted = try store.repository.delete(
            habitID: habits[0].id, nameKey: HabitName.key("Read"), operation: .make())

        #expect(again == .alreadyAdded(listed[1]))
        #expect(duplicate == .duplicate(listed[0]))
        #expect(deleted == .deleted(listed[0]))
    }
}

import FoundationEssentials
import Testing
import TrendKit

@MainActor
@Suite struct HabitLogTests {
    @Test func aNewLogIsIdleAndEmpty() {
        let log = HabitFixtures.log(repository: InMemoryHabitRepository())
        #expect(log.loadState == .idle)
        #expect(log.habits.isEmpty)
        #expect(log.retainedError == nil)
        #expect(log.today == HabitFixtures.today)
        #expect(log.featureID == .habits)
        #expect(log.featureLoadState == .idle)
    }

    @Test func refreshLoadsTheStoredHabitsByName() throws {
        let repository = InMemoryHabitRepository()
        for name in ["Run", "read", "Meditate"] { _ = try repository.add(HabitFixtures.newHabit(name)) }
        let log = HabitFixtures.log(repository: repository)

        log.refresh()

        #expect(log.habits.map(\.name) == ["Meditate", "read", "Run"])
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
        #expect(log.habit(named: "READ")?.name == "read")
    }

    @Test(arguments: ["", "   \t", " \n "])
    func aBlankNameIsRefusedAndNothingIsWritten(name: String) throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)

        #expect(throws: TrendError.habit(.invalidName)) { try log.addHabit(named: name) }

        #expect(log.habits.isEmpty)
        #expect(try repository.habits().isEmpty)
    }

    @Test func aNameOfEightyCharactersIsAcceptedAndOneOfEightyOneIsRefused() throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)

        let outcome = try log.addHabit(named: HabitFixtures.longestName)
        #expect(throws: TrendError.habit(.nameTooLong(length: 81))) {
            try log.addHabit(named: HabitFixtures.tooLongName)
        }

        guard case .added(let habit) = outcome else {
            Issue.record("expected a new habit, got \(outcome)")
            return
        }
        #expect(habit.name == HabitFixtures.longestName)
        #expect(try repository.habits() == [habit])
        #expect(log.habits == [habit])
    }

    @Test func theLengthIsCountedInCharactersAfterTrimmingAndInNormalForm() throws {
        let log = HabitFixtures.log(repository: InMemoryHabitRepository())
        let decomposed = String(repeating: "e\u{301}", count: 80)

        let outcome = try log.addHabit(named: "  " + decomposed + "\t")
        #expect(throws: TrendError.habit(.nameTooLong(length: 81))) {
            try log.addHabit(named: decomposed + "e\u{301}")
        }

        guard case .added(let habit) = outcome else {
            Issue.record("expected a new habit, got \(outcome)")
            return
        }
        #expect(Array(habit.name.unicodeScalars) == Array(String(repeating: "\u{e9}", count: 80).unicodeScalars))
    }

    @Test(arguments: [
        ("Run", "run"),
        ("Run", "  RUN "),
        ("Caf\u{e9}", "Cafe\u{301}"),
        ("Cafe\u{301}", "CAF\u{c9}"),
    ])
    func aNameTakenWithoutRegardToCaseOrNormalFormIsRefused(first: String, second: String) throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: first)
        let stored = try HabitName.normalized(first)

        #expect(throws: TrendError.habit(.duplicateName(stored))) { try log.addHabit(named: second) }

        #expect(try repository.habits().map(\.name) == [stored])
        #expect(log.habits.map(\.name) == [stored])
    }

    @Test func aNameAnotherSessionTookIsRefusedByTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = HabitFixtures.log(at: path)
        let second = HabitFixtures.log(at: path)
        _ = try first.addHabit(named: "Caf\u{e9}")

        #expect(throws: TrendError.habit(.duplicateName("Caf\u{e9}"))) {
            try second.addHabit(named: "CAFE\u{301}")
        }

        #expect(second.habits.isEmpty)
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM habits") == 1)
    }

    @Test func aFailedRefreshKeepsTheHabitsVisibleAndTheNextOneClearsTheError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: directory.file("trend.sqlite"), faults: faults)
        _ = try log.addHabit(named: "Run")
        _ = try log.addHabit(named: "Read")
        log.refresh()
        let loaded = log.habits
        faults.failNextRefresh(in: .habits)

        log.refresh()

        #expect(log.habits == loaded)
        #expect(log.habits.map(\.name) == ["Read", "Run"])
        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.refresh)))

        log.refresh()

        #expect(log.habits == loaded)
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func aRefreshFailingForAnotherFeatureLoadsTheHabits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: directory.file("trend.sqlite"), faults: faults)
        _ = try log.addHabit(named: "Run")
        faults.failNextRefresh(in: .weights)

        log.refresh()

        #expect(log.loadState == .ready)
        #expect(log.habits.map(\.name) == ["Run"])
    }

    @Test func aRefreshIsLoadingWhileItsLoadRunsAndReadyOnceItReturns() throws {
        let base = InMemoryHabitRepository()
        _ = try base.add(HabitFixtures.newHabit("Run"))
        let witness = WitnessHabitRepository(watching: .load, base: base)
        let log = HabitFixtures.log(repository: witness)
        var stateDuringTheLoad: LoadState?
        witness.duringFirstCall = { stateDuringTheLoad = log.loadState }

        log.refresh()

        #expect(stateDuringTheLoad == .loading)
        #expect(log.loadState == .ready)
        #expect(log.habits.map(\.name) == ["Run"])
        #expect(witness.loadCount == 1)
    }

    @Test func eachRefreshLoadsAgain() throws {
        let witness = WitnessHabitRepository(watching: .load)
        let log = HabitFixtures.log(repository: witness)

        log.refresh()
        log.refresh()

        #expect(witness.loadCount == 2)
    }

    @Test func aDayThatHasNotComeCannotBeMarked() throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")

        #expect(throws: TrendError.habit(.dayInFuture)) {
            try log.mark("Run", day: HabitFixtures.today + 1, done: true)
        }
        #expect(throws: TrendError.habit(.dayInFuture)) {
            try log.mark("Run", day: HabitFixtures.today + 1, done: false)
        }

        #expect(try repository.habits().map(\.doneDays) == [[]])
        #expect(try log.mark("Run", day: HabitFixtures.today, done: true) == .changed)
    }

    @Test func markingAHabitThatIsNotThereSaysThereIsNone() throws {
        let repository = InMemoryHabitRepository()
        _ = try repository.add(HabitFixtures.newHabit("Run"))
        let log = HabitFixtures.log(repository: repository)
        log.refresh()

        #expect(throws: TrendError.habit(.noSuchHabit("Swim"))) {
            try log.mark("Swim", day: HabitFixtures.today, done: true)
        }

        #expect(try repository.habits().map(\.doneDays) == [[]])
    }

    @Test func markingAHabitDeletedElsewhereSaysThereIsNoneAndForgetsIt() throws {
        let repository = InMemoryHabitRepository()
        guard case .added(let habit) = try repository.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("the habit was not added")
            return
        }
        let log = HabitFixtures.log(repository: repository)
        log.refresh()
        _ = try repository.delete(habitID: habit.id, nameKey: HabitName.key("Run"), operation: .make())

        #expect(throws: TrendError.habit(.noSuchHabit("run"))) {
            try log.mark("run", day: HabitFixtures.today, done: true)
        }

        #expect(log.habits.isEmpty)
    }

    @Test func markingADayDoneTwiceWritesOneRow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let log = HabitFixtures.log(at: path)
        _ = try log.addHabit(named: "Run")
        let yesterday = HabitFixtures.today - 1

        #expect(try log.mark("Run", day: yesterday, done: true) == .changed)
        let firstRecord = try OtherProgramConnection(path: path).rows(
            "SELECT habit_id, day, recorded_at FROM completions")
        #expect(try log.mark("RUN", day: yesterday, done: true) == .unchanged)
        // Another session, an hour later, marks the same day: a rewrite would show in recorded_at.
        let later = HabitLog(
            repository: SQLHabitRepository(store: Fixtures.store(at: path)),
            clock: .fixed(Fixtures.now + Fixtures.hour))
        later.refresh()
        #expect(try later.mark("run", day: yesterday, done: true) == .unchanged)

        #expect(firstRecord == [["1", DayText.text(dayNumber: yesterday), StoredTime.text(Fixtures.now)]])
        #expect(
            try OtherProgramConnection(path: path).rows("SELECT habit_id, day, recorded_at FROM completions")
                == firstRecord)
        #expect(log.habit(named: "Run")?.doneDays == [yesterday])
        #expect(later.habit(named: "Run")?.doneDays == [yesterday])
    }

    @Test(arguments: [
        ([0, 1, 2], 3, 3),
        ([1, 2, 3], 3, 3),
        ([0, 1, 3, 4], 2, 4),
        ([1, 3], 1, 2),
        ([2, 3], 0, 2),
        ([], 0, 0),
        ([0, 29, 30, 45], 1, 2),
        (Array(0..<40), 40, 30),
    ])
    func theStreakAndTheDaysDoneInTheLastThirtyCountFromToday(
        doneDaysAgo: [Int], streak: Int, doneInLastThirty: Int
    ) {
        let habit = HabitFixtures.habit(doneDaysAgo: doneDaysAgo)
        #expect(habit.streak(today: HabitFixtures.today) == streak)
        #expect(habit.doneCount(lastDays: 30, today: HabitFixtures.today) == doneInLastThirty)
        for daysAgo in 0..<50 {
            #expect(habit.isDone(on: HabitFixtures.today - daysAgo) == doneDaysAgo.contains(daysAgo))
        }
    }

    @Test func marksMadeThroughTheLogShowInTheStreakAndAreStored() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let log = HabitFixtures.log(at: path)
        _ = try log.addHabit(named: "Run")
        let today = HabitFixtures.today

        for day in [today, today - 2, today - 1] { _ = try log.mark("Run", day: day, done: true) }
        #expect(log.habit(named: "Run")?.doneDays == [today - 2, today - 1, today])
        #expect(log.habit(named: "Run")?.streak(today: today) == 3)

        #expect(try log.mark("Run", day: today - 1, done: false) == .changed)
        #expect(log.habit(named: "Run")?.streak(today: today) == 1)
        #expect(log.habit(named: "Run")?.doneCount(lastDays: 30, today: today) == 2)

        let reopened = HabitFixtures.log(at: path)
        reopened.refresh()
        #expect(reopened.habits == log.habits)
    }

    @Test func aStorageFailureOnMarkWritesNothingRetainsTheErrorAndARetryWritesOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: path, faults: faults)
        _ = try log.addHabit(named: "Run")
        faults.failNextSave(in: .habits)

        #expect(throws: TrendError.storage(.simulated(.save))) {
            try log.mark("Run", day: HabitFixtures.today, done: true)
        }

        #expect(try HabitFixtures.storedCompletions(at: path).isEmpty)
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(log.habit(named: "Run")?.doneDays == [])

        #expect(try log.mark("Run", day: HabitFixtures.today, done: true) == .changed)

        #expect(try HabitFixtures.storedCompletions(at: path) == [["1", DayText.text(dayNumber: HabitFixtures.today)]])
        #expect(log.retainedError == nil)
        #expect(log.habit(named: "Run")?.doneDays == [HabitFixtures.today])
    }

    @Test func aRenameIsPublishedOnlyAfterTheStoreConfirmsIt() throws {
        let base = InMemoryHabitRepository()
        _ = try base.add(HabitFixtures.newHabit("Run"))
        _ = try base.add(HabitFixtures.newHabit("Read"))
        _ = try base.mark(habitID: 1, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
        let witness = WitnessHabitRepository(watching: .write, base: base)
        let log = HabitFixtures.log(repository: witness)
        log.refresh()
        var duringTheWrite: (names: [String], jog: Habit?)?
        witness.duringFirstCall = { duringTheWrite = (log.habits.map(\.name), log.habit(named: "Jog")) }

        let renamed = try log.rename("run", to: "Jog")

        #expect(witness.sawTheCall)
        #expect(duringTheWrite?.names == ["Read", "Run"])
        #expect(duringTheWrite?.jog == nil)

        #expect(renamed.name == "Jog")
        #expect(renamed.revision == 2)
        #expect(renamed.doneDays == [HabitFixtures.today])
        #expect(log.habits.map(\.name) == ["Jog", "Read"])
        #expect(log.habit(named: "Run") == nil)
        #expect(try base.habits().map(\.name) == ["Jog", "Read"])
    }

    @Test func aRenameTheStoreRefusesLeavesTheOldName() throws {
        let faults = FaultInjector()
        let repository = InMemoryHabitRepository(faults: faults)
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")
        _ = try log.addHabit(named: "Read")
        faults.failNextSave(in: .habits)

        #expect(throws: TrendError.storage(.simulated(.save))) { try log.rename("Run", to: "Jog") }
        #expect(throws: TrendError.habit(.duplicateName("Read"))) { try log.rename("Run", to: "read") }
        #expect(throws: TrendError.habit(.invalidName)) { try log.rename("Run", to: " ") }

        #expect(log.habits.map(\.name) == ["Read", "Run"])
        #expect(try repository.habits().map(\.name) == ["Read", "Run"])
        #expect(log.retainedError == .storage(.simulated(.save)))
    }

    @Test func aRenameRepeatedAfterItLandedReportsTheHabitRenamedAndWritesNothing() throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")
        let renamed = try log.rename("Run", to: "Jog")

        #expect(try log.rename("Run", to: "Jog") == renamed)

        #expect(try repository.habits() == [renamed])
        #expect(renamed.revision == 2)
    }

    @Test func renamingAHabitThatIsNotThereToAnotherHabitsNameSaysThereIsNone() throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Read")

        // A name nobody renamed from is not taken for an earlier rename that landed.
        #expect(throws: TrendError.habit(.noSuchHabit("Swim"))) { try log.rename("Swim", to: "read") }
        #expect(throws: TrendError.habit(.noSuchHabit("Swim"))) { try log.rename("Swim", to: "Jog") }
        #expect(try repository.habits().map(\.name) == ["Read"])
    }

    @Test func aDeleteIsPublishedOnlyAfterTheStoreConfirmsIt() throws {
        let base = InMemoryHabitRepository()
        _ = try base.add(HabitFixtures.newHabit("Run"))
        _ = try base.add(HabitFixtures.newHabit("Read"))
        let witness = WitnessHabitRepository(watching: .write, base: base)
        let log = HabitFixtures.log(repository: witness)
        log.refresh()
        var namesDuringTheWrite: [String]?
        witness.duringFirstCall = { namesDuringTheWrite = log.habits.map(\.name) }

        let outcome = try log.delete(named: "RUN")

        #expect(namesDuringTheWrite == ["Read", "Run"])

        guard case .deleted(let deleted) = outcome else {
            Issue.record("expected the habit deleted, got \(outcome)")
            return
        }
        #expect(deleted.name == "Run")
        #expect(log.habits.map(\.name) == ["Read"])
        #expect(try base.habits().map(\.name) == ["Read"])
        #expect(try base.wasDeleted(nameKey: "run"))
    }

    @Test func aDeleteTheStoreRefusesKeepsTheHabitListed() throws {
        let faults = FaultInjector()
        let repository = InMemoryHabitRepository(faults: faults)
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")
        faults.failNextSave(in: .habits)

        #expect(throws: TrendError.storage(.simulated(.save))) { try log.delete(named: "Run") }

        #expect(log.habits.map(\.name) == ["Run"])
        #expect(try repository.habits().map(\.name) == ["Run"])
        #expect(log.retainedError == .storage(.simulated(.save)))
    }

    @Test func aDeleteOfANameDeletedInAnEarlierSessionIsAlreadyDeleted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let earlier = HabitFixtures.log(at: path)
        _ = try earlier.addHabit(named: "Caf\u{e9}")
        guard case .deleted = try earlier.delete(named: "Caf\u{e9}") else {
            Issue.record("the earlier session did not delete the habit")
            return
        }

        let log = HabitFixtures.log(at: path)
        log.refresh()

        #expect(try log.delete(named: "CAFE\u{301}") == .alreadyDeleted)
        #expect(throws: TrendError.habit(.noSuchHabit("Swim"))) { try log.delete(named: "Swim") }
        #expect(
            try OtherProgramConnection(path: path).integer("SELECT count(*) FROM operations WHERE kind = 'delete'") == 1
        )
    }

    @Test func aDeleteRetriedWithItsOperationAfterALostAcknowledgementIsAlreadyDeleted() throws {
        let faults = FaultInjector()
        let repository = InMemoryHabitRepository(faults: faults)
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")
        let operation = OperationID.make()
        faults.loseNextAcknowledgement()

        #expect(throws: TrendError.storage(.ioError)) { try log.delete(named: "Run", operation: operation) }
        #expect(log.habits.map(\.name) == ["Run"])

        #expect(try log.delete(named: "Run", operation: operation) == .alreadyDeleted)
        #expect(log.habits.isEmpty)
        #expect(log.retainedError == nil)
    }

    /// `delete habit NAME` in the shell passes no operation, so its retry comes with a new one.
    @Test func aDeleteRetriedAfterALostAcknowledgementIsNotReportedMissing() throws {
        let faults = FaultInjector()
        let repository = InMemoryHabitRepository(faults: faults)
        let log = HabitFixtures.log(repository: repository)
        _ = try log.addHabit(named: "Run")
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try log.delete(named: "Run") }

        // The retry reuses the unconfirmed delete's operation, which the store recorded.
        #expect(try log.delete(named: "Run") == .alreadyDeleted)
        #expect(log.habits.isEmpty)
        #expect(try repository.habits().isEmpty)
    }
}

/// Renames retried after a failure that may have landed, and renames that change nothing.
@MainActor
@Suite struct HabitRenameRetryTests {
    @Test func aRenameRetriedAfterALostAcknowledgementReportsItRenamedAndWritesOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: directory.file("trend.sqlite"), faults: faults)
        _ = try log.addHabit(named: "Run")
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try log.rename("Run", to: "Jog") }

        let retried = try log.rename("Run", to: "Jog")

        #expect(retried.name == "Jog")
        let other = try OtherProgramConnection(path: directory.file("trend.sqlite"))
        #expect(try other.integer("SELECT revision FROM habits") == 2, "renamed once")
        #expect(try other.integer("SELECT count(*) FROM operations WHERE kind = 'rename'") == 1)
    }

    @Test func aRenameThatLandedIsRecognisedByTheNextSession() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let first = HabitFixtures.log(at: path, faults: faults)
        _ = try first.addHabit(named: "Run")
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try first.rename("Run", to: "Jog") }

        let next = HabitFixtures.log(at: path, faults: FaultInjector())
        next.refresh()

        #expect(try next.rename("Run", to: "Jog").name == "Jog")
        #expect(throws: TrendError.habit(.noSuchHabit("Walk"))) { try next.rename("Walk", to: "Jog") }
    }

    @Test func renamingAHabitToTheNameItHasWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = HabitFixtures.log(at: directory.file("trend.sqlite"), faults: FaultInjector())
        _ = try log.addHabit(named: "Run")

        #expect(try log.rename("run", to: "Run").name == "Run")

        let other = try OtherProgramConnection(path: directory.file("trend.sqlite"))
        #expect(try other.integer("SELECT revision FROM habits") == 1)
    }
}

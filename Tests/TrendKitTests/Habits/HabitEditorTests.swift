import FoundationEssentials
import Testing
import TrendKit

@MainActor
@Suite struct HabitEditorTests {
    @Test func aBlankNameFailsToSaveAndKeepsTheDraftExactlyAsTyped() throws {
        let repository = InMemoryHabitRepository()
        let log = HabitFixtures.log(repository: repository)
        let editor = HabitEditor(log: log)
        editor.draft.name = "  \t "
        let typed = editor.draft

        #expect(editor.save() == .failure(.habit(.invalidName)))

        #expect(editor.lastError == .habit(.invalidName))
        #expect(editor.draft == typed)
        #expect(editor.lastSaveFailed)
        #expect(try repository.habits().isEmpty)

        editor.draft.name = "Run"
        #expect(editor.lastSaveFailed == false)
        #expect(editor.lastError == .habit(.invalidName), "the error is kept until a save succeeds")

        _ = try editor.save().get()
        #expect(editor.lastError == nil)
    }

    @Test func aStorageFailureKeepsTheNameAndTheRetryWritesExactlyOneHabit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: path, faults: faults)
        log.refresh()
        let editor = HabitEditor(log: log)
        editor.draft.name = "Read 10 pages"
        let typed = editor.draft
        faults.failNextSave(in: .habits)

        #expect(editor.save() == .failure(.storage(.simulated(.save))))

        #expect(editor.draft == typed)
        #expect(editor.lastError == .storage(.simulated(.save)))
        #expect(editor.lastSaveFailed)
        #expect(log.habits.isEmpty)
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM habits") == 0)

        let outcome = try editor.save().get()

        guard case .added(let habit) = outcome else {
            Issue.record("expected a new habit, got \(outcome)")
            return
        }
        #expect(habit.name == "Read 10 pages")
        #expect(habit.draftID == typed.id)
        #expect(editor.lastError == nil)
        #expect(editor.lastSaveFailed == false)
        #expect(log.habits == [habit])
        #expect(log.retainedError == nil)
        #expect(
            try OtherProgramConnection(path: path).rows("SELECT name, draft_id FROM habits")
                == [["Read 10 pages", typed.id.rawValue]])
    }

    @Test func aLostAcknowledgementThenARetryReportsTheHabitAlreadyAdded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let log = HabitFixtures.log(at: path, faults: faults)
        let editor = HabitEditor(log: log)
        editor.draft.name = "Run"
        faults.loseNextAcknowledgement()

        #expect(editor.save() == .failure(.storage(.ioError)))
        #expect(log.habits.isEmpty)
        #expect(editor.draft.name == "Run")

        let outcome = try editor.save().get()

        guard case .alreadyAdded(let habit) = outcome else {
            Issue.record("expected the habit the first save added, got \(outcome)")
            return
        }
        #expect(habit.name == "Run")
        #expect(habit.draftID == editor.draft.id)
        #expect(log.habits == [habit])
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM habits") == 1)
    }

    @Test func aHabitsFaultLeavesWeightsWorkingOnTheSameStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let store = Fixtures.store(at: path, faults: faults)
        let habits = HabitLog(repository: SQLHabitRepository(store: store), clock: Fixtures.clock)
        let weights = Fixtures.log(repository: SQLWeightRepository(store: store))
        faults.failEverySave(in: .habits)
        let editor = HabitEditor(log: habits)
        editor.draft.name = "Run"

        #expect(editor.save() == .failure(.storage(.simulated(.save))))
        let saved = try weights.save(Fixtures.draft)

        #expect(saved.entry?.kilograms == 75.5)
        #expect(weights.retainedError == nil)
        #expect(try OtherProgramConnection(path: path).entries().map(\.kilograms) == [75.5])
        #expect(editor.save() == .failure(.storage(.simulated(.save))), "habits still fail")
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM habits") == 0)
    }

    @Test func aStoreThatCannotOpenForHabitsLeavesWeightsLoading() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let store = Fixtures.store(at: directory.file("trend.sqlite"), faults: faults)
        let habits = HabitLog(repository: SQLHabitRepository(store: store), clock: Fixtures.clock)
        let weights = Fixtures.log(repository: SQLWeightRepository(store: store))
        _ = try weights.save(Fixtures.draft)
        faults.failToOpen(in: .habits)

        habits.refresh()
        weights.refresh()

        #expect(habits.loadState == .failed)
        #expect(habits.retainedError == .storage(.simulated(.open)))
        #expect(weights.loadState == .ready)
        #expect(weights.entries.count == 1)
    }

    @Test(arguments: [
        "", "Run", "Caf\u{e9}", "Cafe\u{301}", "  padded  ", "line one\nline two", "it's \"fine\"", "a\u{0}b",
    ])
    func aHabitDraftReadsBackFromItsRecord(name: String) throws {
        let editor = HabitEditor(log: HabitFixtures.log(repository: InMemoryHabitRepository()))
        editor.draft.name = name

        let record = editor.record
        let decoded = try #require(DraftRecord(decoding: record.encoded()))
        let draft = try #require(HabitDraft(record: decoded))

        #expect(record.kind == DraftKind.habit.rawValue)
        #expect(draft == editor.draft)
        #expect(Array(draft.name.unicodeScalars) == Array(name.unicodeScalars))
    }

    @Test func aRecordOfAnotherKindOrWithoutItsFieldsIsNotAHabitDraft() {
        #expect(HabitDraft(record: DraftRecord(kind: "weight", fields: ["id": "d", "name": "Run"])) == nil)
        #expect(HabitDraft(record: DraftRecord(kind: "habit", fields: ["name": "Run"])) == nil)
        #expect(HabitDraft(record: DraftRecord(kind: "habit", fields: ["id": "d"])) == nil)
        #expect(
            HabitDraft(record: DraftRecord(kind: "habit", fields: ["id": "d", "name": "Run"]))
                == HabitDraft(id: DraftID(rawValue: "d"), name: "Run"))
    }

    @Test func onlyADraftWithANameHasUnsavedChanges() {
        let editor = HabitEditor(log: HabitFixtures.log(repository: InMemoryHabitRepository()))
        #expect(editor.kind == .habit)
        #expect(editor.hasUnsavedChanges == false)
        #expect(editor.lastSaveFailed == false)

        editor.draft.name = "Run"
        #expect(editor.hasUnsavedChanges)

        editor.draft.name = ""
        #expect(editor.hasUnsavedChanges == false)
    }

    @Test func theRestorerClosesADraftWhoseHabitIsStoredAndRestoresOneThatIsNot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let earlier = HabitEditor(log: HabitFixtures.log(at: path))
        earlier.draft.name = "Run"
        _ = try earlier.save().get()
        let log = HabitFixtures.log(at: path)
        log.refresh()
        let restorer = log.draftRestorer()
        let unsaved = HabitDraft(id: DraftID(rawValue: "draft-unsaved"), name: "Read")

        #expect(restorer.kind == .habit)
        guard case .alreadySaved(let label) = restorer.restore(earlier.record) else {
            Issue.record("the saved draft was not closed")
            return
        }
        #expect(label == "\"Run\"")
        guard case .restored(let restored) = restorer.restore(HabitEditor(log: log, draft: unsaved).record) else {
            Issue.record("the unsaved draft was not restored")
            return
        }
        let editor = try #require(restored as? HabitEditor)
        #expect(editor.draft == unsaved)
        #expect(editor.hasUnsavedChanges)
        guard case .unreadable = restorer.restore(DraftRecord(kind: "habit", fields: [:])) else {
            Issue.record("a record without fields was restored")
            return
        }

        guard case .added(let habit) = try editor.save().get() else {
            Issue.record("the restored draft did not save as a new habit")
            return
        }
        #expect(habit.draftID == unsaved.id)
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM habits") == 2)
    }
}

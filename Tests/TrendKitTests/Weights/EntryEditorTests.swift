import FoundationEssentials
import Testing
import TrendKit

@MainActor
@Suite struct EntryEditorTests {
    @Test func aRepositoryFailureKeepsTheDraftAndTheErrorAndARetryWritesExactlyOneEntry() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75,5"
        editor.draft.note = "after the run"
        let typed = editor.draft

        #expect(editor.save() == .failure(.storage(.simulated(.save))))

        #expect(editor.lastError == .storage(.simulated(.save)))
        #expect(editor.draft == typed)
        #expect(editor.lastSaveFailed)
        #expect(log.entries.isEmpty)
        #expect(try repository.recentEntries(limit: 10).isEmpty)

        let outcome = try editor.save().get()

        #expect(editor.lastError == nil)
        #expect(editor.lastSaveFailed == false)
        guard case .created(let entry) = outcome else {
            Issue.record("expected a new entry, got \(outcome)")
            return
        }
        let stored = try repository.recentEntries(limit: 10)
        #expect(stored == [entry])
        #expect(entry.kilograms == 75.5)
        #expect(entry.note == "after the run")
        #expect(entry.draftID == typed.id)
        #expect(log.entries == stored)
    }

    @Test func anInvalidWeightIsRefusedAndNeverReachesTheRepository() {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "not a number"
        let typed = editor.draft

        #expect(editor.save() == .failure(.entries(.invalid(.invalidWeight(.kilograms)))))

        #expect(editor.lastError == .entries(.invalid(.invalidWeight(.kilograms))))
        #expect(editor.draft == typed)
        #expect(repository.writeCount == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func aWeightOutOfRangeInPoundsIsRefusedInPounds() {
        let repository = InMemoryWeightRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: repository, unit: .pounds))
        editor.draft.value = "44.0"

        #expect(editor.save() == .failure(.entries(.invalid(.invalidWeight(.pounds)))))

        #expect(editor.draft.unit == .pounds)
        #expect(repository.writeCount == 0)
    }

    @Test func aFutureDateIsRefused() {
        let repository = InMemoryWeightRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: repository))
        editor.draft.value = "75"
        editor.draft.date = Fixtures.now + 60

        #expect(editor.save() == .failure(.entries(.invalid(.dateInFuture))))

        #expect(repository.writeCount == 0)
    }

    @Test func aTooLongNoteIsRefusedAndKeptAsTyped() {
        let editor = EntryEditor(log: Fixtures.log(repository: InMemoryWeightRepository()))
        editor.draft.value = "75"
        editor.draft.note = Fixtures.tooLongNote

        #expect(editor.save() == .failure(.entries(.invalid(.noteTooLong(length: 501)))))

        #expect(editor.lastError == .entries(.invalid(.noteTooLong(length: 501))))
        #expect(editor.draft.note == Fixtures.tooLongNote)
    }

    @Test func aLostAcknowledgementFailsTheSaveAndTheRetryFindsTheEntry() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75"

        #expect(editor.save() == .failure(.storage(.ioError)))
        #expect(editor.lastError == .storage(.ioError))
        #expect(log.entries.isEmpty)

        let outcome = try editor.save().get()
        guard case .alreadySaved = outcome else {
            Issue.record("expected the committed entry, got \(outcome)")
            return
        }
        #expect(try repository.recentEntries(limit: 10).count == 1)
        #expect(log.entries.count == 1)
    }

    @Test func theDraftAsAPersonSeesItStaysUnchangedWhileASaveIsUnderWay() throws {
        let witness = WitnessRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: witness))
        editor.draft.value = "75"
        editor.draft.note = "held"
        let typed = editor.draft
        var duringTheSave: (draft: WeightEntryDraft, error: TrendError?, unsaved: Bool)?
        witness.duringFirstWrite = { duringTheSave = (editor.draft, editor.lastError, editor.hasUnsavedChanges) }

        #expect(try editor.save().get().entry?.note == "held")

        #expect(duringTheSave?.draft == typed, "nothing the save does shows in the draft before it returns")
        #expect(duringTheSave?.error == nil)
        #expect(duringTheSave?.unsaved == true)
        #expect(editor.draft == typed, "the editor never rewrites what was typed")
    }

    @Test func theTitleSaysWhetherAnEntryIsNewOrEdited() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        #expect(EntryEditor(log: log).title == "Log Weight")
        #expect(EntryEditor(log: log, entry: Fixtures.storedEntries[0]).title == "Edit Entry")
        #expect(EntryEditor(log: log).kind == .weight)
    }

    @Test func editingAnEntryUpdatesItInPlace() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        #expect(editor.draft.value == "75.1")
        #expect(editor.draft.note == original.note)
        #expect(editor.draft.date == original.date)

        editor.draft.value = "74.8"
        let outcome = try editor.save().get()

        guard case .updated(let entry) = outcome else {
            Issue.record("expected the entry to be updated, got \(outcome)")
            return
        }
        #expect(entry.id == original.id)
        #expect(entry.revision == 2)
        let stored = try repository.recentEntries(limit: 10)
        #expect(stored.map(\.id) == [3, 2, 1])
        #expect(stored.first?.kilograms == 74.8)
        #expect(log.entries == stored)
    }

    @Test func aSaveRefusedBecauseTheEntryChangedMovesTheDraftToWhatIsStoredSoTheNextSaveOverwritesIt() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        editor.draft.value = "74.8"
        let elsewhere = try repository.update(
            EntryChange(
                id: original.id, date: original.date, kilograms: 76, note: "from another session", expectedRevision: 1,
                operation: .make()))
        guard case .updated(let current) = elsewhere else {
            Issue.record("the other session's change was not applied")
            return
        }

        #expect(editor.save() == .failure(.entries(.conflict(id: original.id, current: current))))

        #expect(editor.draft.value == "74.8")
        #expect(editor.draft.editing?.revision == current.revision)
        #expect(editor.lastSaveFailed)
        #expect(try repository.entry(id: original.id) == current)

        let outcome = try editor.save().get()

        #expect(outcome.entry?.kilograms == 74.8)
        #expect(outcome.entry?.revision == current.revision + 1)
        #expect(try repository.entry(id: original.id)?.kilograms == 74.8)
        #expect(editor.lastError == nil)
    }

    @Test func aSaveRefusedBecauseTheEntryWasDeletedSavesTheDraftAsANewEntryNext() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        editor.draft.value = "74.8"
        _ = try repository.delete(id: original.id, expectedRevision: nil, operation: .make())

        #expect(editor.save() == .failure(.entries(.conflict(id: original.id, current: nil))))
        #expect(editor.draft.editing == nil)
        #expect(editor.title == "Log Weight")

        let outcome = try editor.save().get()

        guard case .created(let entry) = outcome else {
            Issue.record("expected a new entry, got \(outcome)")
            return
        }
        #expect(entry.id != original.id)
        #expect(entry.kilograms == 74.8)
        #expect(entry.note == original.note)
        #expect(try repository.recentEntries(limit: 10).count == 3)
    }

    @Test func onlyADraftThatDiffersFromTheOpenedOneHasUnsavedChanges() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let editor = EntryEditor(log: log)
        #expect(editor.hasUnsavedChanges == false)

        editor.draft.value = "75"
        #expect(editor.hasUnsavedChanges)

        editor.draft.value = ""
        #expect(editor.hasUnsavedChanges == false)

        let editing = EntryEditor(log: log, entry: Fixtures.storedEntries[0])
        #expect(editing.hasUnsavedChanges == false)
        editing.draft.note = "moved"
        #expect(editing.hasUnsavedChanges)
    }

    @Test func aFailedSaveIsFlaggedUntilTheDraftChanges() {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let editor = EntryEditor(log: Fixtures.log(repository: repository))
        editor.draft.value = "75"
        #expect(editor.lastSaveFailed == false)

        #expect(editor.save() == .failure(.storage(.simulated(.save))))
        #expect(editor.lastSaveFailed)

        editor.draft.value = "75.2"
        #expect(editor.lastSaveFailed == false)
        #expect(editor.lastError == .storage(.simulated(.save)))
    }

    @Test func theEditorsRecordIsItsDrafts() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        let editor = EntryEditor(log: log, entry: Fixtures.storedEntries[0])
        editor.draft.note = "changed"
        #expect(editor.record == editor.draft.record)
        #expect(WeightEntryDraft(record: editor.record, defaultUnit: .pounds) == editor.draft)
    }

    @Test func aRestoredDraftCountsAsUnsavedAndSavesUnderItsOwnIdentity() throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log, restoring: Fixtures.draft)
        #expect(editor.draft == Fixtures.draft)
        #expect(editor.hasUnsavedChanges)
        #expect(editor.title == "Log Weight")

        _ = try editor.save().get()

        #expect(try repository.recentEntries(limit: 10).map(\.draftID) == [Fixtures.draft.id])
    }

    @Test func aRestoredDraftWithNothingTypedHasNoUnsavedChanges() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let blank = WeightEntryDraft(date: Fixtures.now - Fixtures.hour)
        #expect(EntryEditor(log: log, restoring: blank).hasUnsavedChanges == false)

        let entry = Fixtures.storedEntries[0]
        let untouched = WeightEntryDraft(id: DraftID(rawValue: "restored"), editing: entry, unit: .kilograms)
        let editing = EntryEditor(log: log, restoring: untouched)
        #expect(editing.hasUnsavedChanges == false)
        #expect(editing.title == "Edit Entry")
    }
}

import FoundationEssentials
import Testing
import TrendKit

@MainActor
@Suite struct EntryEditorTests {
    @Test func aRepositoryFailureKeepsTheDraftAndMessageAndARetryWritesExactlyOneEntry() async throws {
        let repository = InMemoryWeightRepository()
        await repository.failNextSave()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75,5"
        editor.draft.note = "after the run"
        let typed = editor.draft

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.simulatedSaveMessage)
        #expect(editor.lastError == .storage(.simulated(.save)))
        #expect(editor.draft == typed)
        #expect(editor.isSaving == false)
        #expect(editor.lastSaveFailed)
        #expect(editor.lastOutcome == nil)
        #expect(log.entries.isEmpty)
        #expect(try await repository.recentEntries(limit: 10).isEmpty)

        #expect(await editor.save())

        #expect(editor.errorMessage == nil)
        #expect(editor.lastError == nil)
        #expect(editor.lastSaveFailed == false)
        #expect(editor.lastOutcome?.kind == .created)
        let stored = try await repository.recentEntries(limit: 10)
        #expect(stored.count == 1)
        #expect(stored.first?.kilograms == 75.5)
        #expect(stored.first?.note == "after the run")
        #expect(stored.first?.draftID == typed.id)
        #expect(log.entries == stored)
    }

    @Test func invalidWeightShowsTheRangeAndNeverReachesTheRepository() async {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "not a number"
        let typed = editor.draft

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.kilogramsMessage)
        #expect(editor.lastError == .validation(.invalidWeight(.kilograms)))
        #expect(editor.isSaving == false)
        #expect(editor.draft == typed)
        #expect(await repository.writeCount == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func aWeightOutOfRangeInPoundsShowsThePoundRange() async {
        let repository = InMemoryWeightRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: repository, unit: .pounds))
        editor.draft.value = "44.0"

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.poundsMessage)
        #expect(editor.unit == .pounds)
        #expect(await repository.writeCount == 0)
    }

    @Test func aFutureDateIsRefusedWithItsSentence() async {
        let repository = InMemoryWeightRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: repository))
        editor.draft.value = "75"
        editor.draft.date = editor.latestPermittedEntryDate + 60

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.futureMessage)
        #expect(await repository.writeCount == 0)
    }

    @Test func aTooLongNoteIsRefusedAndKeptAsTyped() async {
        let editor = EntryEditor(log: Fixtures.log(repository: InMemoryWeightRepository()))
        editor.draft.value = "75"
        editor.draft.note = Fixtures.tooLongNote

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.tooLongNoteMessage)
        #expect(editor.draft.note == Fixtures.tooLongNote)
    }

    @Test func aLostAcknowledgementFailsTheSaveAndTheRetryFindsTheEntry() async throws {
        let repository = InMemoryWeightRepository()
        await repository.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75"

        #expect(await editor.save() == false)
        #expect(editor.lastError == .storage(.ioError(code: 10)))
        #expect(log.entries.isEmpty)

        #expect(await editor.save())
        #expect(editor.lastOutcome?.kind == .alreadySaved)
        #expect(try await repository.recentEntries(limit: 10).count == 1)
        #expect(log.entries.count == 1)
    }

    @Test func isSavingIsTrueOnlyWhileASaveRuns() async throws {
        let gate = GatedRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: gate))
        editor.draft.value = "75"
        #expect(editor.isSaving == false)
        #expect(editor.canSave)

        let save = Task { await editor.save() }
        await gate.waitForHeldWrite()
        #expect(editor.isSaving)
        #expect(editor.canSave == false)

        await gate.release()
        #expect(await save.value)
        #expect(editor.isSaving == false)
        #expect(editor.canSave)
    }

    @Test func anEmptyValueCannotBeSaved() {
        let editor = EntryEditor(log: Fixtures.log(repository: InMemoryWeightRepository()))
        #expect(editor.canSave == false)
        editor.draft.value = "7"
        #expect(editor.canSave)
    }

    @Test func theTitleSaysWhetherAnEntryIsNewOrEdited() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        #expect(EntryEditor(log: log).title == "Log Weight")
        #expect(EntryEditor(log: log, entry: Fixtures.storedEntries[0]).title == "Edit Entry")
    }

    @Test func editingAnEntryUpdatesItInPlace() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        #expect(editor.draft.value == "75.1")
        #expect(editor.draft.note == original.note)
        #expect(editor.draft.date == original.date)

        editor.draft.value = "74.8"
        #expect(await editor.save())

        #expect(editor.lastOutcome?.kind == .updated)
        #expect(editor.lastOutcome?.entry.id == original.id)
        let stored = try await repository.recentEntries(limit: 10)
        #expect(stored.map(\.id) == [3, 2, 1])
        #expect(stored.first?.kilograms == 74.8)
        #expect(log.entries == stored)
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

    @Test func aFailedSaveIsFlaggedUntilTheDraftChanges() async {
        let repository = InMemoryWeightRepository()
        await repository.failNextSave()
        let editor = EntryEditor(log: Fixtures.log(repository: repository))
        editor.draft.value = "75"
        #expect(editor.lastSaveFailed == false)

        #expect(await editor.save() == false)
        #expect(editor.lastSaveFailed)

        editor.draft.value = "75.2"
        #expect(editor.lastSaveFailed == false)
        #expect(editor.errorMessage == Fixtures.simulatedSaveMessage)
    }

    @Test func aRestoredDraftCountsAsUnsavedAndSavesUnderItsOwnIdentity() async throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log, restoring: Fixtures.draft, editing: nil)
        #expect(editor.draft == Fixtures.draft)
        #expect(editor.hasUnsavedChanges)
        #expect(editor.title == "Log Weight")

        #expect(await editor.save())

        #expect(try await repository.recentEntries(limit: 10).map(\.draftID) == [Fixtures.draft.id])
    }

    @Test func aRestoredDraftWithNothingTypedHasNoUnsavedChanges() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let blank = WeightEntryDraft(date: Fixtures.now - Fixtures.hour)
        #expect(EntryEditor(log: log, restoring: blank, editing: nil).hasUnsavedChanges == false)

        let entry = Fixtures.storedEntries[0]
        var untouched = log.makeDraft(editing: entry)
        untouched.id = DraftID(rawValue: "restored")
        let editing = EntryEditor(log: log, restoring: untouched, editing: entry)
        #expect(editing.hasUnsavedChanges == false)
        #expect(editing.title == "Edit Entry")
    }
}

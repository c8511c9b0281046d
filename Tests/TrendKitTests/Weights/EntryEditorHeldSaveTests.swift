import FoundationEssentials
import Testing
import TrendKit

/// What a person sees of a weight draft (the value and note exactly as typed, the date, the
/// unit, whether it has unsaved changes, whether the last save failed) is what they typed,
/// while a save is under way in the repository and after that save fails. The draft is only ever
/// checked, normalised and converted on its way to storage; the editor's copy never changes.
@MainActor
@Suite struct EntryEditorHeldSaveTests {
    /// Typed as a person would: a decimal comma, a note with spaces at both ends, a date an
    /// hour ago. Each differs from what the store would keep, so a save that wrote its own
    /// reading back into the draft would show.
    static let typedValue = "75,5"
    static let typedNote = "  after the run  "
    static let typedDate = Fixtures.now - Fixtures.hour

    /// What is presented, field by field, so a failure names the field that changed.
    struct Presented: Equatable {
        var value: String
        var note: String
        var date: Date
        var unit: WeightUnit
        var hasUnsavedChanges: Bool
        var lastSaveFailed: Bool
        var lastError: TrendError?
        var title: String
        var record: DraftRecord

        @MainActor init(_ editor: EntryEditor) {
            value = editor.draft.value
            note = editor.draft.note
            date = editor.draft.date
            unit = editor.draft.unit
            hasUnsavedChanges = editor.hasUnsavedChanges
            lastSaveFailed = editor.lastSaveFailed
            lastError = editor.lastError
            title = editor.title
            record = editor.record
        }
    }

    static func typeDraft(into editor: EntryEditor) {
        editor.draft.value = typedValue
        editor.draft.note = typedNote
        editor.draft.date = typedDate
    }

    @Test func aNewDraftIsPresentedAsTypedWhileItsSaveIsUnderWayAndAfterItFails() throws {
        let faults = FaultInjector()
        let witness = WitnessRepository(base: InMemoryWeightRepository(faults: faults))
        let editor = EntryEditor(log: Fixtures.log(repository: witness))
        var duringTheSave: Presented?
        witness.duringFirstWrite = { duringTheSave = Presented(editor) }
        Self.typeDraft(into: editor)
        let typed = Presented(editor)
        #expect(typed.value == "75,5")
        #expect(typed.note == "  after the run  ")
        #expect(typed.hasUnsavedChanges)
        #expect(typed.title == "Log Weight")
        faults.failNextSave()

        #expect(editor.save() == .failure(.storage(.simulated(.save))))
        #expect(duringTheSave == typed, "while the save is under way")

        var failed = typed
        failed.lastSaveFailed = true
        failed.lastError = .storage(.simulated(.save))
        #expect(Presented(editor) == failed, "after the save failed, only the failure is new")
        #expect(witness.base.writeCount == 0)

        let retry = try editor.save().get()
        #expect(retry.entry?.kilograms == 75.5)
        #expect(retry.entry?.note == "after the run")
        #expect(editor.draft.value == Self.typedValue, "a save never rewrites what was typed")
        #expect(editor.draft.note == Self.typedNote)
    }

    @Test func anEditIsPresentedAsTypedWhileItsSaveIsUnderWayAndAfterItFails() throws {
        let faults = FaultInjector()
        let witness = WitnessRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults))
        let log = Fixtures.log(repository: witness)
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        var duringTheSave: (Presented, EditedEntry?)?
        witness.duringFirstWrite = { duringTheSave = (Presented(editor), editor.draft.editing) }
        Self.typeDraft(into: editor)
        let typed = Presented(editor)
        let editing = editor.draft.editing
        #expect(typed.title == "Edit Entry")
        #expect(typed.hasUnsavedChanges)
        faults.failNextSave()

        #expect(editor.save() == .failure(.storage(.simulated(.save))))
        #expect(duringTheSave?.0 == typed, "while the save is under way")
        #expect(duringTheSave?.1 == editing, "the edit's base is untouched while the save is under way")

        var failed = typed
        failed.lastSaveFailed = true
        failed.lastError = .storage(.simulated(.save))
        #expect(Presented(editor) == failed, "after the save failed, only the failure is new")
        #expect(editor.draft.editing == editing)
        #expect(try witness.base.entry(id: original.id) == original, "nothing was written")
    }

    @Test func aDraftTypedInPoundsIsPresentedInPoundsWhileItsSaveIsUnderWay() throws {
        let witness = WitnessRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: witness, unit: .pounds))
        var duringTheSave: Presented?
        witness.duringFirstWrite = { duringTheSave = Presented(editor) }
        editor.draft.value = "166,5"
        let typed = Presented(editor)
        #expect(typed.unit == .pounds)

        let outcome = try editor.save().get()
        #expect(duringTheSave == typed, "no conversion to kilograms shows in the draft")
        #expect(outcome.entry.map { abs(($0.kilograms ?? 0) - 166.5 * 0.45359237) < 1e-9 } == true)
        #expect(editor.draft.value == "166,5")
        #expect(editor.draft.unit == .pounds)
    }
}

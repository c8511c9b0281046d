import FoundationEssentials
import Testing
import TrendKit

/// What a person sees of a weight draft (the value and note exactly as typed, the date, the
/// unit, whether it has unsaved changes, whether the last save failed) is what they typed,
/// while a save is held in the repository and after that save fails. The draft is only ever
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

    @Test func aNewDraftIsPresentedAsTypedWhileItsSaveIsHeldAndAfterItFails() async throws {
        let faults = FaultInjector()
        let gate = GatedRepository(base: InMemoryWeightRepository(faults: faults))
        let editor = EntryEditor(log: Fixtures.log(repository: gate))
        Self.typeDraft(into: editor)
        let typed = Presented(editor)
        #expect(typed.value == "75,5")
        #expect(typed.note == "  after the run  ")
        #expect(typed.hasUnsavedChanges)
        #expect(typed.title == "Log Weight")
        faults.failNextSave()

        let save = Task { await editor.save() }
        await gate.waitForHeldWrite()

        #expect(Presented(editor) == typed, "while the save is held")

        gate.release()
        #expect(await save.value == .failure(.storage(.simulated(.save))))

        var failed = typed
        failed.lastSaveFailed = true
        failed.lastError = .storage(.simulated(.save))
        #expect(Presented(editor) == failed, "after the save failed, only the failure is new")
        #expect(gate.base.writeCount == 0)

        let retry = try await editor.save().get()
        #expect(retry.entry?.kilograms == 75.5)
        #expect(retry.entry?.note == "after the run")
        #expect(editor.draft.value == Self.typedValue, "a save never rewrites what was typed")
        #expect(editor.draft.note == Self.typedNote)
    }

    @Test func anEditIsPresentedAsTypedWhileItsSaveIsHeldAndAfterItFails() async throws {
        let faults = FaultInjector()
        let gate = GatedRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults))
        let log = Fixtures.log(repository: gate)
        let original = Fixtures.storedEntries[2]
        let editor = EntryEditor(log: log, entry: original)
        Self.typeDraft(into: editor)
        let typed = Presented(editor)
        let editing = editor.draft.editing
        #expect(typed.title == "Edit Entry")
        #expect(typed.hasUnsavedChanges)
        faults.failNextSave()

        let save = Task { await editor.save() }
        await gate.waitForHeldWrite()

        #expect(Presented(editor) == typed, "while the save is held")
        #expect(editor.draft.editing == editing, "the edit's base is untouched while the save is held")

        gate.release()
        #expect(await save.value == .failure(.storage(.simulated(.save))))

        var failed = typed
        failed.lastSaveFailed = true
        failed.lastError = .storage(.simulated(.save))
        #expect(Presented(editor) == failed, "after the save failed, only the failure is new")
        #expect(editor.draft.editing == editing)
        #expect(try gate.base.entry(id: original.id) == original, "nothing was written")
    }

    @Test func aDraftTypedInPoundsIsPresentedInPoundsWhileItsSaveIsHeld() async throws {
        let gate = GatedRepository()
        let editor = EntryEditor(log: Fixtures.log(repository: gate, unit: .pounds))
        editor.draft.value = "166,5"
        let typed = Presented(editor)
        #expect(typed.unit == .pounds)

        let save = Task { await editor.save() }
        await gate.waitForHeldWrite()

        #expect(Presented(editor) == typed, "no conversion to kilograms shows in the draft")

        gate.release()
        let outcome = try await save.value.get()
        #expect(outcome.entry.map { abs(($0.kilograms ?? 0) - 166.5 * 0.45359237) < 1e-9 } == true)
        #expect(editor.draft.value == "166,5")
        #expect(editor.draft.unit == .pounds)
    }
}

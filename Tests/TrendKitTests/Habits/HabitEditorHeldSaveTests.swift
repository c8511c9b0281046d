import Testing
import TrendKit

/// What a person sees of a habit draft (the name as typed, whether it has unsaved changes,
/// whether the last save failed) is what they typed, while the save is under way in the repository
/// and after that save fails. The name is trimmed and compared on its way to storage only.
@MainActor
@Suite struct HabitEditorHeldSaveTests {
    /// Spaces at both ends and mixed case: what the store keeps differs, so a save that wrote
    /// its own reading back into the draft would show.
    static let typedName = "  Read 10 Pages  "

    struct Presented: Equatable {
        var name: String
        var hasUnsavedChanges: Bool
        var lastSaveFailed: Bool
        var lastError: TrendError?
        var record: DraftRecord

        @MainActor init(_ editor: HabitEditor) {
            name = editor.draft.name
            hasUnsavedChanges = editor.hasUnsavedChanges
            lastSaveFailed = editor.lastSaveFailed
            lastError = editor.lastError
            record = editor.record
        }
    }

    @Test func aHabitDraftIsPresentedAsTypedWhileItsSaveIsUnderWayAndAfterItFails() throws {
        let faults = FaultInjector()
        let witness = WitnessHabitRepository(watching: .write, base: InMemoryHabitRepository(faults: faults))
        let editor = HabitEditor(log: HabitFixtures.log(repository: witness))
        var duringTheSave: Presented?
        witness.duringFirstCall = { duringTheSave = Presented(editor) }
        editor.draft.name = Self.typedName
        let typed = Presented(editor)
        #expect(typed.hasUnsavedChanges)
        faults.failNextSave()

        #expect(editor.save() == .failure(.storage(.simulated(.save))))
        #expect(duringTheSave == typed, "while the save is under way")

        var failed = typed
        failed.lastSaveFailed = true
        failed.lastError = .storage(.simulated(.save))
        #expect(Presented(editor) == failed, "after the save failed, only the failure is new")

        guard case .added(let habit) = try editor.save().get() else {
            Issue.record("the retry added no habit")
            return
        }
        #expect(habit.name == "Read 10 Pages")
        #expect(editor.draft.name == Self.typedName, "a save never rewrites what was typed")
    }
}

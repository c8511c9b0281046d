import TrendKit

extension Session {
    /// The state a goal is decided on, read from the features: the entries the weight log
    /// holds, the open entry draft, the changes waiting for the store, whose log it is; `events` are the
    /// commands run so far in the exercise.
    func goalState(events: [GoalState.Event]) -> GoalState {
        let entries = weights.entries.map { GoalState.Entry(id: $0.id, kilograms: $0.kilograms, note: $0.note) }
        var draft: GoalState.Draft?
        if let open = drafts.open {
            if let editor = open as? EntryEditor {
                var kilograms: Double?
                do {
                    kilograms = try editor.draft.kilograms()
                } catch {
                    kilograms = nil
                }
                draft = GoalState.Draft(
                    kilograms: kilograms, value: editor.draft.value, note: editor.draft.note,
                    unsaved: open.hasUnsavedChanges)
            } else {
                draft = GoalState.Draft(kilograms: nil, value: "", unsaved: open.hasUnsavedChanges)
            }
        }
        return GoalState(
            entries: entries, draft: draft, pending: pending.changes.count, events: events,
            person: store.personName ?? "")
    }
}

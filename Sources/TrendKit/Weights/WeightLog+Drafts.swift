/// Bringing back a weight draft that a previous session left in the draft file.
extension WeightLog {
    /// What the draft file's weight records restore into.
    public func draftRestorer() -> DraftRestorer {
        DraftRestorer(kind: .weight) { [self] record in restore(record) }
    }

    /// Restores a weight draft, first asking the store whether it was already saved (a
    /// process killed between the commit and closing the draft): then it is closed instead.
    func restore(_ record: DraftRecord) -> DraftRestoration {
        guard var draft = WeightEntryDraft(record: record, defaultUnit: selectedUnit) else { return .unreadable }
        do {
            if let savedID = try savedEntryID(for: draft) { return .alreadySaved(label: "#\(savedID)") }
        } catch {
            // The store cannot say: keep the draft, whose save will recognise its own entry.
        }
        var note: EntryEditor.RestoreNote?
        if WeightEntryDraft.isLegacy(record), let editing = draft.editing {
            // trendsh 0.1 kept only the entry's id: read the entry to know what the draft changes.
            do {
                let entry = try entry(id: editing.id)
                let prefilled = WeightEntryDraft(id: draft.id, editing: entry, unit: draft.unit)
                draft.editing = prefilled.editing
                draft.opened = prefilled.opened
            } catch {
                if case .entries(.noSuchEntry) = error {
                    draft.editing = nil
                    note = .entryGone(id: editing.id)
                } else {
                    draft.editing = EditedEntry(id: editing.id, revision: nil, prefilledKilograms: nil)
                    note = .entryUnread(id: editing.id, error)
                }
            }
        }
        let editor = EntryEditor(log: self, restoring: draft)
        editor.restoreNote = note
        return .restored(editor)
    }

    /// The id of the entry this draft was already saved as, if the store has it.
    func savedEntryID(for draft: WeightEntryDraft) throws(TrendError) -> Int64? {
        if let editing = draft.editing {
            return try operationApplied(draft.id.operation) ? editing.id : nil
        }
        if let saved = try entry(savedFrom: draft.id) { return saved.id }
        // Saved, then undone or deleted: still saved once, never to be saved again.
        return try target(ofApplied: draft.id.operation)
    }
}

import TrendKit

/// The durable copy of the draft: restored at start, kept in step after every command.
extension Session {
    /// Restores the draft a previous session kept on disk.
    func restoreDraft() async {
        guard let draftFile else { return }
        let contents: DraftFile.Contents?
        do {
            contents = try draftFile.load()
        } catch {
            self.draftFile = nil
            draftFileNote = "in memory only: \(draftFile.path) could not be read and was left in place"
            startFailed = fail(error.message) == .failed
            return
        }
        guard let contents else { return }
        var entry: WeightEntry?
        var target = "new entry"
        if let id = contents.editingID {
            do throws(TrendError) {
                entry = try await log.entry(id: id)
                target = "editing #\(id)"
            } catch {
                if case .noSuchEntry = error {
                    warn(
                        "Entry #\(id), which the draft was editing, no longer exists; the draft will be saved as a new entry."
                    )
                } else {
                    // Kept as an edit: the save looks the entry up again, and fails visibly if it must.
                    entry = WeightEntry(id: id, date: contents.draft.date, kilograms: 0, note: "")
                    target = "editing #\(id)"
                    warn("Entry #\(id), which the draft was editing, could not be read: \(error.message)")
                }
            }
        }
        editor = EntryEditor(log: log, restoring: contents.draft, editing: entry)
        valueUnit = contents.unit ?? settings.unit
        lastWrittenDraft = contents
        say(
            "Restored unsaved draft (\(target)): \(Renderer.draftSummary(contents.draft)). Type \"save\" to save it or \"cancel\" to discard it."
        )
        if let typed = contents.unit, typed != settings.unit, !contents.draft.value.isEmpty {
            warn(
                "The restored value \"\(contents.draft.value)\" was typed in \(typed.symbol), but the unit is now \(settings.unit.symbol). Type \"unit \(typed.symbol)\" before saving it, or type the value again."
            )
        }
    }

    /// Writes the draft to disk if it changed, or removes the file when no unsaved draft is
    /// open. False when the file could not be written; the in-memory draft stays either way.
    func persistDraft() -> Bool {
        guard let draftFile else { return true }
        let wanted = editor.flatMap { editor in
            editor.hasUnsavedChanges
                ? DraftFile.Contents(draft: editor.draft, editingID: editor.entry?.id, unit: valueUnit) : nil
        }
        guard wanted != lastWrittenDraft else { return true }
        do {
            if let wanted {
                try draftFile.write(wanted)
            } else {
                try draftFile.remove()
            }
            lastWrittenDraft = wanted
            return true
        } catch {
            _ = fail(error.message)
            return false
        }
    }
}

import TrendKit

/// How the shell shows, saves and summarises a weight draft.
extension EntryEditor: PresentableDraft {
    static var draftKind: DraftKind { .weight }

    var target: String { Renderer.draftTarget(draft) }
    var summary: String { Renderer.draftSummary(draft) }

    func details(session: Session) -> [String] {
        let state = hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
        var fields = [("value", Renderer.typedValue(draft))]
        for kind in session.weights.kinds.others {
            guard let typed = draft.measurements[kind.id] else { continue }
            fields.append((kind.word, Renderer.typedMeasurement(typed)))
        }
        // A value of a kind removed since it was typed stays in sight, so it can be cleared.
        let known = Set(session.weights.kinds.all.map(\.id))
        for (id, typed) in draft.measurements.sorted(by: { $0.key < $1.key }) where !known.contains(id) {
            fields.append((id.rawValue, Messages.valueOfRemovedKind(Renderer.typedMeasurement(typed))))
        }
        fields += [
            ("date", LocalCalendar.minuteText(draft.date)), ("note", draft.note.isEmpty ? "(none)" : draft.note),
        ]
        let width = fields.map(\.0.count).max() ?? 0
        var lines = ["\(title) (\(target)), \(state)"]
        for (label, text) in fields {
            lines.append("  \(label):" + String(repeating: " ", count: width - label.count + 1) + text)
        }
        if let lastError {
            lines.append("  last save failed: \(Messages.reason(lastError, units: session.units))")
        }
        return lines
    }

    func save(session: Session) -> Session.Outcome {
        switch save() {
        case .success(let outcome):
            session.drafts.close()
            if let entry = outcome.entry { session.showed([entry]) }
            return session.say(Messages.saved(outcome, units: session.units), role: .success)
        case .failure(let error):
            if case .entries(.conflict(_, let current?)) = error { session.showed([current]) }
            return session.fail(Messages.saveFailed(error, units: session.units, retry: session.keepFailedDraft()))
        }
    }

    func cancelled(session: Session) -> String {
        Messages.discarded(summary: summary, editing: draft.editing?.id)
    }

    func restoredWarnings(session: Session) -> [String] {
        switch restoreNote {
        case .entryGone(let id): return [Messages.restoredEntryGone(id)]
        case .entryUnread(let id, let error):
            return [Messages.restoredEntryUnread(id, reason: Messages.reason(error, units: session.units))]
        case nil: return []
        }
    }

    static func summary(of record: DraftRecord, session: Session) -> String? {
        WeightEntryDraft(record: record, defaultUnit: session.unit).map(Renderer.draftSummary)
    }
}

import TrendKit

/// How the shell shows, saves and summarises a habit draft.
extension HabitEditor: PresentableDraft {
    static var draftKind: DraftKind { .habit }

    var target: String { "new habit" }
    var summary: String { Renderer.habitDraftSummary(draft) }

    func details(session: Session) -> [String] {
        var lines = [
            "New Habit, \(hasUnsavedChanges ? "unsaved changes" : "no unsaved changes")",
            "  name: \(draft.name.isEmpty ? "(none)" : draft.name)",
        ]
        if let lastError { lines.append("  last save failed: \(Messages.reason(lastError, units: session.units))") }
        return lines
    }

    func save(session: Session) -> Session.Outcome {
        switch save() {
        case .success(let outcome):
            session.drafts.close()
            return session.say(Messages.habitSaved(outcome), role: .success)
        case .failure(let error):
            return session.fail(Messages.habitSaveFailed(error, units: session.units, retry: session.keepFailedDraft()))
        }
    }

    func cancelled(session: Session) -> String { Messages.discarded(summary: summary, editing: nil) }

    func restoredWarnings(session: Session) -> [String] { [] }

    static func summary(of record: DraftRecord, session: Session) -> String? {
        HabitDraft(record: record).map(Renderer.habitDraftSummary)
    }
}

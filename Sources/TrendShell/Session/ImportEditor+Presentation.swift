import TrendKit

/// How the shell shows, saves and summarises an import draft. Showing it previews it again,
/// so the preview always describes the files as they are now.
extension ImportEditor: PresentableDraft {
    static var draftKind: DraftKind { .import }

    var target: String { "import" }
    var summary: String { Messages.importSummary(draft) }

    func details(session: Session) -> [String] {
        switch refreshPreview() {
        case .success(let preview): return Messages.previewLines(preview, draft: draft, units: session.units)
        case .failure(let error):
            return [
                "Import (\(Messages.importFiles(draft))), not saved yet",
                "  " + Messages.reason(error, units: session.units),
            ]
        }
    }

    func show(session: Session, all: Bool) -> Session.Outcome {
        let units = session.units
        let result = refreshPreview(
            each: all
                ? { [draft] row in
                    session.say("  " + Messages.previewRow(row, draft: draft, units: units, labelled: true))
                }
                : nil)
        switch result {
        case .success(let preview):
            session.answer {
                DraftResults.preview(preview, draft: draft, open: DraftResults.draft(self, session: session))
            }
            let lines = Messages.previewLines(preview, draft: draft, units: units, withSamples: !all)
            for line in lines { session.say(line) }
            return .succeeded
        case .failure(let error):
            return session.fail(
                Messages.reason(error, units: units) + " The import is kept; type \"cancel\" to drop it.")
        }
    }

    func save(session: Session) -> Session.Outcome {
        let saved = draft
        switch save() {
        case .success(let outcome):
            session.drafts.close()
            session.weights.refresh()
            return session.say(Messages.importSaved(outcome, draft: saved), role: .success)
        case .failure(let error):
            return session.fail(
                Messages.importSaveFailed(error, units: session.units, retry: session.keepFailedDraft()))
        }
    }

    func cancelled(session: Session) -> String { Messages.importDiscarded(draft) }

    func restoredWarnings(session: Session) -> [String] {
        droppedLineFixes.map { Messages.droppedLineFix($0, draft: draft) }
    }

    static func summary(of record: DraftRecord, session: Session) -> String? {
        ImportDraft(record: record).map(Messages.importSummary)
    }
}

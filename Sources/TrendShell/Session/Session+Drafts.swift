import TrendKit

/// The draft slot as the shell uses it: opening drafts, restoring, persisting, and saying
/// truthfully where the draft is kept.
extension Session {
    /// The open draft as the shell presents it.
    var presentedDraft: (any PresentableDraft)? {
        guard let open = drafts.open else { return nil }
        for kind in Self.presentableKinds {
            if let presented = kind.presenting(open) { return presented }
        }
        return nil
    }

    /// Opens `editor`, refused (with a sentence) while a draft with unsaved changes is open.
    func open(_ editor: any PresentableDraft) -> Bool {
        do {
            try drafts.replace(with: editor)
            return true
        } catch {
            _ = fail(Messages.draftIsOpen(presentedDraft?.summary ?? ""))
            return false
        }
    }

    /// The open weight draft, opening a new one when no draft is open. Nil (with a
    /// sentence) when a draft of another kind with unsaved changes is open.
    func weightDraft() -> EntryEditor? {
        if let editor = drafts.open as? EntryEditor { return editor }
        let editor = EntryEditor(log: weights)
        return open(editor) ? editor : nil
    }

    /// The open habit draft, opening a new one when no draft is open. Nil (with a sentence)
    /// when a draft of another kind with unsaved changes is open.
    func habitDraft() -> HabitEditor? {
        if let editor = drafts.open as? HabitEditor { return editor }
        let editor = HabitEditor(log: habitLog)
        return open(editor) ? editor : nil
    }

    /// A one-line summary of a draft record, whatever its kind.
    func summary(of record: DraftRecord) -> String {
        for kind in Self.presentableKinds where kind.draftKind.rawValue == record.kind {
            if let summary = kind.summary(of: record, session: self) { return summary }
        }
        return "a \(record.kind) draft"
    }

    /// Every kind of draft the shell can show: each feature's, as it declares them.
    static let presentableKinds: [any PresentableDraft.Type] = ShellFeature.all.flatMap(\.presentations)

    /// Restores the draft a previous session kept, and reports it.
    func restoreDraft() {
        switch drafts.keeping {
        case .anotherSession: warn(Messages.anotherSessionHoldsDraft)
        case .unavailable(let error): warn(Messages.draftFileUnavailable(error))
        case .file, .memoryStore, .nothingBesideStore, .noStateFolder, .leftForItsOwner: break
        }
        switch drafts.start() {
        case .nothing: break
        case .restored:
            if let open = presentedDraft { say(Messages.restored(target: open.target, summary: open.summary)) }
            presentedDraft?.restoredWarnings(session: self).forEach(warn)
        case .alreadySaved(let label): say(Messages.restoredAlreadySaved(label))
        case .unreadable(let error): startFailed = fail(reasonText(.draftFile(error))) == .failed
        case .leftWaiting(let record):
            warn(
                Messages.draftLeftWaiting(
                    summary(of: record), person: record.person == store.personName ? nil : record.person))
        }
    }

    func reasonText(_ error: TrendError) -> String { Messages.reason(error, units: units) }

    /// Writes a draft change that a command left waiting, if any: before anything is shown
    /// (standard output pushed out, anything written to standard error) and when the loop ends.
    ///
    /// A piped run reads many lines at once, and its output waits in a buffer until the reader
    /// would wait for more, until something goes to standard error, or until a command that
    /// reads the store. A draft-only command whose next line is already read may therefore
    /// leave its change to be written with the next command: until then nothing about it is
    /// shown, and nobody waits on it. A weigh-in typed as five lines that saves writes the
    /// draft file not at all (the draft is in the store once the save says so); one whose save
    /// fails writes it before the failure is said. A kill in between loses only lines whose
    /// answers were never shown, as it loses the lines not yet read.
    public func writeWaitingDraft() {
        guard draftWriteWaits else { return }
        draftWriteWaits = false
        if !persistDraft() { waitingDraftWriteFailed = true }
    }

    /// True once when writing a waiting draft change failed since the last call.
    public func takeWaitingDraftFailure() -> Bool {
        defer { waitingDraftWriteFailed = false }
        return waitingDraftWriteFailed
    }

    /// Writes the draft to disk if it changed. False when the file could not be written;
    /// the in-memory draft stays either way, and the message says which copy is on disk.
    func persistDraft() -> Bool {
        do {
            try drafts.persist()
            return true
        } catch {
            _ = fail(
                Messages.draftNotWritten(error, copy: drafts.diskCopy, keeping: drafts.keeping, units: units) {
                    summary(of: $0)
                })
            return false
        }
    }

    /// Where the open draft waits after its save failed. A `-c` run writes it into the draft
    /// file now, when it can take the file and no other draft waits there, so that the message
    /// about the failure is true about what is on disk.
    func keepFailedDraft() -> DraftRetry {
        guard endsAfterItsCommands else { return .here }
        switch drafts.keepForTheNextSession() {
        case .taken(let path):
            do {
                try drafts.writeIfChanged()
                return .nextSession(path: path)
            } catch {
                return .notKept(.unavailable(error))
            }
        case .anotherDraftWaits(let path): return .notKept(.anotherDraftWaits(path: path))
        case .heldByAnotherSession(let path): return .notKept(.heldByAnotherSession(path: path))
        case .unavailable(let error): return .notKept(.unavailable(error))
        case .noFile:
            switch drafts.keeping {
            case .memoryStore: return .notKept(.memoryStore)
            case .noStateFolder: return .notKept(.noStateFolder)
            default: return .notKept(.noFile)
            }
        }
    }

    /// Where the open draft is kept, in a sentence.
    var whereTheDraftIs: String {
        Messages.diskCopy(drafts.diskCopy, keeping: drafts.keeping) { summary(of: $0) }
    }
}

/// A draft the shell can show, save and summarise. Each kind conforms in its own file.
@MainActor
protocol PresentableDraft: DraftEditor, SendableMetatype {
    static var draftKind: DraftKind { get }
    /// `new entry`, `editing #3`.
    var target: String { get }
    /// The draft in a few words.
    var summary: String { get }
    /// What `show` prints.
    func details(session: Session) -> [String]
    /// Prints the draft for `show` (`show all`: every row of an import).
    func show(session: Session, all: Bool) -> Session.Outcome
    /// Saves, says what happened, and closes the draft on success.
    func save(session: Session) -> Session.Outcome
    /// What `cancel` says.
    func cancelled(session: Session) -> String
    /// What needs saying after a restore (a unit that changed, an entry gone).
    func restoredWarnings(session: Session) -> [String]
    /// A record of this kind in a few words; nil when it cannot be read.
    static func summary(of record: DraftRecord, session: Session) -> String?
}

extension PresentableDraft {
    /// The editor as this kind, when it is one: a cast to the class, which costs a pointer
    /// check (a cast to the protocol would search every conformance in the program).
    static func presenting(_ editor: any DraftEditor) -> (any PresentableDraft)? { editor as? Self }

    func show(session: Session, all: Bool) -> Session.Outcome {
        for line in details(session: session) { session.say(line) }
        return .succeeded
    }
}

/// Where a draft whose save failed waits for the next try. An interactive or piped session
/// keeps it open; a `-c` run ends after its commands, so it keeps the draft in the draft file
/// for the next session when it can, or says that it cannot.
public enum DraftRetry: Equatable, Sendable {
    /// Open in this session: the next `save` tries again.
    case here
    /// This `-c` run has written the draft into the draft file at `path`; the next session restores it.
    case nextSession(path: String)
    /// This `-c` run keeps no copy of the draft.
    case notKept(NotKept)

    /// Why a `-c` run keeps no copy of its failed draft.
    public enum NotKept: Equatable, Sendable {
        case anotherDraftWaits(path: String)
        case heldByAnotherSession(path: String)
        case unavailable(DraftFileError)
        case memoryStore
        case noFile
        case noStateFolder
    }
}

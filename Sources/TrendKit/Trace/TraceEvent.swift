import FoundationEssentials

/// One step a layer took, recorded where the layer takes it: the trace (`--trace`,
/// `trace on`) is made of these. Each names entries and history steps by number and never
/// carries a draft's or an operation's identity, a slot number or a time taken, so the
/// same commands give the same events on every run.
public enum TraceEvent: Equatable, Sendable {
    /// A draft was opened in an editor: a new one, or one prefilled from entry `editing`,
    /// holding these fields.
    case editorOpened(DraftKind, editing: Int64?, [TraceField])
    /// A save refused as a conflict moved the draft's base to the revision stored now, so
    /// the next save overwrites it knowingly (nil: the entry is gone; it saves as a new one).
    case editorRebased(DraftKind, entry: Int64, revision: Int64?)
    /// The open draft was closed (saved, or cancelled): no editor holds it any more.
    case editorClosed(DraftKind)
    /// The editor of a draft now holds these fields, as typed: only those the command changed.
    case editorKept(DraftKind, [TraceField])
    /// The editor keeps a failed save's error beside the draft (nil: it let the error go).
    case editorError(DraftKind, TrendError?)
    /// A feature checked what it was asked to write, and decided.
    case validated(FeatureID, TraceSubject, TraceDecision)
    /// The store began a write transaction (`BEGIN IMMEDIATE`) for a feature.
    case writeBegan(FeatureID)
    /// A write for a feature never began: the store could not be opened, or a fault
    /// (`simulate`) failed it first.
    case writeRefused(FeatureID, StorageError)
    /// The statements a transaction ran, by what each does to which table, in order.
    case statementsRan([StatementRun])
    /// `COMMIT` returned: the store confirmed the transaction, which changed this many rows
    /// (triggers' rows included).
    case committed(FeatureID, rowsChanged: Int64)
    /// The transaction was rolled back, for this reason: nothing it did is in the store.
    case rolledBack(FeatureID, StorageError)
    /// The commit was sent, but its outcome is not known (its reply was lost, or it could
    /// not be proven durable): the retry asks the store.
    case commitUnconfirmed(FeatureID)
    /// A read for a feature ran these statements (each read is its own transaction).
    case read(FeatureID, [StatementRun])
    /// A read for a feature failed.
    case readFailed(FeatureID, StorageError)
    /// Another connection committed since this session last looked: its features reload.
    case otherSessionCommitted
    /// A feature published what the store confirmed: the session now shows it.
    case published(FeatureID, TracePublication)
    /// A feature's retained error was set (or, with nil, cleared).
    case retainedError(FeatureID, TrendError?)
    /// A pending change joined the queue, to be retried when the store can be written.
    case pendingQueued(TraceChange)
    /// The draft file or the pending file now holds this.
    case fileWritten(TraceFile, TraceFileContents)
    /// Writing the draft file or the pending file failed: it holds what it held before.
    case fileWriteFailed(TraceFile, DraftFileError)
    /// There is no such file (an in-memory store): what it would hold is in memory only.
    case keptInMemory(TraceFile, TraceFileContents)
}

/// One field of a draft, with the text it holds: `value` and `75.4`.
public struct TraceField: Equatable, Sendable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// What a feature was asked to write.
public enum TraceSubject: Equatable, Sendable {
    /// A weight draft, as validated (in kilograms, the note trimmed): a new entry, or a
    /// change to entry `editing`.
    case entry(kilograms: Double?, date: Date, note: String, editing: Int64?)
    /// An edit that changes nothing of entry `id`.
    case unchangedEntry(id: Int64)
    /// A weight draft that did not validate.
    case entryDraft
    /// The entry a draft edits, as the store holds it now, against the revision the draft
    /// was opened from (nil: a new entry, found by the draft's identity).
    case storedEntry(id: Int64?)
    /// An amendment to entry `id`.
    case amendment(id: Int64)
    /// A habit, by name.
    case habit(String)
    /// A step of the change history to undo or redo (nil: the newest one there is).
    case historyStep(Int64?, undo: Bool)
    /// An import of this many rows.
    case importRows(Int)
}

/// What a feature decided about a write.
public enum TraceDecision: Equatable, Sendable {
    /// Valid: it goes to the store.
    case accepted
    /// Nothing to write.
    case unchanged
    /// Refused, for this reason: nothing goes to the store.
    case refused(TrendError)
}

/// What a feature published.
public enum TracePublication: Equatable, Sendable {
    /// Entry `id` as the store holds it now, in the feature's window of entries.
    case entry(id: Int64, revision: Int64)
    /// Entry `id` removed from the window.
    case removal(id: Int64)
    /// The window reloaded from the store: this many entries (or habits).
    case reloaded(count: Int)
    /// A habit as the store holds it now.
    case habit(String)
    /// A step of the change history undone or redone.
    case historyStep(Int64, undone: Bool)
}

/// The two files a session keeps beside the store for itself.
public enum TraceFile: String, Equatable, Sendable {
    case draft
    case pending
}

/// What the draft file or the pending file holds.
public enum TraceFileContents: Equatable, Sendable {
    /// Nothing: no unsaved draft, no waiting change.
    case nothing
    /// A draft of this kind, with the fields a person typed.
    case draft(DraftKind, [TraceField])
    /// Changes waiting, in the order they will be tried.
    case changes([TraceChange])
}

/// A pending change as the trace tells it: what it does to which entry or step, never its
/// operation's identity.
public enum TraceChange: Equatable, Sendable {
    /// An amend of entry `entry`, as typed (`note after run`).
    case amend(entry: Int64, text: String)
    /// An undo of step `step` (nil: the newest step when it applies).
    case undo(step: Int64?)
    /// A redo of step `step` (nil: the step undone last when it applies).
    case redo(step: Int64?)

    public init(_ change: PendingChange) {
        switch change.action {
        case .amend(let amendment, let text): self = .amend(entry: amendment.id, text: text)
        case .undo(let step): self = .undo(step: step)
        case .redo(let step): self = .redo(step: step)
        }
    }
}

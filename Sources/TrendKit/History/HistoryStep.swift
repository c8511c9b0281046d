import FoundationEssentials

/// One step of the change history, described: what kind of change it was, whether it is
/// undone, and its first row before and after it (a step of many rows, such as an import,
/// says how many it has).
public struct HistoryStep: Sendable, Equatable, Identifiable {
    /// The step's number, rising with every change.
    public var id: Int64
    public var kind: ChangeKind
    /// The feature whose data it changed.
    public var feature: FeatureID
    /// What the step was about, when its rows cannot say it (a habit's name).
    public var subject: String
    /// True once undone (and until redone).
    public var isUndone: Bool
    public var madeAt: Date
    /// How many rows it changed.
    public var rowCount: Int
    /// How many rows it changed of each table put back one row at a time, by the table's name
    /// (an import's kinds); the rest of `rowCount` are of a table put back in bulk (its entries).
    public var rowCounts: [String: Int]
    /// Its first row before the change; nil when the row did not exist.
    public var before: RowValue?
    /// Its first row after the change; nil when the change removed it.
    public var after: RowValue?

    /// How many rows of `table`, one put back one row at a time, it changed.
    public func rowCount(of table: UndoableTable) -> Int { rowCounts[table.name] ?? 0 }

    public init(
        id: Int64, kind: ChangeKind, feature: FeatureID, subject: String = "", isUndone: Bool = false,
        madeAt: Date = .distantPast, rowCount: Int = 1, rowCounts: [String: Int] = [:], before: RowValue?,
        after: RowValue?
    ) {
        self.id = id
        self.kind = kind
        self.feature = feature
        self.subject = subject
        self.isUndone = isUndone
        self.madeAt = madeAt
        self.rowCount = rowCount
        self.rowCounts = rowCounts
        self.before = before
        self.after = after
    }
}

/// Why an undo or a redo was refused. Each case reads as one sentence to the user.
public enum HistoryError: Error, Equatable, Sendable {
    /// No change is left to undo.
    case nothingToUndo
    /// No undone change is left to redo.
    case nothingToRedo
    /// The step is no longer in the history: a newer change cleared it from the redo list,
    /// or it grew older than the history keeps.
    case noSuchStep(Int64)
    /// Another session undid this step first.
    case alreadyUndone(HistoryStep)
    /// Another session redid this step first.
    case alreadyRedone(HistoryStep)
    /// A row of the step changed since (in this session or another, or by another program):
    /// `expected` is the row as the step left it, `now` what it holds (nil: it is gone).
    case changedSince(HistoryStep, expected: RowValue?, now: RowValue?)
    /// A newer step that is done changed a row of this one (`row`, as it is now; nil when it is
    /// gone): the step waits until that one is undone. `newer` is the newest such step.
    case changedByNewerStep(HistoryStep, newer: HistoryStep, row: RowValue?)
    /// Putting the step back would give a habit a name another habit has taken since.
    case nameTaken(HistoryStep, name: String)
    /// Putting the step back would remove a row that `count` values still use (`row`, as it is
    /// now): a kind that entries hold values of.
    case inUse(HistoryStep, row: RowValue?, count: Int)
    /// Putting the step back would bring back a value of a row that no longer exists: a kind
    /// of measurement (`word`) removed since the step photographed an entry's values of it.
    case usesMissing(HistoryStep, word: String)
    /// Putting the step back would remove a row that a value outside the store still uses
    /// (`row`, as it is now): a kind the open draft holds a value of.
    case heldOutside(HistoryStep, row: RowValue?)
}

/// What undo or redo did, as the repository reports it.
public enum HistoryOutcome: Sendable, Equatable {
    /// The step was undone (or redone) now; `rowsNow` holds its rows as they are now.
    case applied(HistoryStep, rowsNow: [RowValue])
    /// This operation had already been applied (its first reply was lost, or a kill hid it);
    /// nothing changed now. The step, if the history still holds it.
    case alreadyApplied(HistoryStep?)
    /// Nothing was written, for this reason.
    case refused(HistoryError)
}

/// The newest steps of the history, newest first, with the ones `undo` and `redo` would take
/// now, read together so that the three agree.
public struct HistoryListing: Sendable, Equatable {
    public var steps: [HistoryStep]
    /// The step `undo` reverts now (the newest done one), if any.
    public var nextToUndo: Int64?
    /// The step `redo` brings back now (the one undone last), if any.
    public var nextToRedo: Int64?

    public init(steps: [HistoryStep], nextToUndo: Int64? = nil, nextToRedo: Int64? = nil) {
        self.steps = steps
        self.nextToUndo = nextToUndo
        self.nextToRedo = nextToRedo
    }
}

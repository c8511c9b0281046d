/// The name of a kind of draft, as the draft file records it. Each feature declares its own
/// (`DraftKind.weight` in Weights/), so the slot never changes for a new kind.
public struct DraftKind: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// One open draft of any kind, as the draft slot keeps it: whether it differs from how it was
/// opened, its last save's retained error, and the record the draft file keeps. Each kind
/// has its own `save()`, which returns a result value.
@MainActor
public protocol DraftEditor: AnyObject {
    var kind: DraftKind { get }
    /// True when the draft differs from how it was opened.
    var hasUnsavedChanges: Bool { get }
    /// The last save's failure, kept until a save succeeds.
    var lastError: TrendError? { get }
    /// True after a failed save until the draft changes.
    var lastSaveFailed: Bool { get }
    /// What the draft file keeps, to restore this draft after a crash.
    var record: DraftRecord { get }
}

/// What restoring a draft record found.
public enum DraftRestoration {
    /// The draft is open again, as it was left.
    case restored(any DraftEditor)
    /// The store already holds what the draft would save (its commit landed, and then the
    /// process died before it could close the draft): `label` names it, such as `#12`.
    case alreadySaved(label: String)
    /// The record is not one this kind can read.
    case unreadable
}

/// How a feature brings back a draft of its kind from the draft file.
public struct DraftRestorer: Sendable {
    public let kind: DraftKind
    public let restore: @MainActor (DraftRecord) -> DraftRestoration

    public init(kind: DraftKind, restore: @escaping @MainActor (DraftRecord) -> DraftRestoration) {
        self.kind = kind
        self.restore = restore
    }
}

/// What kind of change a history step is, as `changes.kind` records it. The kind says how to
/// describe the step; undo and redo work the same way for every kind, from the rows.
public struct ChangeKind: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// A new weight entry, saved from a draft.
    public static let save = ChangeKind("save")
    /// An entry changed through an edit draft.
    public static let edit = ChangeKind("edit")
    /// One field of an entry changed in place (`amend`).
    public static let amend = ChangeKind("amend")
    /// An entry deleted.
    public static let delete = ChangeKind("delete")
    /// Entries added by an import: one step, however many rows.
    public static let `import` = ChangeKind("import")
    /// A new habit.
    public static let habitAdd = ChangeKind("habit-add")
    /// A habit renamed.
    public static let habitRename = ChangeKind("habit-rename")
    /// A habit deleted, with the days it was done.
    public static let habitDelete = ChangeKind("habit-delete")
    /// A day marked done.
    public static let habitDone = ChangeKind("habit-done")
    /// A day marked not done.
    public static let habitUndone = ChangeKind("habit-undone")
    /// A kind of measurement added (`measure add`).
    public static let kindAdd = ChangeKind("kind-add")
    /// A kind of measurement removed (`measure remove`).
    public static let kindRemove = ChangeKind("kind-remove")
}

/// What one feature brings to the store and to the files beside it, declared once, beside
/// the feature's own code (`FeatureDeclaration.weights` in Weights/). Every list that spans
/// features is read from `all`: the schema's migrations (SQLite's and the server's), the
/// tables the change history can put back, the files trendsh owns, the kinds of draft and
/// what `simulate` can fail. None is kept by hand, so a feature registers once, here.
public struct FeatureDeclaration: Sendable {
    public let id: FeatureID
    /// The steps that create and change the feature's tables.
    public let migrations: [Migration]
    /// The same tables on a PostgreSQL server: one step for each format from the server's
    /// first (`ServerSchema`), beside the SQLite steps in the feature's `…Schema+Server.swift`.
    public let serverMigrations: [ServerMigration]
    /// The feature's tables whose rows `undo` and `redo` put back.
    public let undoableTables: [UndoableTable]
    /// The files the feature keeps beside the store, or elsewhere for the session.
    public let ownFiles: [OwnFileDeclaration]
    /// The kinds of draft the feature opens in the draft slot.
    public let draftKinds: [DraftKind]
    /// True when `simulate` can single out the feature's reads and writes.
    public let canBeSimulated: Bool

    public init(
        id: FeatureID, migrations: [Migration] = [], serverMigrations: [ServerMigration] = [],
        undoableTables: [UndoableTable] = [], ownFiles: [OwnFileDeclaration] = [], draftKinds: [DraftKind] = [],
        canBeSimulated: Bool = false
    ) {
        self.id = id
        self.migrations = migrations
        self.serverMigrations = serverMigrations
        self.undoableTables = undoableTables
        self.ownFiles = ownFiles
        self.draftKinds = draftKinds
        self.canBeSimulated = canBeSimulated
    }

    /// Every feature of TrendKit: the one list they register in. The shell adds how each is
    /// typed and shown (TrendShell's `ShellFeature`), and reads this list for the rest.
    public static let all: [FeatureDeclaration] = [
        .storage, .people, .weights, .trend, .habits, .exchange, .history, .pending, .drafts, .settings, .session,
    ]

    /// The features whose reads and writes `simulate` can single out.
    public static var simulated: [FeatureID] { all.filter(\.canBeSimulated).map(\.id) }

    /// The feature `id` names, if any.
    public static func named(_ id: FeatureID) -> FeatureDeclaration? { all.first { $0.id == id } }
}

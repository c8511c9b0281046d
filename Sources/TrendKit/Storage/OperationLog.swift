/// The `operations` table's SQL, shared by every feature. Every change to the store (a save,
/// an edit, an amend, a delete, a habit change, an undo, a redo, an import) records its
/// operation's identity here in the same transaction as the change, so a retry, in this
/// session or a later one, finds it and applies nothing twice. Since format 18 each row names
/// the person whose change it was (`SQLConnection.person`), and a session reads its own
/// person's rows only: another person's operation is one it never applied.
public enum OperationLog {
    /// What the store recorded about an applied operation.
    public struct Applied: Sendable, Equatable {
        public var feature: FeatureID
        public var kind: String
        /// The row it changed (an entry's or a habit's id, a history step), if any.
        public var target: Int64?
        /// The revision it left its target at, if the target has revisions.
        public var revision: Int64?
    }

    /// True when the store records `operation` as applied.
    public static func wasApplied(_ operation: OperationID, in db: any SQLConnection) throws(StorageError) -> Bool {
        let mine: [SQLValue] = [.text(operation.rawValue), .text(db.person)]
        return try db.integer("SELECT count(*) FROM operations WHERE id = ? AND person = ?", mine) > 0
    }

    /// The record of `operation`, or nil when it was never applied.
    public static func applied(_ operation: OperationID, in db: any SQLConnection) throws(StorageError) -> Applied? {
        let statement = try db.statement(
            """
            SELECT feature, kind, target, revision, target IS NULL, revision IS NULL FROM operations
            WHERE id = ? AND person = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(operation.rawValue), .text(db.person)])
        guard try statement.step() else { return nil }
        return Applied(
            feature: FeatureID(statement.text(0) ?? ""), kind: statement.text(1) ?? "",
            target: statement.int64(4) != 0 ? nil : statement.int64(2),
            revision: statement.int64(5) != 0 ? nil : statement.int64(3))
    }

    /// Records `operation` as applied now, inside the caller's write transaction.
    private static let insertText = DialectText { dialect in
        """
        INSERT INTO operations (id, feature, kind, target, revision, applied_at, detail, person)
        VALUES (?, ?, ?, ?, ?, \(dialect.now), ?, ?)
        """
    }

    public static func record(
        _ operation: OperationID, feature: FeatureID, kind: String, target: Int64?, revision: Int64? = nil,
        detail: String? = nil, in db: any SQLConnection
    ) throws(StorageError) {
        try db.run(
            insertText[db.dialect],
            [
                .text(operation.rawValue), .text(feature.rawValue), .text(kind),
                target.map(SQLValue.integer) ?? .null,
                revision.map(SQLValue.integer) ?? .null, detail.map(SQLValue.text) ?? .null, .text(db.person),
            ])
    }

    /// True when an operation of `kind` on `target` of `feature` is recorded: how a delete
    /// typed again in a new session learns that an earlier one already removed its row.
    public static func wasRecorded(
        feature: FeatureID, kind: String, target: Int64, in db: any SQLConnection
    ) throws(StorageError) -> Bool {
        try db.integer(
            "SELECT count(*) FROM operations WHERE person = ? AND feature = ? AND kind = ? AND target = ?",
            [.text(db.person), .text(feature.rawValue), .text(kind), .integer(target)]) > 0
    }
}

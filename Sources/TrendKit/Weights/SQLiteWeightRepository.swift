import FoundationEssentials

/// The weights feature's SQL. The `Store` owns the file, the transactions, the lock wait,
/// the durability check and the fault plan; this type only reads and writes its rows.
@MainActor
public final class SQLiteWeightRepository: WeightRepository {
    public let store: Store

    public init(store: Store) { self.store = store }

    private static let columns = "id, taken_at, kilograms, note, draft_id, revision"

    public func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try store.read(.weights, loading: true) { db throws(StorageError) in
            let statement = try db.statement(
                "SELECT \(Self.columns) FROM entries ORDER BY taken_at DESC, id DESC LIMIT ?")
            try statement.bind([.integer(Int64(max(0, limit)))])
            var entries: [WeightEntry] = []
            while try statement.step() { entries.append(Self.entry(from: statement)) }
            return entries
        }
    }

    public func entries(from start: Date, to end: Date) throws(StorageError) -> [WeightEntry] {
        try store.read(.weights, loading: true) { db throws(StorageError) in
            let statement = try db.statement(
                "SELECT \(Self.columns) FROM entries WHERE taken_at >= ? AND taken_at < ? ORDER BY taken_at, id")
            try statement.bind([.text(StoredTime.text(start)), .text(StoredTime.text(end))])
            var entries: [WeightEntry] = []
            while try statement.step() { entries.append(Self.entry(from: statement)) }
            return entries
        }
    }

    public func entry(id: Int64) throws(StorageError) -> WeightEntry? {
        try store.read(.weights) { db throws(StorageError) in try Self.entry(id: id, in: db) }
    }

    public func entry(savedFrom draft: DraftID) throws(StorageError) -> WeightEntry? {
        try store.read(.weights) { db throws(StorageError) in try Self.entry(savedFrom: draft, in: db) }
    }

    public func insert(_ new: NewWeightEntry) throws(StorageError) -> InsertOutcome {
        try store.write(.weights) { db throws(StorageError) in
            if let existing = try Self.entry(savedFrom: new.draftID, in: db) { return .alreadySaved(existing) }
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES (?, ?, ?, ?)",
                [.text(StoredTime.text(new.date)), .real(new.kilograms), .text(new.note), .text(new.draftID.rawValue)])
            let id = db.lastInsertRowID
            try Self.keepTrend(in: db)
            return .inserted(
                WeightEntry(
                    id: id, date: new.date, kilograms: new.kilograms, note: new.note,
                    draftID: new.draftID, revision: 1))
        }
    }

    public func update(_ change: EntryChange) throws(StorageError) -> UpdateOutcome {
        try store.write(.weights) { db throws(StorageError) in
            if try Self.wasApplied(change.operation, in: db) {
                let produced = try db.integer(
                    "SELECT revision FROM operations WHERE id = ?", [.text(change.operation.rawValue)])
                return .alreadyApplied(try Self.entry(id: change.id, in: db), revision: produced)
            }
            guard let current = try Self.entry(id: change.id, in: db) else { return .missing }
            if let expected = change.expectedRevision, current.revision != expected {
                return .conflict(current: current)
            }
            try db.run(
                "UPDATE entries SET taken_at = ?, kilograms = ?, note = ?, revision = revision + 1 WHERE id = ?",
                [.text(StoredTime.text(change.date)), .real(change.kilograms), .text(change.note), .integer(change.id)])
            try Self.keepTrend(in: db)
            try Self.record(change.operation, kind: "update", target: change.id, revision: current.revision + 1, in: db)
            return .updated(
                WeightEntry(
                    id: change.id, date: change.date, kilograms: change.kilograms, note: change.note,
                    draftID: current.draftID, revision: current.revision + 1))
        }
    }

    public func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) throws(StorageError)
        -> RemovalOutcome
    {
        try store.write(.weights) { db throws(StorageError) in
            if try Self.wasApplied(operation, in: db) { return .alreadyDeleted }
            guard let current = try Self.entry(id: id, in: db) else {
                let deleted = try db.integer(
                    "SELECT count(*) FROM operations WHERE feature = 'weights' AND kind = 'delete' AND target = ?",
                    [.integer(id)])
                return deleted > 0 ? .alreadyDeleted : .missing
            }
            if let expectedRevision, current.revision != expectedRevision { return .conflict(current: current) }
            try db.run("DELETE FROM entries WHERE id = ?", [.integer(id)])
            try Self.keepTrend(in: db)
            try Self.record(operation, kind: "delete", target: id, revision: nil, in: db)
            return .deleted(current)
        }
    }

    public func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool {
        try store.read(.weights) { db throws(StorageError) in try Self.wasApplied(operation, in: db) }
    }

    /// Keeps the per-day trend in step, in the same transaction as the change.
    private static func keepTrend(in db: SQLiteDatabase) throws(StorageError) {
        try DailyTable.catchUp(zone: LocalCalendar.zoneIdentity(), in: db)
    }

    private static func wasApplied(_ operation: OperationID, in db: SQLiteDatabase) throws(StorageError) -> Bool {
        try db.integer("SELECT count(*) FROM operations WHERE id = ?", [.text(operation.rawValue)]) > 0
    }

    private static func record(
        _ operation: OperationID, kind: String, target: Int64, revision: Int64?, in db: SQLiteDatabase
    ) throws(StorageError) {
        try db.run(
            """
            INSERT INTO operations (id, feature, kind, target, revision, applied_at)
            VALUES (?, 'weights', ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """,
            [.text(operation.rawValue), .text(kind), .integer(target), revision.map(SQLiteValue.integer) ?? .null])
    }

    private static func entry(id: Int64, in db: SQLiteDatabase) throws(StorageError) -> WeightEntry? {
        let statement = try db.statement("SELECT \(columns) FROM entries WHERE id = ?")
        try statement.bind([.integer(id)])
        return try statement.step() ? entry(from: statement) : nil
    }

    private static func entry(savedFrom draft: DraftID, in db: SQLiteDatabase) throws(StorageError) -> WeightEntry? {
        let statement = try db.statement("SELECT \(columns) FROM entries WHERE draft_id = ?")
        try statement.bind([.text(draft.rawValue)])
        return try statement.step() ? entry(from: statement) : nil
    }

    static func entry(from row: SQLiteStatement) -> WeightEntry {
        WeightEntry(
            id: row.int64(0), date: row.text(1).flatMap(StoredTime.date) ?? .distantPast, kilograms: row.double(2),
            note: row.text(3) ?? "", draftID: row.text(4).map(DraftID.init(rawValue:)), revision: row.int64(5))
    }
}

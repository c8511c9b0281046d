import FoundationEssentials

/// The weights feature's SQL. The `Store` owns the file, the transactions, the lock wait,
/// the durability check and the fault plan; this type only reads and writes its rows.
@MainActor
public final class SQLWeightRepository: WeightRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    nonisolated static let columns = "id, taken_at, kilograms, note, draft_id, revision"

    public func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try store.read(.weights, loading: true) { db throws(StorageError) in
            let statement = try db.statement(
                "SELECT \(Self.columns) FROM entries WHERE person = ? ORDER BY taken_at DESC, id DESC LIMIT ?")
            try statement.bind([.text(db.person), .integer(Int64(max(0, limit)))])
            var entries: [WeightEntry] = []
            while try statement.step() { entries.append(Self.entry(from: statement)) }
            try Self.attachMeasurements(to: &entries, in: db)
            return entries
        }
    }

    public func entries(from start: Date, to end: Date) throws(StorageError) -> [WeightEntry] {
        try store.read(.weights, loading: true) { db throws(StorageError) in
            let statement = try db.statement(
                """
                SELECT \(Self.columns) FROM entries WHERE person = ? AND taken_at >= ? AND taken_at < ?
                ORDER BY taken_at, id
                """)
            try statement.bind([.text(db.person), .text(StoredTime.text(start)), .text(StoredTime.text(end))])
            var entries: [WeightEntry] = []
            while try statement.step() { entries.append(Self.entry(from: statement)) }
            try Self.attachMeasurements(to: &entries, in: db)
            return entries
        }
    }

    /// True when an entry with a weight of `person`'s (by default the connection's) is dated
    /// from `first` to `last`, both included.
    nonisolated static func hasWeight(
        from first: Date, through last: Date, of person: String? = nil, in db: any SQLConnection
    ) throws(StorageError) -> Bool {
        try db.integer(
            """
            SELECT CAST(EXISTS (
                SELECT 1 FROM entries WHERE person = ? AND taken_at BETWEEN ? AND ? AND kilograms IS NOT NULL
            ) AS INTEGER)
            """,
            [.text(person ?? db.person), .text(StoredTime.text(first)), .text(StoredTime.text(last))]) == 1
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
            if let earlier = try OperationLog.applied(new.draftID.operation, in: db), let id = earlier.target {
                return .removedSince(id: id)
            }
            var step = try ChangeRecorder.begin(.save, feature: .weights, operation: new.draftID.operation, in: db)
            let id = try db.insertRow(
                "INSERT INTO entries (taken_at, kilograms, note, draft_id, person) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(StoredTime.text(new.date)), Self.weightValue(new.kilograms), .text(new.note),
                    .text(new.draftID.rawValue), .text(db.person),
                ])
            try Self.write(new.measurements, of: id, in: db)
            step.didAdd(.entries, .id(id))
            try Self.keepTrend(in: db)
            // No row in `operations`: the entry's draft_id records the save, and when the entry
            // is deleted, by anyone, the trigger `entries_removed_keep_their_save` writes the
            // draft's row there (the check above reads it as `.removedSince`).
            try step.finish()
            return .inserted(
                WeightEntry(
                    id: id, date: new.date, kilograms: new.kilograms, measurements: new.measurements, note: new.note,
                    draftID: new.draftID, revision: 1))
        }
    }

    public func update(_ change: EntryChange) throws(StorageError) -> UpdateOutcome {
        try store.write(.weights) { db throws(StorageError) in
            if let applied = try OperationLog.applied(change.operation, in: db) {
                return .alreadyApplied(try Self.entry(id: change.id, in: db), revision: applied.revision)
            }
            guard let current = try Self.entry(id: change.id, in: db) else { return .missing }
            if let expected = change.expectedRevision, current.revision != expected {
                return .conflict(current: current)
            }
            var step = try ChangeRecorder.begin(.edit, feature: .weights, operation: change.operation, in: db)
            try step.willChange(.entries, .id(change.id))
            try db.run(
                """
                UPDATE entries SET taken_at = ?, kilograms = ?, note = ?, revision = revision + 1
                WHERE id = ? AND person = ?
                """,
                [
                    .text(StoredTime.text(change.date)), Self.weightValue(change.kilograms), .text(change.note),
                    .integer(change.id), .text(db.person),
                ])
            if current.measurements != change.measurements {
                try db.run(
                    "DELETE FROM measurements WHERE entry_id = ? AND person = ?",
                    [.integer(change.id), .text(db.person)])
                try Self.write(change.measurements, of: change.id, in: db)
            }
            try Self.keepTrend(in: db)
            try OperationLog.record(
                change.operation, feature: .weights, kind: "update", target: change.id,
                revision: current.revision + 1, in: db)
            try step.finish()
            return .updated(
                WeightEntry(
                    id: change.id, date: change.date, kilograms: change.kilograms, measurements: change.measurements,
                    note: change.note, draftID: current.draftID, revision: current.revision + 1))
        }
    }

    public func amend(_ amendment: EntryAmendment) throws(StorageError) -> AmendOutcome {
        try store.write(.weights) { db throws(StorageError) in
            if let applied = try OperationLog.applied(amendment.operation, in: db) {
                return .alreadyApplied(try Self.entry(id: amendment.id, in: db), revision: applied.revision)
            }
            guard let current = try Self.entry(id: amendment.id, in: db) else { return .missing }
            var expected = amendment.expectedRevision
            for replaced in amendment.replacedOperations {
                if let revision = try OperationLog.applied(replaced, in: db)?.revision { expected = revision }
            }
            if let expected, current.revision != expected { return .conflict(current: current) }
            if case .measure = amendment.newValue, current.date > amendment.latestWeighingDate {
                return .datedInFuture(current)
            }
            if amendment.leavesNoMeasurement(in: current) { return .lastMeasurement(current) }
            // Judged here, once any change it replaced has landed: no step, no revision, no
            // operation. A retry judges again, from the same revision.
            if amendment.changesNothing(in: current) { return .unchanged(current) }
            var step = try ChangeRecorder.begin(.amend, feature: .weights, operation: amendment.operation, in: db)
            try step.willChange(.entries, .id(amendment.id))
            switch amendment.newValue {
            case .measure(.weight, let kilograms):
                try db.run(
                    "UPDATE entries SET kilograms = ?, revision = revision + 1 WHERE id = ? AND person = ?",
                    [Self.weightValue(kilograms), .integer(amendment.id), .text(db.person)])
            case .measure(let kind, let value):
                if let value {
                    try db.run(
                        Self.setMeasurement[db.dialect],
                        [.integer(amendment.id), .text(kind.rawValue), .real(value), .text(db.person)])
                } else {
                    try db.run(
                        "DELETE FROM measurements WHERE entry_id = ? AND kind = ? AND person = ?",
                        [.integer(amendment.id), .text(kind.rawValue), .text(db.person)])
                }
                try db.run(
                    "UPDATE entries SET revision = revision + 1 WHERE id = ? AND person = ?",
                    [.integer(amendment.id), .text(db.person)])
            case .note(let note):
                try db.run(
                    "UPDATE entries SET note = ?, revision = revision + 1 WHERE id = ? AND person = ?",
                    [.text(note), .integer(amendment.id), .text(db.person)])
            case .date(let date):
                try db.run(
                    "UPDATE entries SET taken_at = ?, revision = revision + 1 WHERE id = ? AND person = ?",
                    [.text(StoredTime.text(date)), .integer(amendment.id), .text(db.person)])
            }
            try Self.keepTrend(in: db)
            let after = amendment.applied(to: current)
            try OperationLog.record(
                amendment.operation, feature: .weights, kind: "amend", target: amendment.id, revision: after.revision,
                in: db)
            try step.finish()
            return .amended(before: current, after: after)
        }
    }

    public func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) throws(StorageError)
        -> RemovalOutcome
    {
        try store.write(.weights) { db throws(StorageError) in
            if try OperationLog.wasApplied(operation, in: db) { return .alreadyDeleted }
            guard let current = try Self.entry(id: id, in: db) else {
                let deleted = try OperationLog.wasRecorded(feature: .weights, kind: "delete", target: id, in: db)
                return deleted ? .alreadyDeleted : .missing
            }
            if let expectedRevision, current.revision != expectedRevision { return .conflict(current: current) }
            var step = try ChangeRecorder.begin(.delete, feature: .weights, operation: operation, in: db)
            try step.willChange(.entries, .id(id))
            try db.run("DELETE FROM entries WHERE id = ? AND person = ?", [.integer(id), .text(db.person)])
            try Self.keepTrend(in: db)
            try OperationLog.record(operation, feature: .weights, kind: "delete", target: id, in: db)
            try step.finish()
            return .deleted(current)
        }
    }

    public func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool {
        try store.read(.weights) { db throws(StorageError) in try OperationLog.wasApplied(operation, in: db) }
    }

    public func target(ofApplied operation: OperationID) throws(StorageError) -> Int64? {
        try store.read(.weights) { db throws(StorageError) in try OperationLog.applied(operation, in: db)?.target }
    }

    /// Sets one measurement of an entry. SQLite replaces the row, firing only its insert
    /// trigger; PostgreSQL updates it in place, and its update trigger notes the day twice
    /// (out and back in), which counts the same days.
    private static let setMeasurement = DialectText(
        sqlite: "INSERT OR REPLACE INTO measurements (entry_id, kind, value, person) VALUES (?, ?, ?, ?)",
        postgresql: """
            INSERT INTO measurements (entry_id, kind, value, person) VALUES (?, ?, ?, ?)
            ON CONFLICT (entry_id, kind) DO UPDATE SET value = excluded.value
            """)

    /// Keeps the per-day trend in step, in the same transaction as the change.
    nonisolated static func keepTrend(in db: any SQLConnection) throws(StorageError) {
        try DailyTable.catchUp(zone: .local, in: db)
    }

    nonisolated static func entry(id: Int64, in db: any SQLConnection) throws(StorageError) -> WeightEntry? {
        let statement = try db.statement("SELECT \(columns) FROM entries WHERE id = ? AND person = ?")
        try statement.bind([.integer(id), .text(db.person)])
        guard try statement.step() else { return nil }
        var entry = entry(from: statement)
        statement.reset()
        entry.measurements = try measurements(of: id, in: db)
        return entry
    }

    private static func entry(savedFrom draft: DraftID, in db: any SQLConnection) throws(StorageError) -> WeightEntry? {
        let statement = try db.statement("SELECT \(columns) FROM entries WHERE draft_id = ? AND person = ?")
        try statement.bind([.text(draft.rawValue), .text(db.person)])
        guard try statement.step() else { return nil }
        var entry = entry(from: statement)
        statement.reset()
        entry.measurements = try measurements(of: entry.id, in: db)
        return entry
    }

    /// An entry from a row of `columns`, without its measurements (`attachMeasurements` adds them).
    nonisolated static func entry(from row: any SQLStatement) -> WeightEntry {
        WeightEntry(
            id: row.int64(0), date: row.text(1).flatMap(StoredTime.date) ?? .distantPast,
            kilograms: row.isNull(2) ? nil : row.double(2), note: row.text(3) ?? "",
            draftID: row.text(4).map(DraftID.init(rawValue:)), revision: row.int64(5))
    }

    /// The weight as the store keeps it: a real, or NULL for an entry without one.
    nonisolated static func weightValue(_ kilograms: Double?) -> SQLValue {
        kilograms.map(SQLValue.real) ?? .null
    }

    /// One entry's measurements other than weight.
    nonisolated static func measurements(of id: Int64, in db: any SQLConnection) throws(StorageError) -> [KindID:
        Double]
    {
        let statement = try db.statement("SELECT kind, value FROM measurements WHERE entry_id = ? AND person = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id), .text(db.person)])
        var values: [KindID: Double] = [:]
        while try statement.step() { values[KindID(statement.text(0) ?? "")] = statement.double(1) }
        return values
    }

    /// Adds to `entries` their measurements other than weight, in one read of the range of
    /// ids they span (a window's ids are close together; a store without measurements
    /// answers at once).
    nonisolated static func attachMeasurements(to entries: inout [WeightEntry], in db: any SQLConnection)
        throws(StorageError)
    {
        guard let low = entries.map(\.id).min(), let high = entries.map(\.id).max() else { return }
        let statement = try db.statement(
            """
            SELECT entry_id, kind, value FROM measurements WHERE person = ? AND entry_id BETWEEN ? AND ?
            ORDER BY entry_id
            """)
        defer { statement.reset() }
        try statement.bind([.text(db.person), .integer(low), .integer(high)])
        var found: [Int64: [KindID: Double]] = [:]
        while try statement.step() {
            found[statement.int64(0), default: [:]][KindID(statement.text(1) ?? "")] = statement.double(2)
        }
        guard !found.isEmpty else { return }
        for index in entries.indices {
            if let values = found[entries[index].id] { entries[index].measurements = values }
        }
    }

    /// Writes an entry's measurements other than weight, one row each.
    /// One statement for all of them (`VALUES (?1, ?2, ?3, ?4), (?1, ?2, ?5, ?6), …`, prepared once for
    /// each count): a statement each cost a weigh-in of three some 40,000 instructions more.
    nonisolated static func write(_ measurements: [KindID: Double], of id: Int64, in db: any SQLConnection)
        throws(StorageError)
    {
        guard !measurements.isEmpty else { return }
        var values: [SQLValue] = [.integer(id), .text(db.person)]
        values.reserveCapacity(2 + 2 * measurements.count)
        var sql = "INSERT INTO measurements (entry_id, person, kind, value) VALUES "
        for (kind, value) in measurements.sorted(by: { $0.key < $1.key }) {
            if values.count > 2 { sql += ", " }
            sql += "(?1, ?2, ?\(values.count + 1), ?\(values.count + 2))"
            values.append(.text(kind.rawValue))
            values.append(.real(value))
        }
        try db.run(sql, values)
    }
}

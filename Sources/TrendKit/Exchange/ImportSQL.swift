/// The import's SQL. The `Store` owns the transaction; this only reads and writes rows.
/// An import's identity is its draft's id, recorded in `operations` (kind `import`, the
/// number of entries added in `detail`) in the same transaction as its rows, so a retry
/// after a lost reply finds it and writes nothing again.
enum ImportSQL {
    /// The earliest and latest stored times of the person's log, as milliseconds; nil for an empty log.
    static func storedRange(in db: any SQLConnection) throws(StorageError) -> ClosedRange<Int64>? {
        let statement = try db.statement("SELECT min(taken_at), max(taken_at) FROM entries WHERE person = ?")
        try statement.bind([.text(db.person)])
        guard try statement.step() else { return nil }
        let earliest = statement.withText(0) { TimeText.milliseconds(stored: $0) }
        let latest = statement.withText(1) { TimeText.milliseconds(stored: $0) }
        statement.reset()
        guard let earliest, let latest, earliest <= latest else { return nil }
        return earliest...latest
    }

    /// How many entries the import with this id added, if it was committed.
    static func importedCount(_ id: DraftID, in db: any SQLConnection) throws(StorageError) -> Int? {
        let statement = try db.statement("SELECT detail FROM operations WHERE id = ? AND kind = 'import'")
        try statement.bind([.text(id.rawValue)])
        guard try statement.step() else { return nil }
        let detail = statement.text(0)
        statement.reset()
        return detail.flatMap { Int($0) } ?? 0
    }
}

/// What a row of an import is to the stored entries.
enum ImportMatch: Equatable {
    /// No stored entry has its time and weight (or, without a weight, its time and values).
    case none
    /// A stored entry before this import has its time and weight: the row adds the kinds the
    /// entry lacks (`adds`), and the values that differ from the entry's are `conflicts`.
    case stored(id: Int64, adds: [KindID: Double], conflicts: [ImportConflict.Values])
    /// The same as an entry this import already added, or a row without a weight whose every
    /// value a stored entry at its time holds.
    case repeated
}

/// A value a row holds that differs from the one its stored entry holds: listed, never written.
public struct ImportConflict: Sendable, Equatable {
    /// The kind and the two values, in the kind's canonical unit.
    public struct Values: Sendable, Equatable {
        public var kind: KindID
        public var stored: Double
        public var file: Double
    }

    public var key: RowKey
    public var sharesLine: Bool
    public var entryID: Int64
    public var values: Values
}

/// Writes an import's entries inside its transaction, many rows to a statement: one
/// statement per row would cost SQLite a statement's overhead and an `AUTOINCREMENT`
/// update for each. Each entry's other measurements are written with it, one row each. Every
/// row is the connection's person's, whatever the file says. Also answers whether an entry of
/// theirs is stored, which sees every row added so far.
final class ImportWriter {
    /// Rows per `INSERT` statement.
    static let batchSize = 128

    private let db: any SQLConnection
    /// SQLite gives one statement's rows consecutive rowids, so a batch's ids follow from the
    /// last one. Another engine promises no such thing: there each row is written alone and
    /// returns its own id.
    private let rowIDs: SQLiteDatabase?
    private let batch: any SQLStatement
    private let single: any SQLStatement
    private let probe: any SQLStatement
    private let probeValue: any SQLStatement
    private let storedValues: any SQLStatement
    private let addValue: any SQLStatement
    private var pending: [ImportedEntry] = []
    private var scratch: [UInt8] = []
    /// Whose rows these are: the connection's person, bound into every statement.
    private let person: [UInt8]

    init(db: any SQLConnection) throws(StorageError) {
        self.db = db
        rowIDs = db as? SQLiteDatabase
        person = Array(db.person.utf8)
        let values = Array(repeating: "(?, ?, ?, ?)", count: Self.batchSize).joined(separator: ", ")
        batch = try db.statement("INSERT INTO entries (taken_at, kilograms, note, person) VALUES " + values)
        let one = "INSERT INTO entries (taken_at, kilograms, note, person) VALUES (?, ?, ?, ?)"
        single = try db.statement(rowIDs == nil ? one + " RETURNING id" : one)
        probe = try db.statement(
            "SELECT id FROM entries WHERE person = ?3 AND taken_at = ?1 AND kilograms = ?2 ORDER BY id LIMIT 1")
        probeValue = try db.statement(
            """
            SELECT 1 FROM entries e JOIN measurements m ON m.entry_id = e.id
            WHERE e.person = ?4 AND e.taken_at = ?1 AND m.kind = ?2 AND m.value = ?3 LIMIT 1
            """)
        storedValues = try db.statement("SELECT kind, value FROM measurements WHERE entry_id = ? AND person = ?")
        addValue = try db.statement("INSERT INTO measurements (entry_id, kind, value, person) VALUES (?, ?, ?, ?)")
        pending.reserveCapacity(Self.batchSize)
        scratch.reserveCapacity(32)
    }

    /// Adds an entry (written with the next full batch, or by `finish`).
    func add(_ entry: ImportedEntry) throws(StorageError) {
        guard let rowIDs else {
            let id = try insertAlone(entry)
            if !entry.measurements.isEmpty { try write(entry.measurements, of: id) }
            return
        }
        pending.append(entry)
        if pending.count == Self.batchSize {
            for (offset, entry) in pending.enumerated() { try bind(entry, to: batch, at: Int32(offset * 4)) }
            try batch.run()
            // One statement's rows take consecutive ids, the last of them the last inserted.
            let first = rowIDs.lastInsertRowID - Int64(pending.count) + 1
            for (offset, entry) in pending.enumerated() where !entry.measurements.isEmpty {
                try write(entry.measurements, of: first + Int64(offset))
            }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the rows still waiting.
    func finish() throws(StorageError) {
        for entry in pending {
            let id = try insertAlone(entry)
            if !entry.measurements.isEmpty { try write(entry.measurements, of: id) }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes one entry by itself and returns its id.
    private func insertAlone(_ entry: ImportedEntry) throws(StorageError) -> Int64 {
        try bind(entry, to: single, at: 0)
        if let rowIDs {
            try single.run()
            return rowIDs.lastInsertRowID
        }
        defer { single.reset() }
        _ = try single.step()
        return single.int64(0)
    }

    /// What the row is to the stored entries, counting the rows added so far; entries from
    /// `firstNewID` on are this import's own.
    func match(_ entry: ImportedEntry, firstNewID: Int64) throws(StorageError) -> ImportMatch {
        try finish()
        guard let kilograms = entry.kilograms else {
            guard !entry.measurements.isEmpty else { return .none }
            for (kind, value) in entry.measurements {
                try bindTime(entry.milliseconds, to: probeValue, at: 1)
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: kind.rawValue.utf8)
                try scratch.withUnsafeBufferPointer { bytes throws(StorageError) in
                    try probeValue.bind(2, text: bytes)
                }
                try probeValue.bind(3, double: value)
                try bindPerson(to: probeValue, at: 4)
                let found = try probeValue.step()
                probeValue.reset()
                if !found { return .none }
            }
            return .repeated
        }
        try bindTime(entry.milliseconds, to: probe, at: 1)
        try probe.bind(2, double: kilograms)
        try bindPerson(to: probe, at: 3)
        let id: Int64? = try probe.step() ? probe.int64(0) : nil
        probe.reset()
        guard let id else { return .none }
        guard id < firstNewID else { return .repeated }
        var adds: [KindID: Double] = [:]
        var conflicts: [ImportConflict.Values] = []
        if !entry.measurements.isEmpty {
            let stored = try values(of: id)
            for (kind, value) in entry.measurements.sorted(by: { $0.key < $1.key }) {
                if let held = stored[kind] {
                    if held != value { conflicts.append(ImportConflict.Values(kind: kind, stored: held, file: value)) }
                } else {
                    adds[kind] = value
                }
            }
        }
        return .stored(id: id, adds: adds, conflicts: conflicts)
    }

    /// The measurements other than weight a stored entry holds.
    func values(of id: Int64) throws(StorageError) -> [KindID: Double] {
        try storedValues.bind([.integer(id), .text(db.person)])
        var values: [KindID: Double] = [:]
        while try storedValues.step() {
            if let kind = storedValues.text(0) { values[KindID(kind)] = storedValues.double(1) }
        }
        storedValues.reset()
        return values
    }

    /// Adds measurements a stored entry lacks, as a change of the entry (its revision goes up).
    func extend(_ id: Int64, with values: [KindID: Double]) throws(StorageError) {
        try write(values, of: id)
        try db.run(
            "UPDATE entries SET revision = revision + 1 WHERE id = ? AND person = ?", [.integer(id), .text(db.person)])
    }

    private func write(_ values: [KindID: Double], of id: Int64) throws(StorageError) {
        for (kind, value) in values.sorted(by: { $0.key < $1.key }) {
            try addValue.bind([.integer(id), .text(kind.rawValue), .real(value), .text(db.person)])
            try addValue.run()
        }
    }

    private func bind(_ entry: ImportedEntry, to statement: any SQLStatement, at offset: Int32) throws(StorageError) {
        try bindTime(entry.milliseconds, to: statement, at: offset + 1)
        if let kilograms = entry.kilograms {
            try statement.bind(offset + 2, double: kilograms)
        } else {
            try statement.bindNull(offset + 2)
        }
        if entry.note.isEmpty {
            try statement.bind(offset + 3, text: UnsafeBufferPointer(start: nil, count: 0))
        } else {
            var note = entry.note
            var failure: StorageError?
            note.withUTF8 { bytes in
                do throws(StorageError) {
                    try statement.bind(offset + 3, text: bytes)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        try bindPerson(to: statement, at: offset + 4)
    }

    private func bindPerson(to statement: any SQLStatement, at index: Int32) throws(StorageError) {
        try person.withUnsafeBufferPointer { bytes throws(StorageError) in try statement.bind(index, text: bytes) }
    }

    private func bindTime(_ milliseconds: Int64, to statement: any SQLStatement, at index: Int32) throws(StorageError) {
        scratch.removeAll(keepingCapacity: true)
        TimeText.appendStored(milliseconds, to: &scratch)
        try scratch.withUnsafeBufferPointer { bytes throws(StorageError) in try statement.bind(index, text: bytes) }
    }
}

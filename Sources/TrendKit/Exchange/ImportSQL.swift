/// The import's SQL. The `Store` owns the transaction; this only reads and writes rows.
/// An import's identity is its draft's id, recorded in `operations` (kind `import`, the
/// number of entries added in `detail`) in the same transaction as its rows, so a retry
/// after a lost reply finds it and writes nothing again.
enum ImportSQL {
    /// The earliest and latest stored times, as milliseconds; nil for an empty log.
    static func storedRange(in db: SQLiteDatabase) throws(StorageError) -> ClosedRange<Int64>? {
        let statement = try db.statement("SELECT min(taken_at), max(taken_at) FROM entries")
        guard try statement.step() else { return nil }
        let earliest = statement.withText(0) { TimeText.milliseconds(stored: $0) }
        let latest = statement.withText(1) { TimeText.milliseconds(stored: $0) }
        statement.reset()
        guard let earliest, let latest, earliest <= latest else { return nil }
        return earliest...latest
    }

    /// How many entries the import with this id added, if it was committed.
    static func importedCount(_ id: DraftID, in db: SQLiteDatabase) throws(StorageError) -> Int? {
        let statement = try db.statement("SELECT detail FROM operations WHERE id = ? AND kind = 'import'")
        try statement.bind([.text(id.rawValue)])
        guard try statement.step() else { return nil }
        let detail = statement.text(0)
        statement.reset()
        return detail.flatMap { Int($0) } ?? 0
    }
}

/// Writes an import's entries inside its transaction, many rows to a statement: one
/// statement per row would cost SQLite a statement's overhead and an `AUTOINCREMENT`
/// update for each. Also answers whether an entry is stored, which sees every row added so far.
final class ImportWriter {
    /// Rows per `INSERT` statement.
    static let batchSize = 128

    private let batch: SQLiteStatement
    private let single: SQLiteStatement
    private let probe: SQLiteStatement
    private var pending: [ImportedEntry] = []
    private var scratch: [UInt8] = []

    init(db: SQLiteDatabase) throws(StorageError) {
        let values = Array(repeating: "(?, ?, ?)", count: Self.batchSize).joined(separator: ", ")
        batch = try db.statement("INSERT INTO entries (taken_at, kilograms, note) VALUES " + values)
        single = try db.statement("INSERT INTO entries (taken_at, kilograms, note) VALUES (?, ?, ?)")
        probe = try db.statement("SELECT 1 FROM entries WHERE taken_at = ?1 AND kilograms = ?2 LIMIT 1")
        pending.reserveCapacity(Self.batchSize)
        scratch.reserveCapacity(32)
    }

    /// Adds an entry (written with the next full batch, or by `finish`).
    func add(_ entry: ImportedEntry) throws(StorageError) {
        pending.append(entry)
        if pending.count == Self.batchSize {
            for (offset, entry) in pending.enumerated() { try bind(entry, to: batch, at: Int32(offset * 3)) }
            try batch.run()
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the rows still waiting.
    func finish() throws(StorageError) {
        for entry in pending {
            try bind(entry, to: single, at: 0)
            try single.run()
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// True when an entry with this time and weight is stored, counting the rows added so far.
    func isStored(_ entry: ImportedEntry) throws(StorageError) -> Bool {
        try finish()
        try bindTime(entry.milliseconds, to: probe, at: 1)
        try probe.bind(2, double: entry.kilograms)
        let found = try probe.step()
        probe.reset()
        return found
    }

    private func bind(_ entry: ImportedEntry, to statement: SQLiteStatement, at offset: Int32) throws(StorageError) {
        try bindTime(entry.milliseconds, to: statement, at: offset + 1)
        try statement.bind(offset + 2, double: entry.kilograms)
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
    }

    private func bindTime(_ milliseconds: Int64, to statement: SQLiteStatement, at index: Int32) throws(StorageError) {
        scratch.removeAll(keepingCapacity: true)
        TimeText.appendStored(milliseconds, to: &scratch)
        try scratch.withUnsafeBufferPointer { bytes throws(StorageError) in try statement.bind(index, text: bytes) }
    }
}

/// Records one undoable step, inside the write transaction that makes the change. This is the
/// seam every feature uses, whatever it changes and however many rows: photograph the rows
/// about to change (`willChange`), note the rows added (`didAdd`, or `didAddEntries` for a
/// run of entries such as an import's), then `finish` after the writes. The step commits or
/// rolls back with the change itself.
///
/// ```swift
/// try store.write(.weights) { db throws(StorageError) in
///     var step = try ChangeRecorder.begin(.import, feature: .weights, operation: id, in: db)
///     let first = … // insert the rows
///     try step.didAddEntries(first...last)
///     try step.finish()
/// }
/// ```
///
/// A new step clears the steps that were undone (the redo list), as editors do, and the
/// history keeps the newest `ChangeRecorder.levels` steps (steps, not step numbers). Older
/// steps leave the history at once (`HistorySQL.kept`) and the file `trimBatch` at a time, so that a save does not also
/// pay for deleting the oldest step, its rows and its photographs every time.
public struct ChangeRecorder {
    /// How many steps the history keeps.
    public static let levels: Int64 = 100
    /// How many steps older than the newest `levels` the file may hold before they are removed.
    static let trimBatch: Int64 = 50

    /// The step's number, shown by `undo list`.
    public let step: Int64
    private let db: any SQLConnection
    /// The rows noted so far, in order, with whether each existed before the change.
    private var rows: [(table: UndoableTable, key: ChangedRowKey, existedBefore: Bool)] = []
    /// The rows noted so far, as table and key text, so that noting one is not a search (an
    /// import may note thousands).
    private var noted = Set<String>()
    /// Rows noted in bulk: a run of entry ids added by the change.
    private var addedEntries: [ClosedRange<Int64>] = []

    private init(step: Int64, db: any SQLConnection) {
        self.step = step
        self.db = db
    }

    /// Photographs the entries an import added, ids ?3 to ?4, from position ?2 of step ?1,
    /// each with its person.
    private static let captureAddedEntries = DialectText { dialect in
        """
        INSERT INTO entry_images (change, position, side, id, taken_at, kilograms, note, draft_id, revision, measurements,
            person)
        SELECT ?1, ?2 + row_number() OVER (ORDER BY id) - 1, 1, id, taken_at, kilograms, note, draft_id, revision,
            \(MeasurementImage.of("entries.id", dialect)), person
        FROM entries WHERE id BETWEEN ?3 AND ?4
        """
    }

    private static let insertText = DialectText { dialect in
        """
        INSERT INTO changes (operation, feature, kind, subject, made_at, person)
        VALUES (?, ?, ?, ?, \(dialect.now), ?)
        """
    }

    /// Starts a step of the connection's person for `operation`, clearing their redo list.
    /// `subject` names what the step is about when its rows cannot say it later (a habit's name).
    public static func begin(
        _ kind: ChangeKind, feature: FeatureID, operation: OperationID, subject: String = "", in db: any SQLConnection
    ) throws(StorageError) -> ChangeRecorder {
        try HistorySQL.forgetUndone(in: db)
        let step = try db.insertRow(
            insertText[db.dialect],
            [
                .text(operation.rawValue), .text(feature.rawValue), .text(kind.rawValue), .text(subject),
                .text(db.person),
            ])
        return ChangeRecorder(step: step, db: db)
    }

    /// Photographs a row before the change writes or removes it. A row noted twice keeps its
    /// first photograph.
    public mutating func willChange(_ table: UndoableTable, _ key: ChangedRowKey) throws(StorageError) {
        guard noted.insert(table.name + "\u{0}" + key.text).inserted else { return }
        let position = Int64(rows.count)
        try db.run(table.captureSQL[db.dialect], [.integer(step), .integer(position), .integer(0)] + key.values)
        rows.append((table, key, db.changes > 0))
    }

    /// Notes a row the change added (it did not exist before).
    public mutating func didAdd(_ table: UndoableTable, _ key: ChangedRowKey) {
        guard noted.insert(table.name + "\u{0}" + key.text).inserted else { return }
        rows.append((table, key, false))
    }

    /// Notes a run of entries the change added, as an import adds them: one statement for the
    /// lot, not one for each row.
    public mutating func didAddEntries(_ ids: ClosedRange<Int64>) {
        addedEntries.append(ids)
    }

    /// Photographs every noted row as the change left it, and removes the steps the history
    /// no longer keeps once `trimBatch` of them have gathered.
    public func finish() throws(StorageError) {
        for (position, row) in rows.enumerated() {
            try db.run(
                row.table.captureSQL[db.dialect],
                [.integer(step), .integer(Int64(position)), .integer(1)] + row.key.values)
            let existsAfter = db.changes > 0
            var revision: Int64 = 0
            if let revisionSQL = row.table.revisionSQL {
                revision = try db.integer(revisionSQL, row.key.values)
                // A row that was there before: its revision then, if it is gone now.
                if row.existedBefore {
                    revision = try max(
                        revision,
                        db.integer(
                            "SELECT revision FROM \(row.table.imagesTable) WHERE change = ? AND position = ? AND side = 0",
                            [.integer(step), .integer(Int64(position))]))
                }
            }
            let values: [SQLValue] = [
                .integer(step), .integer(Int64(position)), .text(row.table.name), .text(row.key.text),
                .integer(row.existedBefore ? 1 : 0), .integer(existsAfter ? 1 : 0), .integer(revision),
            ]
            // Nearly every step changes one row: the first is kept in the step's own row (a
            // page the step has written already), the others in `change_rows`.
            if position == 0 {
                try db.run(HistorySQL.keepFirstRow, values)
            } else {
                try db.run(HistorySQL.addRow, values + [.text(db.person)])
            }
        }
        var next = Int64(rows.count)
        for ids in addedEntries {
            try db.run(
                Self.captureAddedEntries[db.dialect],
                [.integer(step), .integer(next), .integer(ids.lowerBound), .integer(ids.upperBound)])
            try db.run(
                """
                INSERT INTO change_rows (
                    change, position, row_table, row_key, before_exists, after_exists, last_revision, person)
                SELECT ?1, ?2 + row_number() OVER (ORDER BY id) - 1, 'entries', CAST(id AS TEXT), 0, 1, revision, ?5
                FROM entries WHERE id BETWEEN ?3 AND ?4
                """,
                [
                    .integer(step), .integer(next), .integer(ids.lowerBound), .integer(ids.upperBound),
                    .text(db.person),
                ])
            next += db.changes
        }
        // The steps `changes` holds are counted, not their numbers (which have gaps where
        // undone steps were cleared): once `trimBatch` rows past the newest `levels` have
        // gathered, they go together.
        if try HistorySQL.mayHoldMoreSteps(than: Self.levels + Self.trimBatch - 1, in: db),
            try HistorySQL.stepFromNewest(Self.levels + Self.trimBatch - 1, in: db) != nil,
            let oldestKept = try HistorySQL.stepFromNewest(Self.levels - 1, in: db)
        {
            try HistorySQL.forgetSteps(before: oldestKept, in: db)
        }
    }
}

import FoundationEssentials

/// The change history's own SQL: its steps, their rows, and forgetting steps. Each person has
/// a history of their own (since format 18): every read of the steps asks for the connection's
/// person's (`SQLConnection.person`), by an index with the person first, and a new step names
/// them. Step numbers are one sequence for the whole store, so the gaps in a person's numbers
/// show that others made steps meanwhile (not what they were).
enum HistorySQL {
    /// The connection's person, as the statements below bind them.
    static func person(_ db: any SQLConnection) -> SQLValue { .text(db.person) }

    /// Forgets the person's undone steps: the redo list a new step of theirs clears. Every
    /// save runs this, so its test is a fixed statement that reads the partial index
    /// `changes_undone`, which holds only undone steps (a save, which adds a step that is
    /// done, never writes it).
    static func forgetUndone(in db: any SQLConnection) throws(StorageError) {
        guard
            try db.integer(
                "SELECT CAST(EXISTS (SELECT 1 FROM changes WHERE person = ? AND undone = 1) AS INTEGER)",
                [person(db)]) != 0
        else {
            return
        }
        try forget("person = ?1 AND undone = 1", [person(db)], in: db)
    }

    /// Forgets every step of the person numbered below `step`, which the caller knows exist.
    static func forgetSteps(before step: Int64, in db: any SQLConnection) throws(StorageError) {
        try forget("person = ?1 AND id < ?2", [person(db), .integer(step)], in: db)
    }

    /// Forgets the steps that match `condition` (a constant condition on `changes`; what
    /// varies is bound from `values`, so each statement is prepared once per connection),
    /// with their rows and photographs.
    private static func forget(_ condition: String, _ values: [SQLValue], in db: any SQLConnection)
        throws(StorageError)
    {
        let steps = "SELECT id FROM changes WHERE \(condition)"
        for table in UndoableTable.all {
            try db.run("DELETE FROM \(table.imagesTable) WHERE change IN (\(steps))", values)
        }
        try db.run("DELETE FROM change_rows WHERE change IN (\(steps))", values)
        try db.run("DELETE FROM changes WHERE \(condition)", values)
    }

    /// The condition on `changes` that a step of person ?1 the history keeps meets, besides
    /// being theirs: it is one of the newest `ChangeRecorder.levels` of their steps `changes`
    /// holds, done or undone. (A step leaves `changes` when it is undone and then replaced,
    /// or older than those: step numbers have gaps, so the newest hundred are counted as rows,
    /// not as a range of numbers.) Older rows wait there to be removed in a batch, and no read
    /// of the history sees them. The subquery walks the person's newest hundred ids in the
    /// index `changes_by_person` once per statement.
    static let kept = """
        id >= coalesce((SELECT id FROM changes WHERE person = ?1 ORDER BY id DESC LIMIT 1 OFFSET \(ChangeRecorder.levels - 1)), 0)
        """

    /// False when `changes` cannot hold more than `count` of the person's steps: their newest
    /// and oldest ids are closer than that (two look-ups at the ends of their part of the
    /// index). Each save asks, and counting back `count` rows every time cost more than the
    /// rest of its history bookkeeping. (Others' steps between theirs make it say true
    /// sooner; `stepFromNewest` then counts.)
    static func mayHoldMoreSteps(than count: Int64, in db: any SQLConnection) throws(StorageError) -> Bool {
        try db.integer(
            """
            SELECT coalesce((SELECT max(id) FROM changes WHERE person = ?1)
                - (SELECT min(id) FROM changes WHERE person = ?1) + 1, 0)
            """, [person(db)]) > count
    }

    /// The person's step numbered `offset` from their newest (0 is the newest) that `changes`
    /// holds, kept or not.
    static func stepFromNewest(_ offset: Int64, in db: any SQLConnection) throws(StorageError) -> Int64? {
        let id = try db.integer(
            "SELECT coalesce((SELECT id FROM changes WHERE person = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2), 0)",
            [person(db), .integer(offset)])
        return id > 0 ? id : nil
    }

    /// The person's newest step that is done: what `undo` reverts.
    static func newestDone(in db: any SQLConnection) throws(StorageError) -> Int64? {
        let id = try db.integer(
            "SELECT coalesce(max(id), 0) FROM changes WHERE person = ?1 AND undone = 0 AND \(kept)", [person(db)])
        return id > 0 ? id : nil
    }

    /// The person's step undone last that is still undone, whatever its number: what `redo`
    /// brings back.
    static func undoneLast(in db: any SQLConnection) throws(StorageError) -> Int64? {
        let id = try db.integer(
            """
            SELECT coalesce((SELECT id FROM changes WHERE person = ?1 AND undone = 1 AND \(kept)
                ORDER BY coalesce(undone_order, 0) DESC, id ASC LIMIT 1), 0)
            """, [person(db)])
        return id > 0 ? id : nil
    }

    /// One of the person's steps' header; nil when their history does not hold it (another
    /// person's step is none of theirs).
    static func header(_ id: Int64, in db: any SQLConnection) throws(StorageError) -> StepHeader? {
        let statement = try db.statement(
            "SELECT id, feature, kind, subject, undone, made_at FROM changes WHERE id = ?2 AND person = ?1 AND \(kept)")
        defer { statement.reset() }
        try statement.bind([person(db), .integer(id)])
        guard try statement.step() else { return nil }
        return header(from: statement)
    }

    /// The person's newest `limit` steps, newest first.
    static func headers(limit: Int, in db: any SQLConnection) throws(StorageError) -> [StepHeader] {
        let statement = try db.statement(
            """
            SELECT id, feature, kind, subject, undone, made_at FROM changes WHERE person = ?1 AND \(kept)
            ORDER BY id DESC LIMIT ?2
            """)
        defer { statement.reset() }
        try statement.bind([person(db), .integer(Int64(limit))])
        var headers: [StepHeader] = []
        while try statement.step() { headers.append(header(from: statement)) }
        return headers
    }

    private static func header(from row: any SQLStatement) -> StepHeader {
        StepHeader(
            id: row.int64(0), feature: FeatureID(row.text(1) ?? ""), kind: ChangeKind(row.text(2) ?? ""),
            subject: row.text(3) ?? "", isUndone: row.int64(4) != 0,
            madeAt: row.text(5).flatMap(StoredTime.date) ?? .distantPast)
    }

    /// Keeps a step's first row (?2 is 0) in the step's own row in `changes`: ?1 the step,
    /// then the row's table, key, whether it existed before and after, and its revision.
    static let keepFirstRow = """
        UPDATE changes SET row_table = ?3, row_key = ?4, before_exists = ?5, after_exists = ?6, last_revision = ?7
        WHERE id = ?1 AND ?2 = 0
        """

    /// Adds a step's row at `position` ?2 to `change_rows`; the same parameters, then ?8 the
    /// step's person.
    static let addRow = """
        INSERT INTO change_rows (change, position, row_table, row_key, before_exists, after_exists, last_revision, person)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """

    /// A step's rows, in the order it changed them: the one kept in the step's own row (since
    /// format 6, at position 0) and those in `change_rows`. ?1 is the step.
    private static let rowsOfStep = """
        SELECT 0 AS position, row_table, row_key, before_exists, after_exists, last_revision
        FROM changes WHERE id = ?1 AND row_table IS NOT NULL
        UNION ALL
        SELECT position, row_table, row_key, before_exists, after_exists, last_revision
        FROM change_rows WHERE change = ?1
        """

    /// `step_keys (row_table, key)`: every row step ?1 changed, whichever table keeps it, for
    /// the SQL that counts what would still use a row (`UndoableTable.usersSQL`).
    static let stepKeys = """
        WITH step_keys (row_table, key) AS (
            SELECT row_table, row_key FROM changes WHERE id = ?1 AND row_table IS NOT NULL
            UNION ALL
            SELECT row_table, row_key FROM change_rows WHERE change = ?1)
        """

    /// The tables whose rows a step puts back in bulk, as an SQL list (`'entries'`).
    private static let bulkTables = UndoableTable.all.filter(\.isPutBackInBulk).map { "'\($0.name)'" }
        .joined(separator: ", ")

    /// The rows a step changed that are put back one by one, in the order it changed them: the
    /// one in the step's own row, and those in `change_rows` of tables not put back in bulk.
    /// The others are not read: an import's step holds thousands.
    static func rows(of step: Int64, in db: any SQLConnection) throws(StorageError) -> [StepRow] {
        let statement = try db.statement(
            """
            SELECT 0 AS position, row_table, row_key, before_exists, after_exists, last_revision
            FROM changes WHERE id = ?1 AND row_table IS NOT NULL
            UNION ALL
            SELECT position, row_table, row_key, before_exists, after_exists, last_revision
            FROM change_rows WHERE change = ?1 AND row_table NOT IN (\(bulkTables))
            ORDER BY position
            """)
        defer { statement.reset() }
        try statement.bind([.integer(step)])
        var rows: [StepRow] = []
        while try statement.step() {
            if let row = stepRow(from: statement) { rows.append(row) }
        }
        return rows
    }

    /// The row at `position` of a step, of any table; nil when the step has none there.
    static func row(at position: Int64, of step: Int64, in db: any SQLConnection) throws(StorageError) -> StepRow? {
        let statement = try db.statement("SELECT * FROM (\(rowsOfStep)) AS s WHERE position = ?2")
        defer { statement.reset() }
        try statement.bind([.integer(step), .integer(position)])
        return try statement.step() ? stepRow(from: statement) : nil
    }

    /// The tables whose rows a step puts back one by one, as an SQL list (`'habits', 'kinds'`).
    private static let oneByOneTables = UndoableTable.all.filter { !$0.isPutBackInBulk }.map { "'\($0.name)'" }
        .joined(separator: ", ")

    /// How many rows a step changed, how many of them are of each table put back one by one
    /// (the rest are a bulk table's: an import's entries), and its first row, for describing
    /// it cheaply. Those tables' rows are found by the index of the person's rows by table
    /// (`+change`), not among the step's own rows, which for an import are thousands of entries.
    static func summary(of step: Int64, in db: any SQLConnection) throws(StorageError)
        -> (count: Int, counts: [String: Int], first: StepRow?)
    {
        let count = try db.integer("SELECT count(*) FROM (\(rowsOfStep)) AS s", [.integer(step)])
        let counting = try db.statement(
            """
            SELECT row_table, count(*) FROM (
                SELECT row_table FROM changes WHERE id = ?1 AND row_table IN (\(oneByOneTables))
                UNION ALL
                SELECT row_table FROM change_rows
                WHERE person = ?2 AND +change = ?1 AND row_table IN (\(oneByOneTables))) AS s
            GROUP BY row_table
            """)
        defer { counting.reset() }
        try counting.bind([.integer(step), person(db)])
        var counts: [String: Int] = [:]
        while try counting.step() { counts[counting.text(0) ?? ""] = Int(counting.int64(1)) }
        let statement = try db.statement("\(rowsOfStep) ORDER BY 1 LIMIT 1")
        defer { statement.reset() }
        try statement.bind([.integer(step)])
        return (Int(count), counts, try statement.step() ? stepRow(from: statement) : nil)
    }

    /// A row of `rowsOfStep`; nil when its table or key is not one the history knows.
    private static func stepRow(from statement: any SQLStatement) -> StepRow? {
        guard let table = statement.text(1).flatMap(UndoableTable.named),
            let key = statement.text(2).flatMap(table.key)
        else { return nil }
        return StepRow(
            position: statement.int64(0), table: table, key: key, existedBefore: statement.int64(3) != 0,
            existsAfter: statement.int64(4) != 0, lastRevision: statement.int64(5))
    }

    /// The rows that the person's done steps newer than `step` keep in their own row, as
    /// `table key` texts, each with the newest such step: read once for a whole undo or redo,
    /// however many rows it checks. (Another person's steps change none of the person's rows;
    /// a row that holds another person's name is not as the step left it, which the row's own
    /// comparison with its photograph finds, and says without naming their step.)
    static func rowsKeptByNewerSteps(after step: Int64, in db: any SQLConnection) throws(StorageError) -> [String:
        Int64]
    {
        let statement = try db.statement(
            """
            SELECT row_table, row_key, id FROM changes
            WHERE person = ?1 AND id > ?2 AND undone = 0 AND row_table IS NOT NULL
            """)
        defer { statement.reset() }
        try statement.bind([person(db), .integer(step)])
        var rows: [String: Int64] = [:]
        while try statement.step() {
            let key = "\(statement.text(0) ?? "") \(statement.text(1) ?? "")"
            rows[key] = max(rows[key] ?? 0, statement.int64(2))
        }
        return rows
    }

    /// The person's newest done step newer than `step` that changed the same row, if any: one
    /// of `keptByNewer` (`rowsKeptByNewerSteps`), or a row in `change_rows`, found by its index.
    static func newestNewerStep(
        changing row: StepRow, after step: Int64, keptByNewer: [String: Int64], in db: any SQLConnection
    ) throws(StorageError) -> Int64? {
        let kept = keptByNewer["\(row.table.name) \(row.key.text)"] ?? 0
        let listed = try db.integer(
            """
            SELECT coalesce(max(r.change), 0) FROM change_rows r JOIN changes c ON c.id = r.change
            WHERE r.person = ? AND r.row_table = ? AND r.row_key = ? AND r.change > ? AND c.undone = 0
            """, [person(db), .text(row.table.name), .text(row.key.text), .integer(step)])
        let newest = max(kept, listed)
        return newest > 0 ? newest : nil
    }

    /// Marks a step of the person undone, as the one they undid last (above every other of
    /// their undone steps' `undone_order`, read by the partial index `changes_undone`), or done.
    static func setUndone(_ step: Int64, _ undone: Bool, in db: any SQLConnection) throws(StorageError) {
        try db.run(
            """
            UPDATE changes SET undone = ?1,
                undone_order = CASE WHEN CAST(?1 AS BIGINT) = 1 THEN (
                    SELECT coalesce(max(undone_order), 0) + 1 FROM changes WHERE person = ?3 AND undone = 1) END
            WHERE id = ?2 AND person = ?3
            """, [.integer(undone ? 1 : 0), .integer(step), person(db)])
    }

    static func setLastRevision(_ revision: Int64, of row: StepRow, in step: Int64, db: any SQLConnection)
        throws(StorageError)
    {
        // The row is in one place or the other: a step's own row keeps position 0 only
        // for steps made since format 6.
        let values: [SQLValue] = [.integer(revision), .integer(step), .integer(row.position)]
        try db.run(raiseStepRevision[db.dialect], values)
        try db.run(raiseRowRevision[db.dialect], values)
    }

    /// The larger of two values is `max` on SQLite and `GREATEST` on PostgreSQL (whose `max`
    /// is only an aggregate).
    private static let raiseStepRevision = DialectText { dialect in
        """
        UPDATE changes SET last_revision = \(greatest(dialect))(last_revision, ?1)
        WHERE id = ?2 AND ?3 = 0 AND row_table IS NOT NULL
        """
    }
    private static let raiseRowRevision = DialectText { dialect in
        "UPDATE change_rows SET last_revision = \(greatest(dialect))(last_revision, ?1) WHERE change = ?2 AND position = ?3"
    }

    private static func greatest(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: return "max"
        case .postgresql: return "GREATEST"
        }
    }
}

/// A step as `changes` records it.
struct StepHeader: Sendable, Equatable {
    var id: Int64
    var feature: FeatureID
    var kind: ChangeKind
    var subject: String
    var isUndone: Bool
    var madeAt: Date
}

/// One row a step changed.
struct StepRow: Sendable {
    var position: Int64
    var table: UndoableTable
    var key: ChangedRowKey
    var existedBefore: Bool
    var existsAfter: Bool
    /// The highest revision the row is known to have had: a row put back gets a higher one.
    var lastRevision: Int64
}

/// The history's side of putting back a table's rows in bulk (`BulkSQL`): the step's rows of
/// the table in `change_rows` as one relation, the rows newer steps changed, and the revisions
/// the step records. (A step's row kept in its own row of `changes` is put back on its own.)
/// Every statement takes ?1 the step, ?2 the side the rows must match, ?3 the side they get.
extension HistorySQL {
    /// Whether a row of `change_rows` exists on side ?2, and on side ?3. The casts give the
    /// sides a type: PostgreSQL reads an untyped parameter compared with 1 as text.
    private static let mustExist = "CASE CAST(?2 AS INTEGER) WHEN 1 THEN after_exists ELSE before_exists END"
    private static let willExist = "CASE CAST(?3 AS INTEGER) WHEN 1 THEN after_exists ELSE before_exists END"

    /// `step_rows`: the step's rows of `table` in `change_rows` that meet `condition` (on
    /// `change_rows`), with whether each must exist now and whether it will. A plain view of
    /// one table, so SQLite reads it in the statement that uses it, by the primary key, and
    /// stores none of it. (`+row_table` keeps SQLite from reading it through the index of
    /// rows by table, which holds every step's rows of the table.) The table's name is one of
    /// `UndoableTable.all`, never a user's text.
    /// PostgreSQL has no unary `+` on text and needs no hint: there, plain `row_table`.
    /// `must_exist` and `will_exist` are comparisons, so PostgreSQL reads them as booleans
    /// (SQLite as 0 or 1, as before).
    static func stepRows(of table: UndoableTable, where condition: String = "1 = 1", in dialect: SQLDialect)
        -> String
    {
        """
        WITH step_rows (position, key, must_exist, will_exist, last_revision) AS (
            SELECT position, row_key, (\(mustExist)) = 1, (\(willExist)) = 1, last_revision
            FROM change_rows WHERE change = ?1 AND \(hinted("row_table", dialect)) = '\(table.name)' AND \(condition))
        """
    }

    /// `column` with SQLite's unary `+`, which keeps its planner from reading it by an index.
    static func hinted(_ column: String, _ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: return "+" + column
        case .postgresql: return column
        }
    }

    private static let hasRowsText = DialectText(
        sqlite: "SELECT EXISTS (SELECT 1 FROM change_rows WHERE change = ?1 AND +row_table = ?2)",
        postgresql: "SELECT CAST(EXISTS (SELECT 1 FROM change_rows WHERE change = ?1 AND row_table = ?2) AS INTEGER)")
    private static let rowCountText = DialectText(
        sqlite: "SELECT count(*) FROM change_rows WHERE change = ?1 AND +row_table = ?2",
        postgresql: "SELECT count(*) FROM change_rows WHERE change = ?1 AND row_table = ?2")

    /// True when the step has rows of `table` in `change_rows`.
    static func hasRows(of table: UndoableTable, in step: Int64, db: any SQLConnection) throws(StorageError) -> Bool {
        try db.integer(hasRowsText[db.dialect], [.integer(step), .text(table.name)]) != 0
    }

    /// How many rows of `table` the step has in `change_rows`.
    static func rowCount(of table: UndoableTable, in step: Int64, db: any SQLConnection) throws(StorageError) -> Int64 {
        try db.integer(rowCountText[db.dialect], [.integer(step), .text(table.name)])
    }

    /// True when a step of the person newer than `step` is done: only then can one have
    /// changed its rows.
    static func hasNewerDoneStep(than step: Int64, in db: any SQLConnection) throws(StorageError) -> Bool {
        try db.integer(
            "SELECT CAST(EXISTS (SELECT 1 FROM changes WHERE person = ? AND id > ? AND undone = 0) AS INTEGER)",
            [person(db), .integer(step)]) != 0
    }

    /// The first position above `after` among the step's rows of `table` that a done step of
    /// the person newer than it changed too (`newestNewerStep` says which); nil when there is none. The
    /// newer steps' rows are read once, by the primary key of `change_rows` (from the step on,
    /// not every step's rows of the table, which `+row_table` keeps SQLite from reading).
    static func firstChangedByNewerStep(
        _ table: UndoableTable, in step: Int64, sides: [SQLValue], after: Int64, db: any SQLConnection
    ) throws(StorageError) -> Int64? {
        let position = try db.integer(
            """
            \(stepRows(of: table, in: db.dialect))
            SELECT coalesce(min(r.position), -1) FROM step_rows r
            WHERE r.position > ?4 AND (
                r.key IN (SELECT n.row_key FROM change_rows n JOIN changes c ON c.id = n.change
                    WHERE n.change > ?1 AND \(hinted("n.row_table", db.dialect)) = '\(table.name)' AND c.undone = 0
                        AND c.person = ?5)
                OR r.key IN (SELECT row_key FROM changes
                    WHERE person = ?5 AND id > ?1 AND undone = 0 AND row_table = '\(table.name)'))
            """, [.integer(step)] + sides + [.integer(after), person(db)])
        return position >= 0 ? position : nil
    }

    /// Raises each row's `last_revision` to the revision it has after the bulk update and
    /// insert, before the bulk delete: what `setLastRevision` does for one row. A row that
    /// existed is read (the update raised its revision; a row about to go keeps it); a row
    /// just added has `last_revision + 1`, as `BulkSQL.insertSQL` gave it.
    static func noteRevisions(
        of table: UndoableTable, _ bulk: BulkSQL, in step: Int64, sides: [SQLValue], db: any SQLConnection
    ) throws(StorageError) {
        let values = [.integer(step)] + sides
        try db.run(
            """
            \(stepRows(of: table, where: "(\(mustExist)) = 1", in: db.dialect)), now (position, revision) AS (\(bulk.revisionsSQL))
            UPDATE change_rows SET last_revision = now.revision FROM now
            WHERE change_rows.change = ?1 AND change_rows.position = now.position
                AND now.revision > change_rows.last_revision
            """, values)
        try db.run(
            """
            UPDATE change_rows SET last_revision = last_revision + 1
            WHERE change = ?1 AND \(hinted("row_table", db.dialect)) = '\(table.name)'
                AND (\(mustExist)) = 0 AND (\(willExist)) = 1
            """, values)
    }
}

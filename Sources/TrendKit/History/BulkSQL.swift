/// How the history checks and puts back every row of one table in a step with a few
/// statements, where the one-row SQL of `UndoableTable` takes a few statements for each row:
/// an import's step holds thousands of entries. A table declares it with its own SQL.
///
/// Each statement is written to follow the history's `step_rows` (`HistorySQL.stepRows(of:)`):
/// the step's rows of the table in `change_rows` (all of an import's; a step's row kept in its
/// own row of `changes` is put back on its own), as
/// `(position, key, must_exist, will_exist, last_revision)`,
/// where `must_exist` says whether the row exists as the step left it on the side it is put
/// back from, and `will_exist` whether it exists on the side it gets. Parameters: ?1 the step,
/// ?2 the side the rows must match now (0 before, 1 after), ?3 the side they get.
///
/// Only a table whose rows stand alone is put back in bulk (`UndoableTable.isPutBackInBulk`):
/// no rows hang on them, they hang on none, and no other row can hold a value one of them
/// must hold alone, so the order they are written in cannot matter.
public struct BulkSQL: Sendable {
    /// The first position above ?4 whose row does not exist as it must, or does not hold
    /// what its image on side ?2 holds (revisions aside); -1 when every row is as it must be.
    let firstChangedSQL: DialectText
    /// Overwrites the rows that exist on both sides with their image on side ?3, raising
    /// each one's revision.
    let updateSQL: String
    /// Adds the rows that exist on side ?3 only, each with the revision `last_revision + 1`
    /// (above any it had, so a draft opened before never matches it; the history notes it so).
    let insertSQL: String
    /// After the update and the insert: brings what the images hold besides the rows' own
    /// columns (entries' measurements) in line, for every row that exists on side ?3.
    let restoreSQL: [DialectText]
    /// Removes the rows that exist on side ?2 only.
    let deleteSQL: String
    /// `(position, revision)` of each row that exists now.
    let revisionsSQL: String
    /// The rows that exist now, in the order of their positions, as `current` reads them.
    let currentSQL: DialectText
    /// A row of `currentSQL`: its position, and the row as a value.
    let current: @Sendable (any SQLStatement) -> (position: Int64, value: RowValue)
    /// Runs the writes of that many rows (for entries: with the per-day trend's note of each
    /// row set aside for a large step, the table rebuilt once instead).
    let writing: @Sendable (any SQLConnection, Int64, () throws(StorageError) -> Void) throws(StorageError) -> Void

    init(
        firstChangedSQL: DialectText, updateSQL: String, insertSQL: String, restoreSQL: [DialectText] = [],
        deleteSQL: String,
        revisionsSQL: String,
        currentSQL: DialectText, current: @escaping @Sendable (any SQLStatement) -> (position: Int64, value: RowValue),
        writing:
            @escaping @Sendable (any SQLConnection, Int64, () throws(StorageError) -> Void) throws(StorageError)
            -> Void = { _, _, write throws(StorageError) in try write() }
    ) {
        self.firstChangedSQL = firstChangedSQL
        self.updateSQL = updateSQL
        self.insertSQL = insertSQL
        self.restoreSQL = restoreSQL
        self.deleteSQL = deleteSQL
        self.revisionsSQL = revisionsSQL
        self.currentSQL = currentSQL
        self.current = current
        self.writing = writing
    }
}

/// Undo and redo of the rows of tables put back in bulk (`BulkSQL`): a few statements for all
/// of a table's rows in a step, however many there are, where one by one each row costs a
/// few. An import's step of 200,000 entries is checked, written and read back in about ten
/// statements.
extension SQLHistoryRepository {
    /// The values every bulk statement takes after the step: the side the rows must match
    /// now, and the side they get.
    private static func sides(_ direction: Direction) -> [SQLValue] {
        [.integer(direction.from), .integer(direction.to)]
    }

    /// The first position above `after`, among the step's rows of `tables`, whose row is not
    /// as the step left it (a newer done step changed it, it exists when it must not or not
    /// when it must, or it holds something else); nil when every one is.
    static func firstChanged(
        _ tables: [UndoableTable], of step: Int64, _ direction: Direction, after: Int64, _ db: any SQLConnection
    ) throws(StorageError) -> Int64? {
        guard !tables.isEmpty else { return nil }
        let newer = try HistorySQL.hasNewerDoneStep(than: step, in: db)
        var first: Int64?
        for table in tables {
            guard let bulk = table.bulk else { continue }
            if newer,
                let position = try HistorySQL.firstChangedByNewerStep(
                    table, in: step, sides: sides(direction), after: after, db: db)
            {
                first = min(first ?? position, position)
            }
            let position = try db.integer(
                "\(HistorySQL.stepRows(of: table, in: db.dialect)) \(bulk.firstChangedSQL[db.dialect])",
                [.integer(step)] + sides(direction) + [.integer(after)])
            if position >= 0 { first = min(first ?? position, position) }
        }
        return first
    }

    /// Writes every row of `table` in the step as its photographs on the target side hold
    /// them, as `put` does one row: the rows that exist on both sides are overwritten, those
    /// on the target side only are added with a revision above any they had, and the others
    /// removed, after their revisions are noted.
    static func putInBulk(_ table: UndoableTable, of step: Int64, _ direction: Direction, _ db: any SQLConnection)
        throws(StorageError)
    {
        guard let bulk = table.bulk else { return }
        let rows = HistorySQL.stepRows(of: table, in: db.dialect)
        let values = [.integer(step)] + sides(direction)
        try bulk.writing(db, try HistorySQL.rowCount(of: table, in: step, db: db)) { () throws(StorageError) in
            try db.run("\(rows) \(bulk.updateSQL)", values)
            try db.run("\(rows) \(bulk.insertSQL)", values)
            for statement in bulk.restoreSQL { try db.run("\(rows) \(statement[db.dialect])", values) }
            try HistorySQL.noteRevisions(of: table, bulk, in: step, sides: sides(direction), db: db)
            try db.run("\(rows) \(bulk.deleteSQL)", values)
        }
    }

    /// The step's rows as they are now, in the order it changed them: those put back one by
    /// one, then each bulk table's, merged by position.
    static func rowsNow(
        _ rows: [StepRow], inBulk tables: [UndoableTable], of step: Int64, _ direction: Direction,
        _ db: any SQLConnection
    ) throws(StorageError) -> [RowValue] {
        var found: [(position: Int64, value: RowValue)] = []
        for row in rows {
            if let value = try row.table.current(db, row.key) { found.append((row.position, value)) }
        }
        var groups = found.isEmpty ? 0 : 1
        for table in tables {
            guard let bulk = table.bulk else { continue }
            let statement = try db.statement(
                "\(HistorySQL.stepRows(of: table, in: db.dialect)) \(bulk.currentSQL[db.dialect])")
            defer { statement.reset() }
            try statement.bind([.integer(step)] + sides(direction))
            let before = found.count
            while try statement.step() { found.append(bulk.current(statement)) }
            if found.count > before { groups += 1 }
        }
        // Each group is in order already; only rows of several must be merged.
        if groups > 1 { found.sort { $0.position < $1.position } }
        return found.map(\.value)
    }
}

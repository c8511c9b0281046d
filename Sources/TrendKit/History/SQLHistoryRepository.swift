/// The change history's SQL, and undo and redo. A step is put back from its photographs,
/// row by row, in one write transaction under the step's own feature (so that feature's
/// faults apply), after checking that every row is still as the step left it: no newer step
/// changed it, and it holds what the photograph holds. The undo or redo is recorded as an
/// operation in the same transaction, so a retry applies it once.
@MainActor
public final class SQLHistoryRepository: HistoryRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    /// Which way a step is being put back.
    enum Direction: String {
        case undo
        case redo

        /// The side of the photographs the rows must match before, and the one they get.
        var from: Int64 { self == .undo ? 1 : 0 }
        var to: Int64 { self == .undo ? 0 : 1 }
    }

    public func steps(limit: Int) throws(StorageError) -> [HistoryStep] { try listing(limit: limit).steps }

    public func listing(limit: Int) throws(StorageError) -> HistoryListing {
        try store.read(.history, loading: true) { db throws(StorageError) in
            var steps: [HistoryStep] = []
            for header in try HistorySQL.headers(limit: limit, in: db) { steps.append(try Self.describe(header, db)) }
            return HistoryListing(
                steps: steps, nextToUndo: try HistorySQL.newestDone(in: db),
                nextToRedo: try HistorySQL.undoneLast(in: db))
        }
    }

    public func step(_ id: Int64) throws(StorageError) -> HistoryStep? {
        try store.read(.history) { db throws(StorageError) in try Self.step(id, db) }
    }

    public func nextToUndo() throws(StorageError) -> HistoryStep? {
        try store.read(.history) { db throws(StorageError) in try Self.step(HistorySQL.newestDone(in: db), db) }
    }

    public func nextToRedo() throws(StorageError) -> HistoryStep? {
        try store.read(.history) { db throws(StorageError) in try Self.step(HistorySQL.undoneLast(in: db), db) }
    }

    public func undo(step: Int64?, operation: OperationID, held: RowsHeldOutside) throws(StorageError)
        -> HistoryOutcome
    {
        try apply(.undo, step: step, operation: operation, held: held)
    }

    public func redo(step: Int64?, operation: OperationID, held: RowsHeldOutside) throws(StorageError)
        -> HistoryOutcome
    {
        try apply(.redo, step: step, operation: operation, held: held)
    }

    public func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool {
        try store.read(.history) { db throws(StorageError) in try OperationLog.wasApplied(operation, in: db) }
    }

    /// Finds the step and its feature with a read, then puts it back in a write under that
    /// feature, checking everything again inside the transaction.
    private func apply(_ direction: Direction, step target: Int64?, operation: OperationID, held: RowsHeldOutside)
        throws(StorageError) -> HistoryOutcome
    {
        let feature: FeatureID? = try store.read(.history) { db throws(StorageError) in
            if try OperationLog.wasApplied(operation, in: db) { return nil }
            guard let id = try Self.chosen(target, direction, db) else { return nil }
            return try HistorySQL.header(id, in: db)?.feature
        }
        return try store.write(feature ?? .history) { db throws(StorageError) in
            try Self.apply(direction, step: target, operation: operation, held: held, db)
        }
    }

    /// The step asked for, or the one the direction takes next.
    private static func chosen(_ target: Int64?, _ direction: Direction, _ db: any SQLConnection) throws(StorageError)
        -> Int64?
    {
        if let target { return target }
        return direction == .undo ? try HistorySQL.newestDone(in: db) : try HistorySQL.undoneLast(in: db)
    }

    private static func apply(
        _ direction: Direction, step target: Int64?, operation: OperationID, held: RowsHeldOutside,
        _ db: any SQLConnection
    ) throws(StorageError) -> HistoryOutcome {
        if let applied = try OperationLog.applied(operation, in: db) {
            return .alreadyApplied(try step(applied.target, db))
        }
        guard let id = try chosen(target, direction, db) else {
            return .refused(direction == .undo ? .nothingToUndo : .nothingToRedo)
        }
        guard let header = try HistorySQL.header(id, in: db) else { return .refused(.noSuchStep(id)) }
        let described = try describe(header, db)
        if direction == .undo && header.isUndone { return .refused(.alreadyUndone(described)) }
        if direction == .redo && !header.isUndone { return .refused(.alreadyRedone(described)) }
        // Rows of a table that stands alone (entries) are checked and put back a table at a
        // time, in a few statements; the others one by one.
        let rows = try HistorySQL.rows(of: id, in: db)
        var inBulk: [UndoableTable] = []
        for table in UndoableTable.all where table.isPutBackInBulk {
            if try HistorySQL.hasRows(of: table, in: id, db: db) { inBulk.append(table) }
        }
        if let refusal = try check(rows, inBulk: inBulk, of: described, direction, db) { return .refused(refusal) }
        for table in UndoableTable.all {
            guard let (used, sql) = table.missingUses else { continue }
            let putBack = Set(
                rows.filter { $0.table.name == used && (direction == .undo ? $0.existedBefore : $0.existsAfter) }
                    .map(\.key.text))
            let statement = try db.statement("\(HistorySQL.stepKeys) \(sql[db.dialect])")
            defer { statement.reset() }
            try statement.bind([.integer(id), .integer(direction.to)])
            while try statement.step() {
                if let missing = statement.text(0), !putBack.contains(missing) {
                    return .refused(.usesMissing(described, word: missing))
                }
            }
        }
        // Every row is as the step left it: one it removes must not be held outside the store.
        for row in rows where held.holds(row) && !(direction == .undo ? row.existedBefore : row.existsAfter) {
            return .refused(.heldOutside(described, row: try row.table.current(db, row.key)))
        }

        // Rows that will exist are written in the order they were recorded (a habit before its
        // days), rows that will not are removed in the opposite order (its days first), so no
        // row ever points at one that is not there.
        let (kept, removed) = rows.reduce(into: ([StepRow](), [StepRow]())) { parts, row in
            if direction == .undo ? row.existedBefore : row.existsAfter {
                parts.0.append(row)
            } else {
                parts.1.append(row)
            }
        }
        for row in kept { try put(row, of: id, direction, db) }
        for table in inBulk { try putInBulk(table, of: id, direction, db) }
        for row in removed.reversed() { try put(row, of: id, direction, db) }
        var tables: [String] = []
        for table in rows.map(\.table) + inBulk where !tables.contains(table.name) {
            tables.append(table.name)
            try table.afterChange(db)
        }
        try HistorySQL.setUndone(id, direction == .undo, in: db)
        try OperationLog.record(operation, feature: header.feature, kind: direction.rawValue, target: id, in: db)
        // Undo and redo change no photograph, so the step is described as before, but for its state.
        var step = described
        step.isUndone = direction == .undo
        return .applied(step, rowsNow: try rowsNow(rows, inBulk: inBulk, of: id, direction, db))
    }

    /// Why the rows cannot be put back, or nil when every one is as the step left it. The
    /// rows of `inBulk` tables are judged a table at a time; the first of them that is not as
    /// the step left it is then judged as any row is, so that the refusal is the same one,
    /// naming the same row, as if every row had been judged in turn.
    private static func check(
        _ rows: [StepRow], inBulk tables: [UndoableTable], of step: HistoryStep, _ direction: Direction,
        _ db: any SQLConnection
    ) throws(StorageError) -> HistoryError? {
        let keptByNewer = try HistorySQL.rowsKeptByNewerSteps(after: step.id, in: db)
        var waiting = rows[...]
        var after: Int64 = -1
        while true {
            let next = try firstChanged(tables, of: step.id, direction, after: after, db)
            while let row = waiting.first, row.position < next ?? .max {
                if let refusal = try check(row, among: rows, of: step, direction, keptByNewer: keptByNewer, db) {
                    return refusal
                }
                waiting.removeFirst()
            }
            guard let next else { return nil }
            if let row = try HistorySQL.row(at: next, of: step.id, in: db),
                let refusal = try check(row, among: rows, of: step, direction, keptByNewer: keptByNewer, db)
            {
                return refusal
            }
            after = next
        }
    }

    /// Why `row` cannot be put back, or nil when it is as the step left it. `rows` are the
    /// step's rows put back one by one (a habit's days go with it only when they are among them).
    private static func check(
        _ row: StepRow, among rows: [StepRow], of step: HistoryStep, _ direction: Direction,
        keptByNewer: [String: Int64], _ db: any SQLConnection
    ) throws(StorageError) -> HistoryError? {
        if let newer = try HistorySQL.newestNewerStep(changing: row, after: step.id, keptByNewer: keptByNewer, in: db),
            let newerStep = try Self.step(newer, db)
        {
            return .changedByNewerStep(step, newer: newerStep, row: try row.table.current(db, row.key))
        }
        let shouldExist = direction == .undo ? row.existsAfter : row.existedBefore
        let exists = try db.integer(row.table.existsSQL, row.key.values) != 0
        var unchanged = exists == shouldExist
        if unchanged && exists {
            unchanged =
                try db.integer(
                    row.table.matchesSQL[db.dialect],
                    [.integer(step.id), .integer(row.position), .integer(direction.from)])
                != 0
        }
        guard unchanged else {
            let expected = shouldExist ? try row.table.image(db, step.id, row.position, direction.from) : nil
            return .changedSince(step, expected: expected, now: try row.table.current(db, row.key))
        }
        let willExist = direction == .undo ? row.existedBefore : row.existsAfter
        if !willExist, exists, let dependents = row.table.dependents {
            // Removing the row takes what hangs on it: only what this step removes too may.
            let going = rows.filter {
                $0.table.name == dependents.table && $0.key.values.first == row.key.values.first
                    && !(direction == .undo ? $0.existedBefore : $0.existsAfter)
            }
            if try db.integer(dependents.countSQL, row.key.values) > going.count {
                return .changedSince(
                    step, expected: try row.table.image(db, step.id, row.position, direction.from),
                    now: try row.table.current(db, row.key))
            }
        }
        if !willExist, exists, let usersSQL = row.table.usersSQL {
            // Removing the row would leave values that use it (a kind's, in entries) without it.
            let users = try db.integer(
                "\(HistorySQL.stepKeys) \(usersSQL[db.dialect])",
                [.integer(step.id), .integer(direction.to)] + row.key.values)
            if users > 0 { return .inUse(step, row: try row.table.current(db, row.key), count: Int(users)) }
        }
        if willExist, let clashSQL = row.table.clashSQL,
            try db.integer(clashSQL, [.integer(step.id), .integer(row.position), .integer(direction.to)]) != 0
        {
            let name: String
            if case .habit(let habit)? = try row.table.image(db, step.id, row.position, direction.to) {
                name = habit.name
            } else {
                name = step.subject
            }
            return .nameTaken(step, name: name)
        }
        return nil
    }

    /// Writes one row as the photograph on the target side holds it: an update, an insert
    /// (with a revision above any it had, so a draft opened before never matches it), or a delete.
    private static func put(_ row: StepRow, of step: Int64, _ direction: Direction, _ db: any SQLConnection)
        throws(StorageError)
    {
        let table = row.table
        let exists = try db.integer(table.existsSQL, row.key.values) != 0
        let willExist = direction == .undo ? row.existedBefore : row.existsAfter
        let image: [SQLValue] = [.integer(step), .integer(row.position), .integer(direction.to)]
        var revision = row.lastRevision
        if exists, let revisionSQL = table.revisionSQL {
            revision = max(revision, try db.integer(revisionSQL, row.key.values))
        }
        switch (exists, willExist) {
        case (true, true): try db.run(table.updateSQL, image + row.key.values)
        case (false, true):
            try db.run(table.insertSQL, image + (table.revisionSQL == nil ? [] : [.integer(revision + 1)]))
        case (true, false): try db.run(table.deleteSQL, row.key.values)
        case (false, false): break
        }
        if willExist {
            for statement in table.restoreSQL { try db.run(statement[db.dialect], image) }
        }
        if willExist, let revisionSQL = table.revisionSQL {
            revision = max(revision, try db.integer(revisionSQL, row.key.values))
        }
        try HistorySQL.setLastRevision(revision, of: row, in: step, db: db)
    }

    private static func step(_ id: Int64?, _ db: any SQLConnection) throws(StorageError) -> HistoryStep? {
        guard let id, let header = try HistorySQL.header(id, in: db) else { return nil }
        return try describe(header, db)
    }

    /// A step with its first row before and after it.
    static func describe(_ header: StepHeader, _ db: any SQLConnection) throws(StorageError) -> HistoryStep {
        let (count, counts, first) = try HistorySQL.summary(of: header.id, in: db)
        var before: RowValue?
        var after: RowValue?
        if let first {
            if first.existedBefore { before = try first.table.image(db, header.id, first.position, 0) }
            if first.existsAfter { after = try first.table.image(db, header.id, first.position, 1) }
        }
        return HistoryStep(
            id: header.id, kind: header.kind, feature: header.feature, subject: header.subject,
            isUndone: header.isUndone, madeAt: header.madeAt, rowCount: count, rowCounts: counts, before: before,
            after: after)
    }
}

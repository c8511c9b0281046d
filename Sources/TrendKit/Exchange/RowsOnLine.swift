/// The rows that start on one line of one of an import's files, as the file holds them, for
/// `fix` to find the row it addresses and say how it reads. A CSV line holds one row; an
/// Apple Health `export.xml` or a JSON export may hold several.
public struct RowsOnLine {
    let rows: [RawRow]
    let reader: RowReader

    /// How many rows start on the line.
    public var count: Int { rows.count }

    /// How row `ordinal` (from 1) reads with `fix` applied; nil when the line has no such row.
    public func check(_ ordinal: Int, fix: ImportFix?) -> RowCheck? {
        guard ordinal >= 1, ordinal <= rows.count else { return nil }
        var row = rows[ordinal - 1]
        if let fix {
            if fix.skipped { return .skipped }
            fix.apply(to: &row)
        }
        switch reader.read(row) {
        case .success(let entry): return .readsAs(entry)
        case .failure(let problem): return .rejected(problem)
        }
    }
}

/// A fix an earlier trendsh kept by line alone that restoring could not settle on one row,
/// so it was dropped.
public struct DroppedLineFix: Equatable, Sendable {
    /// Why it could not be settled.
    public enum Reason: Equatable, Sendable {
        /// No row starts on the line now.
        case noRow
        /// Several rows start on the line, so it cannot say which one it meant.
        case severalRows(Int)
        /// The file could not be read to find out.
        case unreadable(ImportFileProblem)
    }

    public var line: LineKey
    public var fix: ImportFix
    public var reason: Reason

    public init(line: LineKey, fix: ImportFix, reason: Reason) {
        self.line = line
        self.fix = fix
        self.reason = reason
    }
}

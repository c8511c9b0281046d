/// A correction the person typed for one row of an import: a field's text that replaces
/// what the file holds, or the row left out. Fixes live in the import draft (and so in the
/// draft file); the file itself is never changed.
public struct ImportFix: Equatable, Sendable {
    /// The fields a fix can replace.
    public enum Field: String, Sendable, CaseIterable {
        case weight
        case date
        case note
    }

    /// Replacement texts by field; a date is kept as an ISO 8601 time with its offset, a
    /// weight as typed with the unit it is read in.
    public var fields: [Field: String] = [:]
    /// Replacement texts of kinds other than weight (`fix 4 fat 21.5`), as typed; empty text
    /// leaves the kind's value out of the row.
    public var measures: [KindID: String] = [:]
    /// True when the row is left out of the import.
    public var skipped = false

    public init(fields: [Field: String] = [:], measures: [KindID: String] = [:], skipped: Bool = false) {
        self.fields = fields
        self.measures = measures
        self.skipped = skipped
    }

    public var isEmpty: Bool { fields.isEmpty && measures.isEmpty && !skipped }

    /// Applies the fix's texts to a raw row.
    func apply(to row: inout RawRow) {
        for field in Field.allCases {
            if let text = fields[field] { row.replace(field, with: text) }
        }
        for (kind, text) in measures.sorted(by: { $0.key < $1.key }) { row.replace(kind, with: text) }
    }
}

/// A row of one of the import's files: the file's position in the import, the line the row
/// starts on, and which of the rows starting on that line it is. A CSV line holds one row; an
/// Apple Health `export.xml` or a JSON export may hold several on one line, so the line alone
/// does not always name one row.
public struct RowKey: Hashable, Sendable, Comparable {
    public var file: Int
    public var line: Int
    /// Which of the rows that start on `line` this is, counted from 1.
    public var ordinal: Int

    public init(file: Int, line: Int, ordinal: Int = 1) {
        self.file = file
        self.line = line
        self.ordinal = ordinal
    }

    public static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        (lhs.file, lhs.line, lhs.ordinal) < (rhs.file, rhs.line, rhs.ordinal)
    }
}

/// A line of one of the import's files, as an earlier trendsh named a fixed row: by its line
/// alone. Restoring such a draft settles each of these fixes on the one row of its line, or
/// drops it when the line holds no row or several.
public struct LineKey: Hashable, Sendable, Comparable {
    public var file: Int
    public var line: Int

    public init(file: Int, line: Int) {
        self.file = file
        self.line = line
    }

    public static func < (lhs: LineKey, rhs: LineKey) -> Bool { (lhs.file, lhs.line) < (rhs.file, rhs.line) }
}

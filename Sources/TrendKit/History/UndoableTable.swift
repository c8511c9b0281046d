/// A table whose rows the change history can photograph and put back. Each feature declares
/// its own (`UndoableTable.entries` in Weights/, `.kinds` in Measurements/, `.habits` and
/// `.completions` in Habits/),
/// with its SQL; the history runs that SQL and never names a feature's columns itself.
///
/// Parameters: the image statements take the step, the row's position in it and the side
/// (0 before, 1 after) as ?1–?3, then the key; the row statements take the key from ?1.
public struct UndoableTable: Sendable {
    /// The table's name, as `change_rows.row_table` records it.
    public let name: String
    /// The feature whose data the table holds: its faults apply to undoing its rows.
    public let feature: FeatureID
    /// Where the photographs of its rows go.
    let imagesTable: String
    /// Copies the row (key from ?4) into the images table; copies nothing when it is absent.
    let captureSQL: DialectText
    /// 1 when the row (key from ?1) exists.
    let existsSQL: String
    /// The row's revision (key from ?1); nil for a table without revisions.
    let revisionSQL: String?
    /// 1 when the row holds what the image (?1–?3) holds, revisions aside.
    let matchesSQL: DialectText
    /// 1 when another row holds a value the image must have alone (a habit's name); nil when
    /// the table has no such value.
    let clashSQL: String?
    /// Adds the image (?1–?3) as a row; ?4 is the revision it gets, for tables with revisions.
    let insertSQL: String
    /// Overwrites the row (key from ?4) with the image (?1–?3), raising its revision.
    let updateSQL: String
    /// Removes the row (key from ?1).
    let deleteSQL: String
    /// After a row was written from its image (?1–?3) by `insertSQL` or `updateSQL`: brings
    /// what the image holds besides the row's own columns (an entry's measurements) in line.
    let restoreSQL: [DialectText]
    /// Rows of another table that hang on this one and go with it (a habit's days): the
    /// table's name and how many the row (key from ?1) has. Nil when none do.
    let dependents: (table: String, countSQL: String)?
    /// How many values elsewhere would still use the row (key from ?3) once step ?1 is put back
    /// to side ?2 (a kind's values in entries, as the step's entries would then hold them):
    /// such a row is not removed. Written after `HistorySQL.stepKeys`; nil when nothing uses
    /// the table's rows.
    let usersSQL: DialectText?
    /// The rows of another table (`table`) that the step's rows of this table would use once
    /// step ?1 is put back to side ?2, and that exist neither now nor among the step's own rows
    /// (`sql` lists their keys as text, in the step's order; the history leaves out those the
    /// step itself puts back): a kind another step removed, which an entry's photograph holds
    /// a value of. Written after `HistorySQL.stepKeys`; nil when the table's rows use no other
    /// table's rows.
    let missingUses: (table: String, sql: DialectText)?
    /// The same work over every row of the table in a step at once, for a table whose rows
    /// stand alone; nil when the history puts its rows back one by one.
    let bulk: BulkSQL?
    /// Keeps what is derived from the table right (the trend), after undo or redo changed rows.
    let afterChange: @Sendable (any SQLConnection) throws(StorageError) -> Void
    /// The row as it is now, for saying what changed.
    let current: @Sendable (any SQLConnection, ChangedRowKey) throws(StorageError) -> RowValue?
    /// The image (?1–?3) as a value, for describing a step.
    let image:
        @Sendable (any SQLConnection, _ step: Int64, _ position: Int64, _ side: Int64) throws(StorageError)
            -> RowValue?
    /// Reads a key back from `change_rows.row_key`.
    let key: @Sendable (String) -> ChangedRowKey?

    init(
        name: String, feature: FeatureID, imagesTable: String, captureSQL: DialectText, existsSQL: String,
        revisionSQL: String?, matchesSQL: DialectText, clashSQL: String?, insertSQL: String, updateSQL: String,
        deleteSQL: String, restoreSQL: [DialectText] = [], dependents: (table: String, countSQL: String)? = nil,
        usersSQL: DialectText? = nil, missingUses: (table: String, sql: DialectText)? = nil, bulk: BulkSQL? = nil,
        afterChange: @escaping @Sendable (any SQLConnection) throws(StorageError) -> Void,
        current: @escaping @Sendable (any SQLConnection, ChangedRowKey) throws(StorageError) -> RowValue?,
        image: @escaping @Sendable (any SQLConnection, Int64, Int64, Int64) throws(StorageError) -> RowValue?,
        key: @escaping @Sendable (String) -> ChangedRowKey?
    ) {
        self.name = name
        self.feature = feature
        self.imagesTable = imagesTable
        self.captureSQL = captureSQL
        self.existsSQL = existsSQL
        self.revisionSQL = revisionSQL
        self.matchesSQL = matchesSQL
        self.clashSQL = clashSQL
        self.insertSQL = insertSQL
        self.updateSQL = updateSQL
        self.deleteSQL = deleteSQL
        self.restoreSQL = restoreSQL
        self.dependents = dependents
        self.usersSQL = usersSQL
        self.missingUses = missingUses
        self.bulk = bulk
        self.afterChange = afterChange
        self.current = current
        self.image = image
        self.key = key
    }

    /// Every table the history can put back: what each feature declares (with its images
    /// table in a migration of its own).
    static let all: [UndoableTable] = FeatureDeclaration.all.flatMap(\.undoableTables)

    static func named(_ name: String) -> UndoableTable? { all.first { $0.name == name } }

    /// True when the history checks and puts back the table's rows in a step together
    /// (`bulk`): it declares that SQL, and its rows stand alone, so that neither the rows
    /// hanging on a row nor a name another row has taken can make one of them wait.
    var isPutBackInBulk: Bool {
        bulk != nil && dependents == nil && clashSQL == nil
            && !Self.all.contains { $0.dependents?.table == name }
    }
}

/// Which row of an undoable table: its key columns' values, and the same as text for
/// `change_rows.row_key`.
/// Rows that values outside the store still use, such as the kinds the open draft holds
/// values of: an undo or redo that would remove one is refused, as `measure remove` is, so
/// that no typed value is left without its kind.
public struct RowsHeldOutside: Sendable, Equatable {
    /// Per table name, the keys (`ChangedRowKey.text`) of its rows that are held.
    let keys: [String: Set<String>]

    /// Nothing outside the store holds a row.
    public static let none = RowsHeldOutside(keys: [:])

    /// The added kinds among `ids`, which values outside the store hold.
    public static func kinds(_ ids: some Sequence<KindID>) -> RowsHeldOutside {
        RowsHeldOutside(keys: [UndoableTable.kinds.name: Set(ids.map(\.rawValue))])
    }

    func holds(_ row: StepRow) -> Bool { keys[row.table.name]?.contains(row.key.text) ?? false }
}

public struct ChangedRowKey: Sendable, Equatable {
    public let values: [SQLValue]
    public let text: String

    /// A row keyed by an integer id (an entry, a habit).
    public static func id(_ id: Int64) -> ChangedRowKey { ChangedRowKey(values: [.integer(id)], text: String(id)) }

    /// A row keyed by a word (a kind a person added: `neck`).
    public static func word(_ word: String) -> ChangedRowKey { ChangedRowKey(values: [.text(word)], text: word) }

    /// A row keyed by an id and a text (a habit's day: `12 2026-11-29`).
    public static func pair(_ id: Int64, _ text: String) -> ChangedRowKey {
        ChangedRowKey(values: [.integer(id), .text(text)], text: "\(id) \(text)")
    }
}

/// A row of an undoable table as a domain value, for saying what a step changed.
public enum RowValue: Sendable, Equatable {
    case entry(WeightEntry)
    case habit(Habit)
    /// A habit's day marked done.
    case day(habitID: Int64, day: Int)
    /// A kind of measurement a person added, as declared.
    case kind(MeasurementKind)
}

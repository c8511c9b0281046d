/// The kinds a person added, as the store's `kinds` table keeps them (format 11): one row
/// each, `id` being the kind's word. The one place that turns a row into a declaration and
/// back; `measure add`, the catalog's refresh, the JSON export and its import all use it.
public enum KindRecords {
    /// The table's columns, in the order `kind(from:)` reads them.
    static let columns = "id, name, quantity, unit, min_value, max_value, decimals, trend"

    /// The units a person may pick for a kind of this quantity, the canonical one first.
    public static func units(for quantity: Quantity) -> [MeasureUnit] {
        switch quantity {
        case .mass: return [.kilograms, .pounds]
        case .share: return [.percent]
        case .length: return [.centimetres, .inches, .millimetres]
        }
    }

    /// The export column of an added kind: its word and its canonical unit's name
    /// (`neck_centimetres`).
    public static func exportColumn(id: KindID, quantity: Quantity) -> String {
        switch quantity {
        case .mass: return "\(id)_kilograms"
        case .share: return "\(id)_percent"
        case .length: return "\(id)_centimetres"
        }
    }

    /// An added kind's declaration: its word is its id, its units those of its quantity, the
    /// one it was added with first.
    public static func kind(
        id: KindID, name: String, quantity: Quantity, unit: MeasureUnit, range: ClosedRange<Double>, decimals: Int,
        hasTrend: Bool
    ) -> MeasurementKind {
        let units = [unit] + Self.units(for: quantity).filter { $0 != unit }
        return MeasurementKind(
            id: id, name: name, word: id.rawValue, quantity: quantity, units: units, range: range, decimals: decimals,
            hasTrend: hasTrend, exportColumn: exportColumn(id: id, quantity: quantity), isBuiltIn: false)
    }

    /// A row of `columns` as a declaration; nil for a row another program wrote that no
    /// declaration can hold (an unknown quantity or unit, an empty range).
    static func kind(from row: any SQLStatement) -> MeasurementKind? {
        guard let id = row.text(0), !id.isEmpty, let quantity = row.text(2).flatMap(Quantity.init(rawValue:)),
            let unit = row.text(3).flatMap(MeasureUnit.named), unit.quantity == quantity
        else { return nil }
        let low = row.double(4)
        let high = row.double(5)
        guard low.isFinite, high.isFinite, low < high else { return nil }
        return kind(
            id: KindID(id), name: row.text(1) ?? id, quantity: quantity, unit: unit, range: low...high,
            decimals: max(0, min(3, Int(row.int64(6)))), hasTrend: row.int64(7) != 0)
    }

    /// Every added kind the store holds, by id, in the caller's transaction.
    public static func all(in db: any SQLConnection) throws(StorageError) -> [MeasurementKind] {
        let statement = try db.statement("SELECT \(columns) FROM kinds ORDER BY id")
        defer { statement.reset() }
        var kinds: [MeasurementKind] = []
        while try statement.step() {
            if let kind = kind(from: statement) { kinds.append(kind) }
        }
        return kinds
    }

    /// Adds `kind` in the caller's transaction; a kind of that id already there is kept.
    /// True when the row was written.
    @discardableResult
    public static func insert(_ kind: MeasurementKind, in db: any SQLConnection) throws(StorageError) -> Bool {
        try db.run(
            "INSERT INTO kinds (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            [
                .text(kind.id.rawValue), .text(kind.name), .text(kind.quantity.rawValue),
                .text(kind.defaultUnit.symbol),
                .real(kind.range.lowerBound), .real(kind.range.upperBound), .integer(Int64(kind.decimals)),
                .integer(kind.hasTrend ? 1 : 0),
            ])
        return db.changes > 0
    }

    /// The added kind of this id, in the caller's transaction; nil when there is none (or its
    /// row is one no declaration can hold).
    public static func kind(_ id: KindID, in db: any SQLConnection) throws(StorageError) -> MeasurementKind? {
        let statement = try db.statement("SELECT \(columns) FROM kinds WHERE id = ?")
        defer { statement.reset() }
        try statement.bind([.text(id.rawValue)])
        guard try statement.step() else { return nil }
        return kind(from: statement)
    }

    /// How many values of the kind the person's entries hold, in the caller's transaction.
    public static func valueCount(of id: KindID, in db: any SQLConnection) throws(StorageError) -> Int {
        let statement = try db.statement("SELECT count(*) FROM measurements WHERE kind = ? AND person = ?")
        defer { statement.reset() }
        try statement.bind([.text(id.rawValue), .text(db.person)])
        guard try statement.step() else { return 0 }
        return Int(statement.int64(0))
    }

    /// True when another person's entries hold a value of the kind: whether, never how many.
    /// On a server the rules hide other people's rows, so the server's own function answers
    /// (`ServerRules`), with one yes or no.
    public static func othersHoldValues(of id: KindID, in db: any SQLConnection) throws(StorageError) -> Bool {
        switch db.dialect {
        case .sqlite:
            return try db.integer(
                "SELECT CAST(EXISTS (SELECT 1 FROM measurements WHERE kind = ? AND person <> ?) AS INTEGER)",
                [.text(id.rawValue), .text(db.person)]) == 1
        case .postgresql:
            return try db.integer("SELECT CAST(trendsh_kind_held_elsewhere(?) AS INTEGER)", [.text(id.rawValue)]) == 1
        }
    }

    /// Removes the kind's row in the caller's transaction.
    public static func remove(_ id: KindID, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM kinds WHERE id = ?", [.text(id.rawValue)])
    }
}

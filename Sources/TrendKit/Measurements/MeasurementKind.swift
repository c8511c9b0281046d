/// The name a kind of measurement is stored under (`measurements.kind`): `weight`, `fat`, or
/// the word of a kind a person added. It never changes once values are stored under it.
public struct KindID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: KindID, rhs: KindID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The weight: the log's first measurement, kept in `entries.kilograms`.
    public static let weight = KindID("weight")
}

/// One kind of measurement, declared once: what it is called and typed as, its units and how
/// they convert, the values it accepts and how many decimals it shows, whether it has a
/// trend, where each import layout keeps it, and its export column. Every command, the
/// imports, the export, help and completion read kinds from these declarations; a built-in
/// kind is one file in `Measurements/Kinds/` and one line in `MeasurementKind.builtIn`.
public struct MeasurementKind: Sendable, Equatable {
    public let id: KindID
    /// What it is called in sentences: `body fat`.
    public let name: String
    /// The word that sets it in a draft and names it in `amend`, `fix`, `trend`, `stats` and
    /// `chart`: `fat`. Weight's is `weight` (drafts and `amend` also take `value`).
    public let word: String
    public let quantity: Quantity
    /// The units a person may pick for it (`unit KIND UNIT`), the default first.
    public let units: [MeasureUnit]
    /// The values it accepts, in the canonical unit.
    public let range: ClosedRange<Double>
    /// How many decimals its values are shown with.
    public let decimals: Int
    /// True when it has its own per-day trend (`trend KIND`, `stats KIND`, `chart KIND`).
    public let hasTrend: Bool
    /// The column or record names each import layout keeps it under, as they are written
    /// there, each with how its values are read (`names(in:)` finds a layout's); under
    /// `.spreadsheet`, the header words any spreadsheet may name it by. Pairs, not a
    /// dictionary: a dictionary's storage is made at run time from its name, which costs every
    /// start-up a search of every protocol conformance in the binary for `Hashable`.
    public let importNames: KeyValuePairs<ImportLayout, [ImportName]>
    /// The name of its column in a CSV export, and its key in a JSON export: `fat_percent`.
    public let exportColumn: String
    /// False for a kind a person added (`measure add`), which the store keeps.
    public let isBuiltIn: Bool

    public init(
        id: KindID, name: String, word: String, quantity: Quantity, units: [MeasureUnit], range: ClosedRange<Double>,
        decimals: Int, hasTrend: Bool, importNames: KeyValuePairs<ImportLayout, [ImportName]> = [:],
        exportColumn: String,
        isBuiltIn: Bool = true
    ) {
        self.id = id
        self.name = name
        self.word = word
        self.quantity = quantity
        self.units = units
        self.range = range
        self.decimals = decimals
        self.hasTrend = hasTrend
        self.importNames = importNames
        self.exportColumn = exportColumn
        self.isBuiltIn = isBuiltIn
    }

    public static func == (lhs: MeasurementKind, rhs: MeasurementKind) -> Bool {
        lhs.id == rhs.id && lhs.word == rhs.word && lhs.units == rhs.units && lhs.range == rhs.range
            && lhs.decimals == rhs.decimals && lhs.hasTrend == rhs.hasTrend && lhs.name == rhs.name
    }

    /// The names `layout` keeps it under; nil when that layout has none for it.
    public func names(in layout: ImportLayout) -> [ImportName]? {
        importNames.first { $0.key == layout }?.value
    }

    /// The unit its values are stored in.
    public var canonicalUnit: MeasureUnit { quantity.canonicalUnit }

    /// The unit it is typed and shown in unless a setting says otherwise.
    public var defaultUnit: MeasureUnit { units.first ?? canonicalUnit }

    /// The built-in kinds, in the order columns and help list them: the one list a built-in
    /// kind is added to.
    public static let builtIn: [MeasurementKind] = [
        .weight, .bodyFat, .muscleMass, .bodyWater, .boneMass, .waist, .hip,
    ]

    /// The built-in kind with this id or word, in any case.
    public static func builtIn(named word: String) -> MeasurementKind? {
        let lowered = word.lowercased()
        return builtIn.first { $0.word == lowered || $0.id.rawValue == lowered }
    }
}

/// Where an import layout keeps a kind's values, and what they mean there.
public struct ImportName: Sendable, Equatable {
    /// The column header or record type, as the file writes it (`Body Fat %`,
    /// `HKQuantityTypeIdentifierBodyFatPercentage`).
    public let name: String
    public let reading: Reading

    /// How a value in the file becomes the kind's value.
    public enum Reading: Sendable, Equatable {
        /// As it is, in the kind's canonical unit or the unit the file names for it.
        case asWritten
        /// A fraction of one, for a kind kept in percent (Apple Health's 0.215 is 21.5 %).
        case fraction
        /// A mass, for a kind kept as a share of the weight (Withings' fat mass in kg or lb):
        /// the share of the same row's weight.
        case massOfWeight
        /// A share of the weight in percent, for a kind kept as a mass (openScale's muscle):
        /// that share of the same row's weight.
        case percentOfWeight
    }

    public init(_ name: String, reading: Reading = .asWritten) {
        self.name = name
        self.reading = reading
    }

    /// A spreadsheet's header words for a kind, each read as written: in English, German,
    /// French, Spanish, Dutch and Italian, compared in any case, without the unit a header
    /// may add (`Gewicht [kg]`).
    public static func headers(_ words: String...) -> [ImportName] { words.map { ImportName($0) } }
}

/// A column (or, in Apple Health, a record type) of a file that holds one kind's values, and
/// how they are read: as the kind's import name says, in the unit the header names
/// (`Fat mass (lb)`), or else the layout's.
struct MeasureColumn: Sendable {
    let kind: MeasurementKind
    let reading: ImportName.Reading
    /// The unit the header names in parentheses; nil when it names none.
    let unit: MeasureUnit?
}

/// A column (or record type, or key) of a file that the import does not read, and why.
public struct LeftOutColumn: Sendable, Equatable, Hashable {
    /// Why a column is left out.
    public enum Reason: Sendable, Equatable, Hashable {
        /// Lean mass: derived from weight and body fat, never stored.
        case leanMass
        /// The body-mass index: derived from weight and height, never stored.
        case bodyMassIndex
        /// A trend: computed from the weights, never stored.
        case trend
        /// The weight again, in a display unit (trendsh's own `weight` and `unit`).
        case shownWeight
        /// No kind of measurement reads it (a kind a person may add with `measure add`).
        case noKind
        /// Whose log trendsh's own export was made from: the rows go to the session's person.
        case person
    }

    /// The name as the file writes it.
    public var name: String
    public var reason: Reason

    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }
}

/// Why one value of a kind other than weight is left out of its row, which is read all the same.
public enum ValueProblem: Error, Sendable, Equatable {
    /// Not a number.
    case unreadable
    /// Outside the kind's range once read in its unit.
    case outOfRange
    /// A share of the weight (Withings' fat mass) in a row without a weight.
    case needsWeight
    /// A unit that measures something else, or one trendsh does not read.
    case wrongUnit
}

/// A value of a kind other than weight that its row leaves out.
public struct DroppedValue: Sendable, Equatable {
    public var kind: KindID
    /// The value as the file (or a fix) writes it.
    public var text: String
    public var problem: ValueProblem

    public init(kind: KindID, text: String, problem: ValueProblem) {
        self.kind = kind
        self.text = text
        self.problem = problem
    }
}

/// One value of a kind as a row holds it: which column it came from (or a fix typed it) and
/// where its text sits in the row's bytes.
struct RawMeasure {
    /// The index in the source's `measureColumns`; nil for a value a fix typed.
    var column: Int?
    var kind: KindID
    var range: Range<Int>
}

/// Which columns of a header hold a kind's values, and which are left out.
enum ImportMeasures {
    /// The kinds' columns among `names` for `layout`, by index, and every other name not in
    /// `used` as left out. trendsh's own files name a kind by its export column; their
    /// `person` column is neither (an import goes to the session's person, whoever the file names).
    static func columns(
        _ names: [String], layout: ImportLayout, kinds: [MeasurementKind], used: Set<Int>
    ) -> (columns: [(index: Int, column: MeasureColumn)], leftOut: [LeftOutColumn]) {
        var columns: [(index: Int, column: MeasureColumn)] = []
        var leftOut: [LeftOutColumn] = []
        var taken = Set<KindID>()
        for (index, raw) in names.enumerated() where !used.contains(index) {
            let name = raw.trimmingWhitespace()
            if name.isEmpty { continue }
            if isPersonColumn(name, layout: layout) {
                leftOut.append(LeftOutColumn(name: name, reason: .person))
                continue
            }
            if let found = column(named: name, layout: layout, kinds: kinds), !taken.contains(found.kind.id) {
                taken.insert(found.kind.id)
                columns.append((index, found))
            } else if leftOut.count < leftOutLimit {
                leftOut.append(LeftOutColumn(name: name, reason: reason(name, layout: layout)))
            }
        }
        return (columns, leftOut)
    }

    /// True for trendsh's own `person` column (version 3), which the import reads nothing from.
    static func isPersonColumn(_ name: String, layout: ImportLayout) -> Bool {
        (layout == .trendshCSV || layout == .trendshJSON) && name == "person"
    }

    /// The kind a column or record named `name` holds in `layout`, if any.
    static func column(named name: String, layout: ImportLayout, kinds: [MeasurementKind]) -> MeasureColumn? {
        if layout == .trendshCSV || layout == .trendshJSON {
            guard let kind = kinds.first(where: { $0.id != .weight && $0.exportColumn == name }) else { return nil }
            return MeasureColumn(kind: kind, reading: .asWritten, unit: nil)
        }
        var base = Substring(name)
        var unit: MeasureUnit?
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            let word = name[name.index(after: open)..<name.index(before: name.endIndex)]
            if let named = MeasureUnit.named(String(word).trimmingWhitespace()) {
                unit = named
                base = name[..<open]
            }
        }
        let key = String(base).trimmingWhitespace().lowercased()
        for kind in kinds where kind.id != .weight {
            guard let importNames = kind.names(in: layout) else { continue }
            if let match = importNames.first(where: { $0.name.lowercased() == key }) {
                return MeasureColumn(kind: kind, reading: match.reading, unit: unit)
            }
        }
        return nil
    }

    /// Why a column no kind reads is left out.
    static func reason(_ name: String, layout: ImportLayout) -> LeftOutColumn.Reason {
        // Whose log the row was exported from: the import gives it to the session's person.
        if isPersonColumn(name, layout: layout) { return .person }
        let lowered = name.lowercased()
        if (layout == .trendshCSV || layout == .trendshJSON) && (lowered == "weight" || lowered == "unit") {
            return .shownWeight
        }
        if lowered.contains("trend") { return .trend }
        if lowered == "lbm" || lowered.hasPrefix("lean") || name == "HKQuantityTypeIdentifierLeanBodyMass" {
            return .leanMass
        }
        if lowered == "bmi" || name == "HKQuantityTypeIdentifierBodyMassIndex" { return .bodyMassIndex }
        return .noKind
    }

    /// At most this many names left out are kept for one file (an Apple Health export holds
    /// dozens of record types; a hostile file may invent millions of keys).
    static let leftOutLimit = 64
}

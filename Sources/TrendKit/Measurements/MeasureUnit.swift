/// A unit a measurement is typed, shown or stored in: its symbol, the words a person may type
/// for it, and how many of its quantity's canonical unit one of it is. Stone is a display form
/// of pounds (`12 st 4.0 lb`), typed as `12 st 4`; it is never stored or exported.
public struct MeasureUnit: Hashable, Sendable, CustomStringConvertible {
    /// `kg`, `lb`, `st`, `%`, `cm`, `in`: what is shown after a value and kept in settings.
    public let symbol: String
    /// The words that name it when typed after a value, in lower case (its symbol among them).
    public let words: [String]
    /// How many canonical units one of this unit is (pounds: 0.45359237 kg).
    public let canonicalPerUnit: Double
    /// The quantity it measures.
    public let quantity: Quantity

    public init(symbol: String, words: [String], canonicalPerUnit: Double, quantity: Quantity) {
        self.symbol = symbol
        self.words = words
        self.canonicalPerUnit = canonicalPerUnit
        self.quantity = quantity
    }

    public var description: String { symbol }

    /// A value in this unit, in the canonical unit.
    public func canonical(fromValue value: Double) -> Double { value * canonicalPerUnit }

    /// A canonical value, in this unit.
    public func value(fromCanonical canonical: Double) -> Double { canonical / canonicalPerUnit }

    public static let kilograms = MeasureUnit(
        symbol: "kg", words: ["kg", "kgs", "kilograms"], canonicalPerUnit: 1, quantity: .mass)
    public static let pounds = MeasureUnit(
        symbol: "lb", words: ["lb", "lbs", "pound", "pounds"], canonicalPerUnit: WeightUnit.kilogramsPerPound,
        quantity: .mass)
    /// Stone and pounds: 14 lb each. Typed `12 st 4`, shown `12 st 4.0 lb`, stored in kilograms.
    public static let stones = MeasureUnit(
        symbol: "st", words: ["st", "stone", "stones"], canonicalPerUnit: 14 * WeightUnit.kilogramsPerPound,
        quantity: .mass)
    public static let percent = MeasureUnit(
        symbol: "%", words: ["%", "percent"], canonicalPerUnit: 1, quantity: .share)
    public static let centimetres = MeasureUnit(
        symbol: "cm", words: ["cm", "centimetres", "centimeters"], canonicalPerUnit: 1, quantity: .length)
    public static let inches = MeasureUnit(
        symbol: "in", words: ["in", "inch", "inches", "\""], canonicalPerUnit: 2.54, quantity: .length)
    public static let millimetres = MeasureUnit(
        symbol: "mm", words: ["mm", "millimetres", "millimeters"], canonicalPerUnit: 0.1, quantity: .length)
    public static let grams = MeasureUnit(
        symbol: "g", words: ["g", "grams"], canonicalPerUnit: 0.001, quantity: .mass)

    /// Every unit trendsh knows, for a user kind's declaration and for reading settings.
    public static let all: [MeasureUnit] = [
        .kilograms, .pounds, .stones, .grams, .percent, .centimetres, .millimetres, .inches,
    ]

    /// The unit this symbol or word names, in any case.
    public static func named(_ word: String) -> MeasureUnit? {
        let lowered = word.lowercased()
        return all.first { $0.words.contains(lowered) }
    }
}

/// What a kind of measurement measures; its values are stored in the quantity's canonical unit.
public enum Quantity: String, Sendable, CaseIterable {
    /// Kilograms.
    case mass
    /// A share of the body, in percent.
    case share
    /// Centimetres.
    case length

    /// The unit values of this quantity are stored in.
    public var canonicalUnit: MeasureUnit {
        switch self {
        case .mass: return .kilograms
        case .share: return .percent
        case .length: return .centimetres
        }
    }
}

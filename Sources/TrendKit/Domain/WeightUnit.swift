/// The unit a person reads and types weights in. Storage is always in kilograms. Stone is a
/// display form of pounds (`12 st 4.0 lb`): a number on its own (an axis, a change, a rate,
/// an export's column) is in `numberUnit`, pounds.
public enum WeightUnit: String, Sendable, CaseIterable, Codable {
    case kilograms = "kg"
    case pounds = "lb"
    /// Stone and pounds: shown `12 st 4.0 lb`, typed `12 st 4` or `12.3` (stones).
    case stones = "st"

    /// The heaviest weight trendsh accepts, in kilograms.
    public static let maximumKilograms = 500.0
    /// The lightest weight trendsh accepts, in kilograms.
    public static let minimumKilograms = 20.0
    /// Exactly how many kilograms one pound is.
    public static let kilogramsPerPound = 0.45359237

    /// The short symbol shown after a value: `kg` or `lb`.
    public var symbol: String { rawValue }

    /// The same unit, as every kind of measurement names its units.
    public var measureUnit: MeasureUnit {
        switch self {
        case .kilograms: return .kilograms
        case .pounds: return .pounds
        case .stones: return .stones
        }
    }

    /// The unit a weight is written in as one number (a chart's axis, a change, a rate, an
    /// export's `weight` column): pounds for stone, which is a display form of them.
    public var numberUnit: WeightUnit { self == .stones ? .pounds : self }

    /// Reads `kg`, `kgs`, `lb`, `lbs` and `pounds`, in any case: the units a file or a number
    /// names. Stone is a setting (`WeightUnit(rawValue: "st")`), and `12 st 4` its own form.
    public init?(symbol text: String) {
        switch text.lowercased() {
        case "kg", "kgs", "kilograms": self = .kilograms
        case "lb", "lbs", "pound", "pounds": self = .pounds
        default: return nil
        }
    }

    /// Parses typed text as a weight and returns it in kilograms. The text is read in this
    /// unit unless it names its own (`165 lb`, `75kg`).
    ///
    /// Accepts digits with an optional `.` or `,` decimal part and surrounding spaces.
    /// Never consults the process locale; rejects words, `nan`, `inf`, hex, exponents and
    /// numbers with both a comma and a point.
    public func kilograms(from text: String) throws(WeightValidationError) -> Double {
        // Stone and pounds (`12 st 4`), typed in any unit setting.
        if MeasurementText(text).unit == .stones {
            do {
                return try MeasurementKind.weight.canonical(fromTyped: text, unit: .stones)
            } catch {
                throw .invalidWeight(.pounds)
            }
        }
        let reading = WeightText(text)
        let unit = reading.unit ?? self
        guard let number = Self.plainDecimal(reading.number), number > 0 else {
            throw .invalidWeight(unit)
        }
        let kilograms = unit.kilograms(fromValue: number)
        guard (Self.minimumKilograms...Self.maximumKilograms).contains(kilograms) else {
            throw .invalidWeight(unit)
        }
        return kilograms
    }

    /// Converts a stored weight to this unit (stones, for stone).
    public func value(fromKilograms kilograms: Double) -> Double { measureUnit.value(fromCanonical: kilograms) }

    /// Converts a value in this unit (stones, for stone) to kilograms.
    public func kilograms(fromValue value: Double) -> Double { measureUnit.canonical(fromValue: value) }

    /// Reads `digits[(.|,)digits]` only; anything else is not a weight.
    static func plainDecimal(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        var sawSeparator = false
        var digitsBefore = 0
        var digitsAfter = 0
        var normalized = ""
        for character in trimmed.unicodeScalars {
            switch character {
            case "0"..."9":
                if sawSeparator { digitsAfter += 1 } else { digitsBefore += 1 }
                normalized.unicodeScalars.append(character)
            case ".", ",":
                guard !sawSeparator else { return nil }
                sawSeparator = true
                normalized.append(".")
            default:
                return nil
            }
            // A weight has a handful of digits; a long run is not one (and is not parsed).
            guard digitsBefore + digitsAfter <= 32 else { return nil }
        }
        guard digitsBefore > 0, !sawSeparator || digitsAfter > 0 else { return nil }
        return Double(normalized)
    }
}

/// A typed weight split into its number and the unit written after it, if any:
/// `165 lb` → (`165`, lb), `75kg` → (`75`, kg), `75` → (`75`, nil).
public struct WeightText: Equatable, Sendable {
    public var number: String
    public var unit: WeightUnit?

    public init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        // A plain number, as nearly every weight is typed: no unit to look for.
        if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2C }) {
            (number, unit) = (trimmed, nil)
            return
        }
        // The letters at the end, found by walking back over the scalars. (Indices only: a
        // reversed view of a prefix of a reversed view is a type the runtime would build on
        // first use, which costs more than reading a weight.)
        let scalars = trimmed.unicodeScalars
        var start = scalars.endIndex
        while start > scalars.startIndex {
            let before = scalars.index(before: start)
            guard scalars[before].properties.isAlphabetic else { break }
            start = before
        }
        let suffix = String(scalars[start...])
        if !suffix.isEmpty, start > scalars.startIndex, let unit = WeightUnit(symbol: suffix) {
            number = String(scalars[..<start]).trimmingWhitespace()
            self.unit = unit
        } else {
            number = trimmed
            unit = nil
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        // Text that starts and ends with a visible ASCII character has nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

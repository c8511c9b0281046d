/// The unit a person reads and types weights in. Storage is always in kilograms.
public enum WeightUnit: String, Sendable, CaseIterable, Codable {
    case kilograms = "kg"
    case pounds = "lb"

    /// The heaviest weight trendsh accepts, in kilograms.
    public static let maximumKilograms = 500.0
    /// The lightest weight trendsh accepts, in kilograms.
    public static let minimumKilograms = 20.0
    /// Exactly how many kilograms one pound is.
    public static let kilogramsPerPound = 0.45359237

    /// The short symbol shown after a value: `kg` or `lb`.
    public var symbol: String { rawValue }

    /// Parses typed text as a weight in this unit and returns it in kilograms.
    ///
    /// Accepts digits with an optional `.` or `,` decimal part and surrounding spaces.
    /// Never consults the process locale; rejects words, `nan`, `inf`, hex and exponents.
    public func kilograms(from text: String) throws(WeightValidationError) -> Double {
        guard let number = Self.plainDecimal(text), number > 0 else {
            throw .invalidWeight(self)
        }
        let kilograms = self == .kilograms ? number : number * Self.kilogramsPerPound
        guard (Self.minimumKilograms...Self.maximumKilograms).contains(kilograms) else {
            throw .invalidWeight(self)
        }
        return kilograms
    }

    /// Converts a stored weight to this unit for display.
    public func value(fromKilograms kilograms: Double) -> Double {
        self == .kilograms ? kilograms : kilograms / Self.kilogramsPerPound
    }

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
        }
        guard digitsBefore > 0, !sawSeparator || digitsAfter > 0 else { return nil }
        return Double(normalized)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

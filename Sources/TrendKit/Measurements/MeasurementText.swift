/// A typed measurement split into its number and the unit written after it, if any:
/// `82 cm` → (`82`, cm), `21.5%` → (`21.5`, %), `12 st 4` → 12 stone 4 pounds, `75` → (`75`, nil).
public struct MeasurementText: Equatable, Sendable {
    /// The number in the unit written (or, when none is, in the unit the kind is typed in).
    public var number: String
    public var unit: MeasureUnit?
    /// The pounds after a stone count (`12 st 4`): nil for any other form.
    public var extraPounds: String?

    public init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        // A plain number (`21.5`, `82`, `40,2`), as nearly every value is typed: no unit to
        // look for, and no stone (reading the scalars' properties cost thousands of instructions).
        if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2C }) {
            (number, unit, extraPounds) = (trimmed, nil, nil)
            return
        }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // `12 st 4`, `12st 4`, `12 st 4 lb`, `12st4lb`: stone and pounds.
        if let stone = Self.stoneAndPounds(words.joined(separator: " ")) {
            self = stone
            return
        }
        let scalars = trimmed.unicodeScalars
        var start = scalars.endIndex
        while start > scalars.startIndex {
            let before = scalars.index(before: start)
            let scalar = scalars[before]
            guard scalar.properties.isAlphabetic || scalar == "%" || scalar == "\"" else { break }
            start = before
        }
        let suffix = String(scalars[start...])
        if !suffix.isEmpty, start > scalars.startIndex, let unit = MeasureUnit.named(suffix) {
            number = String(scalars[..<start]).trimmingWhitespace()
            self.unit = unit
        } else {
            number = trimmed
            unit = nil
        }
        extraPounds = nil
    }

    private init(number: String, unit: MeasureUnit?, extraPounds: String?) {
        self.number = number
        self.unit = unit
        self.extraPounds = extraPounds
    }

    /// `N st M [lb]`, spaced or not; nil for any other text.
    private static func stoneAndPounds(_ text: String) -> MeasurementText? {
        let lowered = text.lowercased()
        let digits = lowered.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        var rest = String(lowered.dropFirst(digits.count)).trimmingWhitespace()
        guard let word = ["stones", "stone", "st"].first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = String(rest.dropFirst(word.count)).trimmingWhitespace()
        if let pounds = ["pounds", "pound", "lbs", "lb"].first(where: { rest.hasSuffix($0) }) {
            rest = String(rest.dropLast(pounds.count)).trimmingWhitespace()
        }
        return MeasurementText(number: String(digits), unit: .stones, extraPounds: rest.isEmpty ? nil : rest)
    }
}

/// Why a typed measurement could not be kept. Each case reads as one sentence to the user.
public enum MeasurementError: Error, Equatable, Sendable {
    /// Not a number in the kind's range, read in `unit`. The kind's declaration comes with
    /// it, so that the range can be said for a kind a person added too.
    case invalidValue(MeasurementKind, unit: MeasureUnit)
    /// The unit written after the number measures something else (`fat 20 kg`).
    case unitNotForKind(MeasurementKind, unit: MeasureUnit)
}

extension MeasurementKind {
    /// Reads typed text as a value of this kind, in `unit` unless the text names its own, and
    /// returns it in the canonical unit. Digits with one `.` or `,`; never the process locale.
    public func canonical(fromTyped text: String, unit: MeasureUnit) throws(MeasurementError) -> Double {
        let reading = MeasurementText(text)
        let typedUnit = reading.unit ?? unit
        guard typedUnit.quantity == quantity else {
            throw .unitNotForKind(self, unit: typedUnit)
        }
        guard let number = WeightUnit.plainDecimal(reading.number), number >= 0 else {
            throw .invalidValue(self, unit: typedUnit)
        }
        var canonical = typedUnit.canonical(fromValue: number)
        if let pounds = reading.extraPounds {
            guard let extra = WeightUnit.plainDecimal(pounds), extra < 14 else {
                throw .invalidValue(self, unit: typedUnit)
            }
            canonical += MeasureUnit.pounds.canonical(fromValue: extra)
        }
        guard canonical.isFinite, range.contains(canonical) else { throw .invalidValue(self, unit: typedUnit) }
        return canonical
    }
}

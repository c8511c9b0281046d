/// Locale-independent decimal formatting, without Foundation's formatters.
public enum DecimalText {
    /// `75.0`, `165.3`: rounded half away from zero to one decimal.
    public static func oneDecimal(_ value: Double) -> String {
        fixed(value, fractionDigits: 1)
    }

    /// At least one and at most two decimals: `75.0`, `75.25`, `165.35`.
    public static func shortest(_ value: Double) -> String {
        let text = fixed(value, fractionDigits: 2)
        return text.hasSuffix("0") ? String(text.dropLast()) : text
    }

    /// Rounded half away from zero to `digits` decimals (none: a whole number).
    public static func decimals(_ value: Double, _ digits: Int) -> String {
        digits <= 0 ? whole(value) : fixed(value, fractionDigits: min(digits, 6))
    }

    /// `-0.42`: rounded half away from zero to two decimals.
    public static func twoDecimals(_ value: Double) -> String {
        fixed(value, fractionDigits: 2)
    }

    /// `463`, `-12`: rounded half away from zero to a whole number.
    public static func whole(_ value: Double) -> String {
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        guard abs(rounded) < 1e15 else { return String(value) }
        let units = Int64(rounded)
        return units == 0 ? "0" : String(units)
    }

    static func fixed(_ value: Double, fractionDigits: Int) -> String {
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 1e15 else { return String(value) }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        let fraction = String(units % Int64(scale))
        let sign = value < 0 && units != 0 ? "-" : ""
        return "\(sign)\(whole).\(String(repeating: "0", count: fractionDigits - fraction.count))\(fraction)"
    }
}

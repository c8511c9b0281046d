import TrendKit

/// The unit a kind's numbers are given in, in JSON and CSV: the unit the settings show it in,
/// except stone, whose numbers are pounds (a number cannot be "12 st 4.0 lb").
struct ShownUnit {
    let symbol: String
    let convert: @Sendable (Double) -> Double

    init(_ kind: MeasurementKind, units: MeasureUnits) {
        if kind.id == .weight {
            let unit = units.weight.numberUnit
            symbol = unit.symbol
            convert = { unit.value(fromKilograms: $0) }
        } else {
            let unit = units.unit(of: kind)
            symbol = unit.symbol
            convert = { unit.value(fromCanonical: $0) }
        }
    }

    /// The kind a stored id names (one another session removed: its value as stored, in no unit).
    init(id: KindID, units: MeasureUnits) {
        if id == .weight {
            self.init(MeasurementKind.weight, units: units)
        } else if let kind = units.kind(id) {
            self.init(kind, units: units)
        } else {
            self.init(symbol: "", convert: { $0 })
        }
    }

    private init(symbol: String, convert: @escaping @Sendable (Double) -> Double) {
        self.symbol = symbol
        self.convert = convert
    }

    func callAsFunction(_ canonical: Double) -> Double { convert(canonical) }
    func callAsFunction(_ canonical: Double?) -> Double? { canonical.map(convert) }
}

/// Days and times as the JSON output writes them: a day as `2026-11-29`, a moment as ISO
/// 8601 local time with its offset.
enum ResultDates {
    static func day(_ number: Int) -> JSONValue { .string(LocalCalendar.dayText(dayNumber: number)) }
}

import TrendKit
import TrendShell

/// The built-in kinds, each in its default unit, with the weight in kilograms or pounds: what
/// a session with no unit settings and no added kinds shows.
extension MeasureUnits {
    static let kilograms = MeasureUnits(kinds: MeasurementKind.builtIn, settings: Settings(unit: .kilograms))
    static let pounds = MeasureUnits(kinds: MeasurementKind.builtIn, settings: Settings(unit: .pounds))
}

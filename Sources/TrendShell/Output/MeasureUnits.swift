import TrendKit

/// How a session shows measurements: the kinds it knows and the unit each is shown in (the
/// weight's setting among them). Renderers format a measurement through it; a kind it does
/// not know (a kind another session removed) shows its stored value with its id.
public struct MeasureUnits: Sendable, Equatable {
    public var weight: WeightUnit
    public var kinds: [MeasurementKind]
    /// The unit each kind other than weight is shown in, when not its default.
    public var chosen: [KindID: MeasureUnit]

    public init(
        weight: WeightUnit, kinds: [MeasurementKind] = MeasurementKind.builtIn, chosen: [KindID: MeasureUnit] = [:]
    ) {
        self.weight = weight
        self.kinds = kinds
        self.chosen = chosen
    }

    public func kind(_ id: KindID) -> MeasurementKind? { kinds.first { $0.id == id } }

    /// The unit `kind` is shown in.
    public func unit(of kind: MeasurementKind) -> MeasureUnit {
        kind.id == .weight ? weight.measureUnit : chosen[kind.id] ?? kind.defaultUnit
    }
}

extension WeightUnit {
    /// The built-in kinds, each in its default unit, and the weight in this unit.
    public var measureUnits: MeasureUnits { MeasureUnits(weight: self) }
}

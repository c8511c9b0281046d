import TrendKit

/// How a session shows measurements: the kinds it knows (the built-in ones and those a
/// person added) and the unit each is shown in, as the settings say (`unit st`, `unit waist
/// in`). The session builds one (`Session.units`) for every display of a measurement;
/// renderers format through it. A kind it does not know (one another session removed) shows
/// its stored value with its id.
public struct MeasureUnits: Sendable, Equatable {
    public var weight: WeightUnit
    public var kinds: [MeasurementKind]
    /// The settings the units are read from.
    public var settings: Settings

    public init(kinds: [MeasurementKind], settings: Settings) {
        weight = settings.unit
        self.kinds = kinds
        self.settings = settings
    }

    /// These units and `more` kinds that they do not know yet (those an import's file
    /// declares, shown in their own units before the import adds them).
    public func including(_ more: [MeasurementKind]) -> MeasureUnits {
        var units = self
        for kind in more where units.kind(kind.id) == nil { units.kinds.append(kind) }
        return units
    }

    public func kind(_ id: KindID) -> MeasurementKind? {
        for index in kinds.indices where kinds[index].id == id { return kinds[index] }
        return nil
    }

    /// The unit `kind` is shown in.
    public func unit(of kind: MeasurementKind) -> MeasureUnit { settings.unit(of: kind) }
}

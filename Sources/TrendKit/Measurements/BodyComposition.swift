/// Values derived from the weight, body fat and height: computed when shown, never stored.
public enum BodyComposition {
    /// A person's height, as `set height` reads it: in centimetres or inches, 50-272 cm. Not
    /// a kind of measurement (it is a setting); declared as one for its units and its range.
    public static let height = MeasurementKind(
        id: KindID("height"), name: "height", word: "height", quantity: .length, units: [.centimetres, .inches],
        range: 50...272, decimals: 1, hasTrend: false, exportColumn: "")

    /// The body-mass index: kilograms over the square of the height in metres.
    public static func bodyMassIndex(kilograms: Double, heightCentimetres: Double) -> Double {
        let metres = heightCentimetres / 100
        return kilograms / (metres * metres)
    }

    /// The mass of body fat in a weight of which `fatPercent` is fat, in kilograms.
    public static func fatMass(kilograms: Double, fatPercent: Double) -> Double {
        kilograms * fatPercent / 100
    }

    /// The rest of the weight: everything but the fat, in kilograms.
    public static func leanMass(kilograms: Double, fatPercent: Double) -> Double {
        kilograms - fatMass(kilograms: kilograms, fatPercent: fatPercent)
    }
}

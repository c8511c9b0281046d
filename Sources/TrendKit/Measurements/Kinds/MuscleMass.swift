extension MeasurementKind {
    /// Muscle mass, in kilograms or pounds: 5–250 kg, one decimal, with a trend. openScale
    /// keeps it as a share of the weight; Withings as a mass.
    public static let muscleMass = MeasurementKind(
        id: KindID("muscle"), name: "muscle mass", word: "muscle", quantity: .mass, units: [.kilograms, .pounds],
        range: 5...250, decimals: 1, hasTrend: true,
        importNames: [
            .libra: [ImportName("muscle mass")],
            .openScale2: [ImportName("muscle", reading: .percentOfWeight)],
            .withings: [ImportName("Muscle mass")],
            .spreadsheet: ImportName.headers(
                "muscle", "muscles", "muscle mass", "Muskeln", "Muskelmasse", "masse musculaire", "músculo",
                "masa muscular", "spieren", "spiermassa", "muscoli", "massa muscolare"),
        ],
        exportColumn: "muscle_kilograms")
}

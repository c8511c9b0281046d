extension MeasurementKind {
    /// Bone mass, in kilograms or pounds: 0.5–15 kg, one decimal, with a trend.
    public static let boneMass = MeasurementKind(
        id: KindID("bone"), name: "bone mass", word: "bone", quantity: .mass, units: [.kilograms, .pounds],
        range: 0.5...15, decimals: 1, hasTrend: true,
        importNames: [
            .openScale2: [ImportName("bone")],
            .withings: [ImportName("Bone mass")],
            .spreadsheet: ImportName.headers(
                "bone", "bones", "bone mass", "Knochen", "Knochenmasse", "os", "masse osseuse", "hueso", "masa ósea",
                "bot", "botmassa", "ossa", "massa ossea"),
        ],
        exportColumn: "bone_kilograms")
}

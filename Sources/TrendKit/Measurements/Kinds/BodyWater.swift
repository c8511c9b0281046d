extension MeasurementKind {
    /// Body water, as a percentage of the body's weight: 20–80 %, one decimal, with a trend.
    /// Withings keeps it as a mass (hydration).
    public static let bodyWater = MeasurementKind(
        id: KindID("water"), name: "body water", word: "water", quantity: .share, units: [.percent], range: 20...80,
        decimals: 1, hasTrend: true,
        importNames: [
            .openScale2: [ImportName("water")],
            .openScale3: [ImportName("WATER")],
            .withings: [ImportName("Hydration", reading: .massOfWeight)],
            .spreadsheet: ImportName.headers(
                "water", "body water", "hydration", "Wasser", "Körperwasser", "eau", "eau corporelle", "hydratation",
                "agua", "agua corporal", "lichaamsvocht", "lichaamswater", "acqua", "acqua corporea"),
        ],
        exportColumn: "water_percent")
}

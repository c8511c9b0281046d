extension MeasurementKind {
    /// The waist, a tape measure's circumference, in centimetres or inches: 30–250 cm, one
    /// decimal, with a trend.
    public static let waist = MeasurementKind(
        id: KindID("waist"), name: "waist", word: "waist", quantity: .length, units: [.centimetres, .inches],
        range: 30...250, decimals: 1, hasTrend: true,
        importNames: [
            .openScale2: [ImportName("waist")],
            .appleHealth: [ImportName("HKQuantityTypeIdentifierWaistCircumference")],
            .spreadsheet: ImportName.headers(
                "waist", "waist circumference", "Taille", "Taillenumfang", "Bauchumfang", "tour de taille", "cintura",
                "perímetro de cintura", "middel", "tailleomtrek", "girovita", "circonferenza vita"),
        ],
        exportColumn: "waist_centimetres")
}

extension MeasurementKind {
    /// The hip, a tape measure's circumference, in centimetres or inches: 30–250 cm, one
    /// decimal, with a trend.
    public static let hip = MeasurementKind(
        id: KindID("hip"), name: "hip", word: "hip", quantity: .length, units: [.centimetres, .inches],
        range: 30...250, decimals: 1, hasTrend: true,
        importNames: [
            .openScale2: [ImportName("hip")],
            .spreadsheet: ImportName.headers(
                "hip", "hips", "hip circumference", "Hüfte", "Hüftumfang", "hanches", "tour de hanches", "cadera",
                "perímetro de cadera", "heup", "heupomtrek", "fianchi", "circonferenza fianchi"),
        ],
        exportColumn: "hip_centimetres")
}

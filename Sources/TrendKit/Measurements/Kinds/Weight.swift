extension MeasurementKind {
    /// The weight, in kilograms or pounds (stone is shown `12 st 4.0 lb` and typed `12 st 4`),
    /// 20–500 kg, one decimal, with the trend the Hacker's Diet draws. Its values are kept in
    /// `entries.kilograms`, where every query of the log finds them.
    public static let weight = MeasurementKind(
        id: .weight, name: "weight", word: "weight", quantity: .mass, units: [.kilograms, .pounds, .stones],
        range: WeightUnit.minimumKilograms...WeightUnit.maximumKilograms, decimals: 1, hasTrend: true,
        importNames: [
            .spreadsheet: ImportName.headers(
                "weight", "body weight", "bodyweight", "Gewicht", "Körpergewicht", "poids", "poids corporel", "peso",
                "peso corporal", "peso corporeo", "lichaamsgewicht")
        ],
        exportColumn: "kilograms")
}

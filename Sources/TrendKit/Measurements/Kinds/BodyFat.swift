extension MeasurementKind {
    /// Body fat, as a percentage of the body's weight: 2–75 %, one decimal, with a trend.
    /// Withings keeps it as a mass and Apple Health as a fraction; each is read as it means.
    public static let bodyFat = MeasurementKind(
        id: KindID("fat"), name: "body fat", word: "fat", quantity: .share, units: [.percent], range: 2...75,
        decimals: 1, hasTrend: true,
        importNames: [
            .libra: [ImportName("body fat")],
            .openScale2: [ImportName("fat")],
            .openScale3: [ImportName("BODY_FAT")],
            .withings: [ImportName("Fat mass", reading: .massOfWeight)],
            .fitbit: [ImportName("fat")],
            .trendWeight: [ImportName("Body Fat %")],
            .appleHealth: [ImportName("HKQuantityTypeIdentifierBodyFatPercentage", reading: .fraction)],
            .spreadsheet: ImportName.headers(
                "fat", "body fat", "bodyfat", "fat %", "body fat %", "body fat percentage", "Körperfett",
                "Körperfettanteil", "Fett", "Fettanteil", "graisse", "graisse corporelle", "grasa", "grasa corporal",
                "vet", "vetpercentage", "lichaamsvet", "grasso", "grasso corporeo"),
        ],
        exportColumn: "fat_percent")
}

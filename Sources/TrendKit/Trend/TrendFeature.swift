extension FeatureDeclaration {
    /// The per-day trend, derived from the entries and kept in step with them.
    public static let trend = FeatureDeclaration(
        id: .trend, migrations: DailySchema.migrations + KindDailySchema.migrations, canBeSimulated: true)
}

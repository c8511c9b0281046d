extension FeatureDeclaration {
    /// The per-day trend, derived from the entries and kept in step with them.
    public static let trend = FeatureDeclaration(
        id: .trend, migrations: DailySchema.migrations + KindDailySchema.migrations + [DailySchema.byPerson],
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .trend, summary: "the per-day trend of every kind, for each time zone",
                sql: DailySchema.server + KindDailySchema.server),
            ServerMigration(
                version: 16, feature: .trend, summary: "each person's own per-day trend",
                sql: DailySchema.serverByPerson),
        ],
        canBeSimulated: true)
}

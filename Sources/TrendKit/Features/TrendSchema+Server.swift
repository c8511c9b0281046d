extension Schema {
    /// Every feature's tables on a PostgreSQL server, as this build keeps them: the server
    /// steps each feature declares beside its SQLite steps (`trendsh`).
    public static let server = ServerSchema(FeatureDeclaration.all.flatMap(\.serverMigrations))
}

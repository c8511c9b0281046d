extension FeatureDeclaration {
    /// The change history behind `undo` and `redo`: its tables hold every feature's steps,
    /// and each feature declares the tables whose rows it puts back.
    public static let history = FeatureDeclaration(
        id: .history, migrations: HistorySchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .history, summary: "a history of changes, for undo and redo",
                sql: HistorySchema.server),
            ServerMigration(
                version: 18, feature: .history, summary: "every step of the history belongs to a person",
                sql: HistorySchema.serverPeople),
        ])
}

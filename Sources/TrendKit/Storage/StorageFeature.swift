extension FeatureID {
    /// The store itself: the file, SQLite's files beside it, and the copies made before an upgrade.
    public static let storage = FeatureID("storage")
}

extension FeatureDeclaration {
    /// The store's own files. SQLite opens the log, its index and the journal by name beside
    /// the store; trendsh checks each before it does.
    public static let storage = FeatureDeclaration(
        id: .storage,
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .storage, summary: "the store's identity, format and change counter",
                sql: StoreServerSchema.sql)
        ],
        ownFiles: [
            OwnFileDeclaration(.store, .store),
            OwnFileDeclaration(.writeAheadLog, .besideStore(suffix: "-wal"), keptBySQLite: true),
            OwnFileDeclaration(.sharedMemory, .besideStore(suffix: "-shm"), keptBySQLite: true),
            OwnFileDeclaration(.rollbackJournal, .besideStore(suffix: "-journal"), keptBySQLite: true),
            OwnFileDeclaration(.backup, .backupOfStore),
        ])
}

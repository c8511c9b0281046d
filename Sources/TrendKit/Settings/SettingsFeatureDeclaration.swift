extension OwnFile {
    /// Settings, `<store>.settings`.
    public static let settings = OwnFile("settings")
    /// The lock held while the settings file is written.
    public static let settingsLock = OwnFile("settings lock")
}

extension FeatureDeclaration {
    /// The settings: each person's in the store, and a copy of them beside the store, with
    /// the settings of this machine alone, so they work when the store does not.
    public static let settings = FeatureDeclaration(
        id: .settings, migrations: SettingsSchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: SettingsSchema.version, feature: .settings,
                summary: "each person's settings kept in the store", sql: SettingsSchema.server)
        ],
        ownFiles: [
            OwnFileDeclaration(.settings, .besideStore(suffix: ".settings"), replacedThroughTemporary: true),
            OwnFileDeclaration(.settingsLock, .lock(of: .settings)),
        ])
}

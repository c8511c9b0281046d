extension OwnFile {
    /// Settings, `<store>.settings`.
    public static let settings = OwnFile("settings")
    /// The lock held while the settings file is written.
    public static let settingsLock = OwnFile("settings lock")
}

extension FeatureDeclaration {
    /// The settings, in their own file beside the store, so they work when the store does not.
    public static let settings = FeatureDeclaration(
        id: .settings,
        ownFiles: [
            OwnFileDeclaration(.settings, .besideStore(suffix: ".settings"), replacedThroughTemporary: true),
            OwnFileDeclaration(.settingsLock, .lock(of: .settings)),
        ])
}

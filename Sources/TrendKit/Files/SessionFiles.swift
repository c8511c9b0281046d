extension FeatureID {
    /// What a session keeps for the person, apart from any store: the history and the start-up file.
    public static let session = FeatureID("session")
}

extension OwnFile {
    /// The interactive history.
    public static let history = OwnFile("history")
    /// The start-up file (the default one, or the one `--init` names).
    public static let startupFile = OwnFile("start-up file")
}

extension FeatureDeclaration {
    /// The interactive session's files, under the XDG folders.
    public static let session = FeatureDeclaration(
        id: .session,
        ownFiles: [
            OwnFileDeclaration(.history, .history, replacedThroughTemporary: true),
            OwnFileDeclaration(.startupFile, .startupFile),
        ])
}

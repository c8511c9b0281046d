extension FeatureID {
    /// The draft slot and its file.
    public static let drafts = FeatureID("drafts")
}

extension OwnFile {
    /// The open draft, `<store>.draft`.
    public static let draft = OwnFile("draft")
    /// The lock one session holds on the draft file.
    public static let draftLock = OwnFile("draft lock")
}

extension FeatureDeclaration {
    /// The one open draft, of any kind, and its file beside the store.
    public static let drafts = FeatureDeclaration(
        id: .drafts,
        ownFiles: [
            OwnFileDeclaration(.draft, .besideStore(suffix: ".draft"), replacedThroughTemporary: true),
            OwnFileDeclaration(.draftLock, .lock(of: .draft)),
        ])
}

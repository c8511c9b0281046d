extension FeatureID {
    /// The changes waiting for the store.
    public static let pending = FeatureID("pending")
}

extension OwnFile {
    /// Pending changes, `<store>.pending`.
    public static let pending = OwnFile("pending")
    /// The lock one session holds on the pending changes.
    public static let pendingLock = OwnFile("pending lock")
}

extension FeatureDeclaration {
    /// Amends, undos and redos the store has not confirmed yet, in their file beside the store.
    public static let pending = FeatureDeclaration(
        id: .pending,
        ownFiles: [
            OwnFileDeclaration(.pending, .besideStore(suffix: ".pending"), replacedThroughTemporary: true),
            OwnFileDeclaration(.pendingLock, .lock(of: .pending)),
        ])
}

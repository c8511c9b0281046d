extension FeatureDeclaration {
    /// The change history behind `undo` and `redo`: its tables hold every feature's steps,
    /// and each feature declares the tables whose rows it puts back.
    public static let history = FeatureDeclaration(id: .history, migrations: HistorySchema.migrations)
}

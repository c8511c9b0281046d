extension FeatureDeclaration {
    /// The weight entries and the kinds a person added: their tables, their history
    /// photographs, and the weight draft.
    public static let weights = FeatureDeclaration(
        id: .weights, migrations: WeightsSchema.migrations + MeasurementsSchema.migrations,
        undoableTables: [.entries, .kinds],
        draftKinds: [.weight],
        canBeSimulated: true)
}

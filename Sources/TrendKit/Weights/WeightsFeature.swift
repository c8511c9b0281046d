extension FeatureDeclaration {
    /// The weight entries: their table, its history photographs, and the weight draft.
    public static let weights = FeatureDeclaration(
        id: .weights, migrations: WeightsSchema.migrations + MeasurementsSchema.migrations, undoableTables: [.entries],
        draftKinds: [.weight],
        canBeSimulated: true)
}

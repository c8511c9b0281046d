extension FeatureDeclaration {
    /// The weight entries and the kinds a person added: their tables, their history
    /// photographs, and the weight draft.
    public static let weights = FeatureDeclaration(
        id: .weights, migrations: WeightsSchema.migrations + MeasurementsSchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .weights, summary: "entries, their measurements, the kinds, and operations",
                sql: WeightsSchema.server + MeasurementsSchema.server)
        ],
        undoableTables: [.entries, .kinds],
        draftKinds: [.weight],
        canBeSimulated: true)
}

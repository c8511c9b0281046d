extension FeatureDeclaration {
    /// The weight entries and the kinds a person added: their tables, their history
    /// photographs, and the weight draft.
    public static let weights = FeatureDeclaration(
        id: .weights, migrations: WeightsSchema.migrations + MeasurementsSchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .weights, summary: "entries, their measurements, the kinds, and operations",
                sql: WeightsSchema.server + MeasurementsSchema.server),
            ServerMigration(
                version: 15, feature: .weights, summary: "every entry and measurement belongs to a person",
                sql: PersonColumns.serverAdd(to: "entries") + PersonColumns.serverAdd(to: "measurements") + [
                    "DROP INDEX entries_newest_first",
                    "CREATE INDEX entries_newest_first ON entries (person, taken_at DESC, id DESC)",
                ] + PersonColumns.serverAssigningTrigger(table: "entries")
                    + PersonColumns.serverAssigningTrigger(
                        table: "measurements", owner: "(SELECT person FROM entries WHERE id = NEW.entry_id)")),
        ],
        undoableTables: [.entries, .kinds],
        draftKinds: [.weight],
        canBeSimulated: true)
}

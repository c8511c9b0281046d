extension FeatureDeclaration {
    /// The habits and the days each was done, and the habit draft.
    public static let habits = FeatureDeclaration(
        id: .habits, migrations: HabitsSchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: 13, feature: .habits, summary: "habits and their done days", sql: HabitsSchema.server),
            ServerMigration(
                version: 17, feature: .habits, summary: "every habit and its done days belong to a person",
                sql: HabitsSchema.serverPeople),
        ],
        undoableTables: [.habits, .completions],
        draftKinds: [.habit], canBeSimulated: true)
}

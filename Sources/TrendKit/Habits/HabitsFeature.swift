extension FeatureDeclaration {
    /// The habits and the days each was done, and the habit draft.
    public static let habits = FeatureDeclaration(
        id: .habits, migrations: HabitsSchema.migrations, undoableTables: [.habits, .completions],
        draftKinds: [.habit], canBeSimulated: true)
}

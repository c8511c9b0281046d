import TrendKit

/// How one feature is typed and shown: its commands, the kinds of draft it presents, how
/// the session reaches its state (for `status` and `refresh`), how a draft of its kinds is
/// restored, and how its history steps read. With TrendKit's `FeatureDeclaration`, this is
/// the one place a feature registers; `CommandTable`, the session's features, the draft
/// slot's restorers, the presentations and the history's descriptions are all read from
/// `ShellFeature.all`.
struct ShellFeature: Sendable {
    /// What TrendKit declares for the feature.
    let declaration: FeatureDeclaration
    /// Its commands, in the order `help` lists them within their groups.
    let commands: [CommandDeclaration]
    /// How each kind of draft it declares is shown, saved and summarised.
    let presentations: [any PresentableDraft.Type]
    /// Its state as `status` shows it, and how `refresh` reloads it; nil for a feature with
    /// neither. `everything` asks for data a feature otherwise loads only when a command
    /// needs it (the trend).
    let state: (@MainActor @Sendable (Session) -> any FeatureStatus)?
    let refresh: (@MainActor @Sendable (Session, _ everything: Bool) -> Void)?
    /// Restores drafts of its kinds, from the features the session is built of.
    let restorers: @MainActor @Sendable (Session.Parts) -> [DraftRestorer]
    /// Describes one of its history steps; nil for a step of another feature's kind.
    let describeStep: @Sendable (HistoryStep, MeasureUnits) -> String?

    init(
        _ declaration: FeatureDeclaration, commands: [CommandDeclaration] = [],
        presentations: [any PresentableDraft.Type] = [],
        state: (@MainActor @Sendable (Session) -> any FeatureStatus)? = nil,
        refresh: (@MainActor @Sendable (Session, Bool) -> Void)? = nil,
        restorers: @escaping @MainActor @Sendable (Session.Parts) -> [DraftRestorer] = { _ in [] },
        describeStep: @escaping @Sendable (HistoryStep, MeasureUnits) -> String? = { _, _ in nil }
    ) {
        self.declaration = declaration
        self.commands = commands
        self.presentations = presentations
        self.state = state
        self.refresh = refresh
        self.restorers = restorers
        self.describeStep = describeStep
    }

    /// Every feature, in the order `status` reports them. TrendKit's features without a
    /// face in the shell (storage, drafts) are here too, so that this list and
    /// `FeatureDeclaration.all` name the same features.
    static let all: [ShellFeature] = [
        ShellFeature(.drafts, commands: DraftCommands.all),
        ShellFeature(
            .weights, commands: WeightCommands.all + MeasureCommands.all + DeleteCommand.all,
            presentations: [EntryEditor.self],
            state: { $0.weights },
            refresh: { session, _ in session.weights.refresh() },
            restorers: { [$0.weights.draftRestorer()] }, describeStep: Messages.describeWeightsStep),
        ShellFeature(
            .trend, commands: TrendCommands.all, state: { $0.trend },
            refresh: { session, everything in
                // Read when a command asks for it (so start-up does not pay for it); once
                // read, or when `everything` asks, reloaded with the rest.
                if everything || session.trend.loadState != .idle { session.trend.refresh() }
            }),
        ShellFeature(
            .habits, commands: HabitCommands.all, presentations: [HabitEditor.self], state: { $0.habitLog },
            refresh: { session, _ in session.habitLog.refresh() },
            restorers: { [$0.habits.draftRestorer()] }, describeStep: Messages.describeHabitsStep),
        ShellFeature(
            .exchange, commands: DataCommands.all, presentations: [ImportEditor.self],
            restorers: { [$0.exchange.importer.draftRestorer()] },
            describeStep: Messages.describeExchangeStep),
        ShellFeature(.people, commands: PeopleCommands.all),
        ShellFeature(.history, commands: ChangeCommands.all),
        ShellFeature(.pending),
        ShellFeature(
            .settings, commands: SettingsCommands.all, state: { $0.settings },
            refresh: { session, _ in session.settings.refresh() }),
        ShellFeature(.storage),
        ShellFeature(.session, commands: ShellCommands.all + FormatCommands.all + TraceCommands.all),
    ]

    /// The features `simulate` can single out, by name.
    static let simulated: [String] = FeatureDeclaration.simulated.map(\.rawValue)
}

/// One command, declared once: its name and aliases, the feature group `help` lists it
/// under, its usage, summary and example, how its arguments parse and complete, and what it
/// runs. Help, the parser, completion and "did you mean" all read these declarations.
public struct CommandDeclaration: Sendable {
    public let name: String
    public let aliases: [String]
    public let group: CommandGroup
    public let usage: String
    public let summary: String
    public let example: String
    /// More lines for `help NAME`: forms, quoting, formulas.
    public let details: [String]
    /// True when the command reads or shows stored data, so the session first checks
    /// whether another session has committed (`PRAGMA data_version`). Draft edits and the
    /// shell's own commands skip that, which keeps a draft's life cheap.
    public let readsStore: Bool
    /// The words it takes as keyword arguments (`all`, `csv`, `off`): no kind a person adds
    /// may have one of them as its word.
    public let keywords: [String]
    /// The forms of it that answer with fields of their own in JSON, and those that print
    /// rows in CSV (`--format`); any other form answers with its text lines.
    public let answers: AnswerForms
    let parse: @Sendable (Arguments) throws(ParseError) -> ParsedCommand
    let complete: @Sendable (CompletionRequest) -> [String]

    /// Declares a command whose arguments parse to a value of type `Value`, which `run`
    /// receives. Parsing is pure; `run` acts on the session.
    public static func command<Value: Hashable & Sendable>(
        _ name: String, aliases: [String] = [], group: CommandGroup, usage: String, summary: String,
        example: String, details: [String] = [], readsStore: Bool = true, keywords: [String] = [],
        answers: AnswerForms = AnswerForms(),
        parse: @escaping @Sendable (Arguments) throws(ParseError) -> Value,
        complete: @escaping @Sendable (CompletionRequest) -> [String] = { _ in [] },
        run: @escaping @MainActor @Sendable (Session, Value) -> Session.Outcome
    ) -> CommandDeclaration {
        CommandDeclaration(
            name: name, aliases: aliases, group: group, usage: usage, summary: summary, example: example,
            details: details, readsStore: readsStore, keywords: keywords, answers: answers,
            parse: { arguments throws(ParseError) in
                let value = try parse(arguments)
                return ParsedCommand(name: name, arguments: value, readsStore: readsStore) { session in
                    run(session, value)
                }
            },
            complete: complete)
    }

    /// True for its name or one of its aliases, in any case.
    func answers(to word: String) -> Bool {
        let lowered = word.lowercased()
        return name == lowered || aliases.contains(lowered)
    }
}

/// Which forms of a command have a structured answer (see `Session+Answers`): the usage
/// forms with fields of their own in JSON, and those that print rows in CSV. The `format`
/// command lists them from the declarations.
public struct AnswerForms: Sendable {
    public var json: [String]
    public var csv: [String]

    public init(json: [String] = [], csv: [String] = []) {
        self.json = json
        self.csv = csv
    }
}

/// The feature a command belongs to; `help` lists commands under these headings, in order.
public enum CommandGroup: String, Sendable, CaseIterable {
    case drafts = "Drafts (any kind)"
    case weights = "Weights"
    case habits = "Habits"
    case people = "People"
    case trend = "Trend"
    case data = "Data in and out"
    case history = "Pending changes and history"
    case settings = "Settings"
    case shell = "The shell"
}

/// A parsed line: which command, with which arguments, ready to run.
public struct ParsedCommand: Equatable {
    public let name: String
    /// The parsed arguments, of the command's own type.
    public let arguments: any Sendable
    let readsStore: Bool
    let run: @MainActor (Session) -> Session.Outcome
    /// Compares another command's arguments with these, by their concrete type. (Not
    /// `AnyHashable`: boxing in it looks up protocol conformances at run time, which cost
    /// more than all of start-up's other work.)
    private let sameArguments: @Sendable (any Sendable) -> Bool

    init<Value: Hashable & Sendable>(
        name: String, arguments: Value, readsStore: Bool, run: @escaping @MainActor (Session) -> Session.Outcome
    ) {
        self.name = name
        self.arguments = arguments
        self.readsStore = readsStore
        self.run = run
        sameArguments = { other in (other as? Value) == arguments }
    }

    public static func == (lhs: ParsedCommand, rhs: ParsedCommand) -> Bool {
        lhs.name == rhs.name && lhs.sameArguments(rhs.arguments)
    }
}

/// "No arguments", as a parsed value.
public struct NoArguments: Hashable, Sendable {
    public init() {}
}

/// The commands that exist only inside `trendsh --learn`, declared once: the runner takes
/// them before the session sees a line, its greeting lists them, completion offers them
/// there, and no kind of measurement may take their words (`KindWordRules`). Anywhere else
/// they are unknown commands.
public enum LearnCommand: String, CaseIterable, Sendable {
    case hint
    case again
    case skip

    /// The word typed.
    public var name: String { rawValue }

    /// What it does, for the greeting.
    public var summary: String {
        switch self {
        case .hint: return "shows a hint"
        case .again: return "starts the exercise over on a fresh store"
        case .skip: return "moves on to the next exercise"
        }
    }

    /// The learn command `line` is (its one word, in any case, with spaces around it); nil
    /// for anything else, which the session runs.
    public static func named(in line: String) -> LearnCommand? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 1 else { return nil }
        return LearnCommand(rawValue: words[0].lowercased())
    }
}

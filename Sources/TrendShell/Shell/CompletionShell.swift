/// A shell `trendsh --completion` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The shells' names, as `--completion` takes them.
    static let names = allCases.map(\.rawValue)
}

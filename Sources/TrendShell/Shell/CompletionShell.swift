/// A shell `trendsh --completion` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The shells' names, as `--completion` takes them.
    static let names = allCases.map(\.rawValue)

    /// "bash, zsh or fish", for `--completion`'s summary. Joined with `joinedWords`, as the
    /// declarations it is part of are built on every start.
    static let listed = Array(names.dropLast()).joinedWords(separator: ", ") + " or " + (names.last ?? "")
}

/// `trendsh --completion SHELL`: a completion script for bash, zsh or fish, made from the option
/// declarations as the manual page is. An option's value completes as its `ValueKind` says:
/// file names, its words, or nothing. `make install` and `make deb` write the scripts from the
/// built binary, so they cannot drift from the options either.
public enum CompletionScript {
    /// The whole script for `shell`, without the newline after its last line (an output
    /// sink's `write` adds it).
    public static func text(for shell: CompletionShell, declarations: [Options.Declaration] = Options.declarations)
        -> String
    {
        let lines: [String]
        switch shell {
        case .bash: lines = bash(declarations)
        case .zsh: lines = zsh(declarations)
        case .fish: lines = fish(declarations)
        }
        return lines.joinedWords(separator: "\n")
    }

    /// The first line of every script: where it came from.
    static func madeBy(_ shell: CompletionShell) -> String {
        "# \(shell.rawValue) completion for trendsh \(Options.version), made by \"trendsh --completion \(shell.rawValue)\" from its option declarations."
    }

    /// The summary's first clause, short enough to stand beside the option in a list of
    /// matches: up to the first ". ", "; " or " (", or a ": " after the 25th character (so
    /// "With --play or --cast: type N characters a second" stays whole).
    static func shortSummary(_ summary: String) -> String {
        var end = summary.endIndex
        for mark in [". ", "; ", " ("] {
            if let found = summary.firstRange(of: mark), found.lowerBound < end { end = found.lowerBound }
        }
        if let colon = summary.firstRange(of: ": "), colon.lowerBound < end,
            summary.distance(from: summary.startIndex, to: colon.lowerBound) >= 25
        {
            end = colon.lowerBound
        }
        var text = String(summary[..<end])
        while text.last == "." { text.removeLast() }
        return text
    }

    /// `text` as one POSIX shell word in single quotes (bash and zsh).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}

extension CompletionScript {
    /// `complete` lines for fish, which loads trendsh.fish from a completions folder the first
    /// time trendsh is completed. File names are offered only for an option whose value is one,
    /// and for the words after `--check`.
    static func fish(_ declarations: [Options.Declaration]) -> [String] {
        var lines = [
            madeBy(.fish),
            "# fish loads it from a completions folder (see the guide).",
            "",
            "complete -c trendsh -f",
        ]
        for declaration in declarations {
            var line = "complete -c trendsh " + declaration.names.map(option).joinedWords(separator: " ")
            if declaration.value != nil {
                switch declaration.valueKind {
                case .text: line += " -x"
                case .file, .files: line += " -r -F"
                case .words(let words): line += " -x -a " + quoted(words.joinedWords(separator: " "))
                }
            }
            lines.append(line + " -d " + quoted(shortSummary(declaration.summary)))
        }
        for declaration in declarations where declaration.value != nil && declaration.valueKind == .files {
            let seen = "__fish_contains_opt " + declaration.names.map(seenName).joinedWords(separator: " ")
            lines.append("complete -c trendsh -n " + quoted(seen) + " -F")
        }
        return lines
    }

    /// `-l store` for `--store`, `-s c` for `-c`.
    private static func option(_ name: String) -> String {
        name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst()
    }

    /// The name as `__fish_contains_opt` takes it: `check` for `--check`, `-s c` for `-c`.
    private static func seenName(_ name: String) -> String {
        name.hasPrefix("--") ? String(name.dropFirst(2)) : "-s " + name.dropFirst()
    }

    /// `text` in fish's single quotes, where only `\` and `'` are escaped.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}

extension CompletionScript {
    /// A `#compdef` function for zsh's completion system: compinit finds it as `_trendsh` in a
    /// folder of `$fpath`. One `_arguments` spec per option name; a run mode excludes the others,
    /// as the parser does, and the words after `--check` are files.
    static func zsh(_ declarations: [Options.Declaration]) -> [String] {
        let runModes = declarations.filter(\.startsRun).flatMap(\.names)
        let repeated = declarations.filter { $0.value != nil && $0.valueKind == .files }.flatMap(\.names)
        var lines = [
            "#compdef trendsh",
            madeBy(.zsh),
            "# compinit loads it as _trendsh from a folder in $fpath (see the guide).",
            "",
            "local context state state_descr line",
            "typeset -A opt_args",
            "",
            "_arguments \\",
        ]
        for declaration in declarations {
            for name in declaration.names {
                let excluded = (declaration.names + (declaration.startsRun ? runModes : [])).filter { $0 != name }
                lines.append("    " + singleQuoted(spec(name, of: declaration, excluding: excluded)) + " \\")
            }
        }
        if repeated.isEmpty {
            lines[lines.count - 1].removeLast(2)
            return lines
        }
        let seen = repeated.map { "${+opt_args[\($0)]}" }.joinedWords(separator: " || ")
        lines += [
            "    '*: :->files' && return 0",
            "",
            "if [[ $state == files ]] && (( \(seen) )); then",
            "    _files",
            "fi",
        ]
        return lines
    }

    /// `(excluded)--name=[summary]:VALUE:action`: `=` where the parser takes `--name=value`,
    /// and `*` before the name of an option that may be given again (`-c`).
    private static func spec(_ name: String, of declaration: Options.Declaration, excluding excluded: [String])
        -> String
    {
        var spec = excluded.isEmpty ? "" : "(" + excluded.joinedWords(separator: " ") + ")"
        if declaration.repeats { spec += "*" }
        spec += name
        guard let value = declaration.value else {
            return spec + "[" + escaped(shortSummary(declaration.summary)) + "]"
        }
        if name.hasPrefix("--") && declaration.valueKind != .files { spec += "=" }
        spec += "[" + escaped(shortSummary(declaration.summary)) + "]"
        let message = escaped(value.hasSuffix("...") ? String(value.dropLast(3)) : value)
        switch declaration.valueKind {
        case .text: return spec + ":" + message + ": "
        case .file, .files: return spec + ":" + message + ":_files"
        case .words(let words): return spec + ":" + message + ":(" + words.joinedWords(separator: " ") + ")"
        }
    }

    /// Text for an `_arguments` description or message, where `[`, `]`, `:` and `\` mean
    /// something.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

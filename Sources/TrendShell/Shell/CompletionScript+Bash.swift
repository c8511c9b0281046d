extension CompletionScript {
    /// A function for `complete -F`. bash-completion loads it from its completions folder the
    /// first time trendsh is completed; sourcing the file works too. File names come from
    /// bash-completion's `_filedir` when it is loaded (quoting, `~`), else from `compgen -f`.
    static func bash(_ declarations: [Options.Declaration]) -> [String] {
        let allNames = declarations.flatMap(\.names).joinedWords(separator: " ")
        var lines = [
            madeBy(.bash),
            "# bash-completion loads it from a completions folder (see the guide); or source it.",
            "",
            "_trendsh_words() {",
            "    mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\")",
            "}",
            "",
            "_trendsh_files() {",
            "    if declare -F _filedir >/dev/null; then",
            "        _filedir",
            "    else",
            "        compopt -o filenames 2>/dev/null",
            "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
            "    fi",
            "}",
            "",
            "_trendsh() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev= i",
            "    COMPREPLY=()",
            "    if ((COMP_CWORD > 0)); then prev=${COMP_WORDS[COMP_CWORD - 1]}; fi",
            "    # bash splits --store=x at the \"=\": the words are --store, = and x.",
            "    if [[ $cur == = ]]; then",
            "        cur=",
            "    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then",
            "        prev=${COMP_WORDS[COMP_CWORD - 2]}",
            "    fi",
            "    case $prev in",
        ]
        let valued = declarations.filter { $0.value != nil }
        let files = valued.filter { $0.valueKind == .file || $0.valueKind == .files }.flatMap(\.names)
        if !files.isEmpty { lines.append("    \(pattern(files))) _trendsh_files; return ;;") }
        for declaration in valued {
            guard case .words(let words) = declaration.valueKind else { continue }
            let offered = singleQuoted(words.joinedWords(separator: " "))
            lines.append("    \(pattern(declaration.names))) _trendsh_words \(offered); return ;;")
        }
        let text = valued.filter { $0.valueKind == .text }.flatMap(\.names)
        if !text.isEmpty { lines.append("    \(pattern(text))) return ;;") }
        lines += [
            "    esac",
            "    if [[ $cur != -* ]]; then",
        ]
        // Words that are not options are files after an option that takes several.
        let repeated = valued.filter { $0.valueKind == .files }.flatMap(\.names)
        if !repeated.isEmpty {
            lines += [
                "        for ((i = 1; i < COMP_CWORD; i++)); do",
                "            case ${COMP_WORDS[i]} in \(pattern(repeated))) _trendsh_files; return ;; esac",
                "        done",
            ]
        }
        lines += [
            "        [[ -z $cur ]] || return",
            "    fi",
            "    _trendsh_words \(singleQuoted(allNames))",
            "}",
            "",
            "complete -F _trendsh trendsh",
        ]
        return lines
    }

    /// A `case` pattern matching exactly these option names.
    private static func pattern(_ names: [String]) -> String {
        names.map(singleQuoted).joinedWords(separator: "|")
    }
}

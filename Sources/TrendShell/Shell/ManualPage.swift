/// `trendsh --manual`: the manual page, in roff, made from the same declarations as `--help`
/// and `help` (the options, the commands, the exit statuses and the files), so it cannot
/// drift from them. docs/trendsh.1 is its output, and a test compares the two.
public enum ManualPage {
    /// The whole page.
    public static var text: String {
        var lines = [
            ".\\\" Made by \"trendsh --manual\" from the option and command declarations; change those, not this file.",
            ".TH TRENDSH 1 \"\" \"trendsh \(Options.version)\" \"User Commands\"",
            ".SH NAME",
            "trendsh \\- a shell for keeping a weight log, one draft at a time",
            ".SH SYNOPSIS",
            ".nf",
        ]
        for form in Options.usageLines {
            let wrapped = Options.wrap(form, width: 72, keepingBracketsWhole: true)
            lines.append("\\fBtrendsh\\fR" + roff(String(wrapped[0].dropFirst("trendsh".count))))
            lines += wrapped.dropFirst().map { "        " + roff($0) }
        }
        lines += [".fi", ".SH DESCRIPTION"]
        for paragraph in description { lines += [".PP", roff(paragraph)] }
        lines.append(".SH OPTIONS")
        for declaration in Options.declarations {
            let names = declaration.names.map { "\\fB" + roff($0) + "\\fR" }.joinedWords(separator: ", ")
            lines += [
                ".TP", names + (declaration.value.map { " \\fI" + roff($0) + "\\fR" } ?? ""), roff(declaration.summary),
            ]
        }
        lines += [
            ".SH COMMANDS", roff("Type \"help\" in trendsh for this list, and \"help COMMAND\" for one command."),
        ]
        for group in CommandGroup.allCases {
            let members = CommandTable.declarations.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append(".SS " + roff(group.rawValue))
            for declaration in members { lines += command(declaration) }
        }
        lines.append(".SH EXIT STATUS")
        for (status, meaning) in pairs(Options.exitStatusLines) {
            lines += [".TP", ".B " + roff(status), roff(meaning)]
        }
        lines.append(".SH ENVIRONMENT")
        for (name, meaning) in environment { lines += [".TP", ".B " + roff(name), roff(meaning)] }
        lines.append(".SH FILES")
        for (path, meaning) in pairs(Options.filesLines) { lines += [".TP", ".I " + roff(path), roff(meaning)] }
        lines += [
            ".SH SEE ALSO",
            ".BR sqlite3 (1),",
            ".BR psql (1),",
            ".BR asciinema (1)",
        ]
        return lines.joinedWords(separator: "\n") + "\n"
    }

    /// One command: its usage (the name in bold), summary, details, other names and example.
    static func command(_ declaration: CommandDeclaration) -> [String] {
        let usage = declaration.usage
        let rest = usage.hasPrefix(declaration.name) ? String(usage.dropFirst(declaration.name.count)) : ""
        let name = usage.hasPrefix(declaration.name) ? declaration.name : usage
        var lines = [".TP", "\\fB" + roff(name) + "\\fR" + roff(rest), roff(declaration.summary)]
        // Detail lines make one paragraph, as `help` wraps them; an indented one (a setting
        // and its values) is an item of a list, on a line of its own.
        var paragraph: [String] = []
        for detail in declaration.details {
            if detail.hasPrefix("  ") {
                if !paragraph.isEmpty { lines += [".br", roff(paragraph.joinedWords(separator: " "))] }
                paragraph = []
                lines += [".br", roff(CommandParser.trimmed(detail))]
            } else {
                paragraph.append(CommandParser.trimmed(detail))
            }
        }
        if !paragraph.isEmpty { lines += [".br", roff(paragraph.joinedWords(separator: " "))] }
        if !declaration.aliases.isEmpty {
            lines += [".br", roff("Also: " + declaration.aliases.joinedWords(separator: ", "))]
        }
        lines += [".br", "Example: \\fB" + roff(declaration.example) + "\\fR"]
        return lines
    }

    /// Text made safe for roff: a backslash prints as one, a hyphen as a minus sign (so
    /// options copied from the page work), and a line cannot start a request.
    public static func roff(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\n", "\r": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// `--help`'s two-column lines (`  0    every command succeeded`) as pairs, the heading
    /// left out. The columns are split at the first run of two spaces after the first.
    static func pairs(_ lines: [String]) -> [(String, String)] {
        lines.dropFirst().map { line in
            let text = CommandParser.trimmed(line)
            guard let gap = text.firstRange(of: "  ") else { return (text, "") }
            return (String(text[..<gap.lowerBound]), CommandParser.trimmed(String(text[gap.upperBound...])))
        }
    }

    static let description = [
        "trendsh keeps a weight log, and habits beside it. You edit one draft at a time (\"value 75\", \"note after run\", \"date yesterday\") and then \"save\" or \"cancel\" it. What trendsh calls saved is what the store confirmed on disk: when a save fails, because the input is invalid or because storage failed, trendsh says why and keeps the draft exactly as typed, ready for another \"save\". A retry never writes a second entry.",
        "When standard input and standard output are both terminals, trendsh is interactive: it shows a prompt, with line editing, history and Tab completion, and runs the start-up file first. Otherwise it reads one command per line from standard input, or runs the -c commands, and exits.",
        "Tutorial transcripts are sessions written down. --check replays them and shows a diff where trendsh prints something else; --play plays one as a live demo; --cast records any run as an asciicast file.",
        "--format json prints each command's answer as one JSON object a line (JSON Lines), in the schema trendsh-output, version 1 (docs/json.md, or /usr/share/doc/trendsh/json.md.gz): numbers are numbers, dates are ISO 8601 with their offset, and a figure that is missing is null with a reason code beside it. Errors, warnings and notes are JSON objects on standard error; the exit status is the same. --format csv prints the rows of list, habits, undo list and the period reports (stats week, month or year) as CSV. The format lasts for the run and is never saved; \"format\" changes it inside a session.",
        "import reads the exports of nine apps, and any other CSV, TSV or semicolon-separated file whose first line names a date column and a column of a kind, in English, German, French, Spanish, Dutch or Italian; \"help import\" gives its rules and options.",
        "--weighed-today answers \"has today a weigh-in?\" by its exit status alone (0 yes, 4 no, 1 cannot tell), for a shell prompt or a cron job; it reads the store read-only, upgrades nothing and creates no file.",
        "--completion bash, zsh or fish prints a completion script made from these options: the value of an option that names a file completes file names, and --completion's value the shells. \"make install\" and the Debian package (\"make deb\") install the three where bash-completion, zsh and fish read them: share/bash-completion/completions/trendsh, share/zsh/site-functions/_trendsh (vendor-completions in the package) and share/fish/vendor_completions.d/trendsh.fish. zsh reads only the folders in its fpath; the guide (docs/guide.md, or /usr/share/doc/trendsh/guide.md.gz) says what each shell needs. The package puts trendsh in /usr/bin, this page in section 1, and the README and docs in /usr/share/doc/trendsh.",
    ]

    static let environment = [
        ("HOME", "Where the default folders are when the XDG variables are unset."),
        ("XDG_DATA_HOME", "The folder of the default store (trendsh/trend.sqlite)."),
        ("XDG_STATE_HOME", "The folder of the history file (trendsh/history)."),
        ("XDG_CONFIG_HOME", "The folder of the start-up file (trendsh/trendshrc)."),
        ("TRENDSH_NOW", "Fixes the clock, as --now does."),
        ("TRENDSH_HISTORY", "\"off\" keeps no history, as --no-history does."),
        ("TZ", "The time zone dates are typed and shown in."),
        ("NO_COLOR", "Any value but empty turns colour off."),
        ("TERM", "\"dumb\" turns colour and drawing characters off."),
        ("LC_ALL, LC_CTYPE, LANG", "Whether the terminal shows UTF-8."),
    ]
}

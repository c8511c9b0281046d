import FoundationEssentials
import TrendKit

/// The command-line options, declared once: parsing, `--help` and the manual page read
/// `Options.declarations`. Parsing is pure; `main` acts on the result.
public struct Options: Equatable, Sendable {
    public static let version = "0.2.0"

    /// `--store PATH`: a SQLite store's file (or `:memory:`); nil for the default one, or when
    /// `serverStore` names the store.
    public var storePath: String?
    /// `--store postgresql://…`: a PostgreSQL server, which only the companion trendsh-pg opens.
    public var serverStore: ServerAddress?
    public var now: Date?
    /// `--person NAME`: whose log the session works on (else `LOGNAME`, else `USER`).
    public var person: PersonName?
    public var echo = false
    public var bail = false
    public var noHistory = false
    public var showHelp = false
    public var showVersion = false
    /// Transcripts to replay with `--check`; empty when not checking.
    public var checkFiles: [String] = []
    /// `--check --update`: rewrite the transcripts' expected output in place.
    public var updateTranscripts = false
    /// `--check --junit FILE`: where to write a JUnit XML report of the outcomes.
    public var junitPath: String?
    /// `-c COMMAND`, in order: run them and exit, as a piped run would.
    public var commands: [String] = []
    /// `-X`: do not run the start-up file.
    public var skipStartupFile = false
    /// `--init FILE`: the start-up file to run instead of the default one.
    public var startupFile: String?
    /// `--play FILE`: the transcript to play as a demo.
    public var playFile: String?
    /// `--cast FILE`: where to record the run as an asciicast file.
    public var castPath: String?
    /// `--speed N`, as milliseconds per typed character.
    public var typingDelay: Int?
    /// `--auto SECONDS`, in milliseconds.
    public var autoAdvance: Int?
    public var showManual = false
    /// `--weighed-today`: answer by the exit status alone whether today has a weigh-in.
    public var weighedToday = false
    /// `--format text|json|csv`: what answers are printed as; nil for text.
    public var format: OutputFormat?
    /// `--trace`: each command also prints the path it takes through the layers.
    public var trace = false
    /// `--completion SHELL`: the shell whose completion script to print.
    public var completionShell: CompletionShell?
    /// `--learn`: list the lessons, or practise the one `learnLesson` names.
    public var learning = false
    /// `--learn N`: the lesson to practise, as typed (`3`, `03`, or its file's name).
    public var learnLesson: String?
    /// `--lessons DIR`: where `--learn` finds the lessons.
    public var lessonsFolder: String?
    /// `--set-up`: the administrator's run, which sets up or upgrades the server's store.
    public var settingUp = false

    public init() {}

    /// One option: its names, the value it takes, and what it does.
    public struct Declaration: Sendable {
        public let names: [String]
        /// `PATH`, `TIME`; nil for a flag.
        public let value: String?
        /// What the value is (a file, one of some words, any text), for completion scripts.
        public let valueKind: ValueKind
        public let summary: String
        /// True for an option that chooses what the run is (`-c`, `--play`, `--check`,
        /// `--manual`): two of them together are a usage error, found from this flag alone.
        public let startsRun: Bool
        /// True for an option that may be given again, each time adding a value (`-c`).
        public let repeats: Bool
        let apply: @Sendable (inout Options, String?) throws(UsageError) -> Void

        init(
            names: [String], value: String?, valueKind: ValueKind = .text, summary: String, startsRun: Bool = false,
            repeats: Bool = false, apply: @escaping @Sendable (inout Options, String?) throws(UsageError) -> Void
        ) {
            self.names = names
            self.value = value
            self.valueKind = valueKind
            self.summary = summary
            self.startsRun = startsRun
            self.repeats = repeats
            self.apply = apply
        }
    }

    public static let declarations: [Declaration] = [
        Declaration(
            names: ["--store"], value: "PATH", valueKind: .file,
            summary:
                "The store file (default $XDG_DATA_HOME/trendsh/trend.sqlite, or ~/.local/share/trendsh/trend.sqlite). \":memory:\" keeps nothing after the session. A postgresql:// or postgres:// URI names a PostgreSQL server, which trendsh opens through its companion trendsh-pg: the log and each person's settings are kept on the server, the draft and a copy of the settings on this machine."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .emptyStore }
            // A URI names a server: never read as a file's path (it would name a folder
            // `postgresql:`), and its password never shown. The last --store wins.
            if let server = ServerAddress(value) {
                options.serverStore = server
                options.storePath = nil
            } else {
                options.storePath = value
                options.serverStore = nil
            }
        },
        Declaration(
            names: ["--person"], value: "NAME",
            summary:
                "Work on NAME's log in the store (default: $LOGNAME, else $USER; \"person add NAME\" adds a person). On a PostgreSQL server a person is their login role, and NAME a log shared with it, read-only."
        ) { options, value throws(UsageError) in
            let text = value ?? ""
            guard let name = PersonName(text) else { throw .badPerson(text) }
            options.person = name
        },
        Declaration(
            names: ["--now"], value: "TIME",
            summary: "Fix the clock at an ISO 8601 time, for reproducible runs (also TRENDSH_NOW)."
        ) { options, value throws(UsageError) in
            let text = value ?? ""
            guard let date = Timestamp.parse(text) else { throw .badTime(option: "--now", text: text) }
            options.now = date
        },
        Declaration(
            names: ["--echo"], value: nil, summary: "Print each command read, after the prompt, as a session would."
        ) {
            options, _ throws(UsageError) in options.echo = true
        },
        Declaration(names: ["--bail"], value: nil, summary: "Stop at the first command that fails.") {
            options, _ throws(UsageError) in options.bail = true
        },
        Declaration(
            names: ["--trace"], value: nil,
            summary:
                "Print, on standard error, the path each command takes through the layers: the editor, the feature, the store's transactions, the draft file and the pending file (as \"trace on\"; see docs/design.md)."
        ) {
            options, _ throws(UsageError) in options.trace = true
        },
        Declaration(
            names: ["--format"], value: "text|json|csv", valueKind: .words(OutputFormat.allCases.map(\.rawValue)),
            summary:
                "Print each command's answer as text, as one JSON object a line (schema trendsh-output, see docs/json.md), or as CSV rows where a command prints rows. For this run only: never written to the settings file. Not with --echo."
        ) { options, value throws(UsageError) in
            guard let value, let format = OutputFormat(rawValue: value.lowercased()) else {
                throw .notOneOf(option: "--format", text: value ?? "", choices: OutputFormat.allCases.map(\.rawValue))
            }
            options.format = format
        },
        Declaration(
            names: ["--no-history"], value: nil,
            summary: "Do not read or write the history file (also TRENDSH_HISTORY=off)."
        ) { options, _ throws(UsageError) in options.noHistory = true },
        Declaration(
            names: ["--check"], value: "FILE...", valueKind: .files,
            summary:
                "Replay tutorial transcripts and show a diff for each mismatch. A lesson with a \"# server:\" line is replayed on the server --store names, as its roles; without one it fails.",
            startsRun: true
        ) { _, _ throws(UsageError) in },
        Declaration(
            names: ["--update"], value: nil,
            summary: "With --check: rewrite each transcript's expected output in place, keeping its narration."
        ) { options, _ throws(UsageError) in options.updateTranscripts = true },
        Declaration(
            names: ["--junit"], value: "FILE",
            summary:
                "With --check: also write a JUnit XML report (Ant/Jenkins schema), one test case per transcript, to FILE."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .needsValue("--junit") }
            options.junitPath = value
        },
        Declaration(
            names: ["-c"], value: "COMMAND",
            summary:
                "Run COMMAND and exit, with the exit status of a piped run; repeat -c for more commands. Starts with no draft and leaves a waiting draft alone; keeps a draft whose save fails, or a change the store fails, for the next session when it can. While changes are pending, amend, undo and redo are refused until \"retry\".",
            startsRun: true, repeats: true
        ) { options, value throws(UsageError) in options.commands.append(value ?? "") },
        Declaration(
            names: ["-X"], value: nil, summary: "Do not run the start-up file before the first prompt."
        ) { options, _ throws(UsageError) in options.skipStartupFile = true },
        Declaration(
            names: ["--init"], value: "FILE", valueKind: .file,
            summary:
                "Run FILE before the first prompt of an interactive session, instead of $XDG_CONFIG_HOME/trendsh/trendshrc."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .needsValue("--init") }
            options.startupFile = value
        },
        Declaration(
            names: ["--learn"], value: nil,
            summary:
                "List the lessons and what you have learned; \"--learn N\" practises lesson N's exercises on a scratch store (a lesson with a \"# server:\" line on the server --store names), at the lesson's clock, checking each goal after every command (\"hint\", \"again\" and \"skip\" work there). Progress is kept in $XDG_STATE_HOME/trendsh/learn-progress.",
            startsRun: true
        ) { options, _ throws(UsageError) in options.learning = true },
        Declaration(
            names: ["--lessons"], value: "DIR", valueKind: .file,
            summary:
                "With --learn: the folder of lessons (default: docs/tutorial in the checkout the binary was built in, else /usr/share/trendsh/tutorial)."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .needsValue("--lessons") }
            options.lessonsFolder = value
        },
        Declaration(
            names: ["--play"], value: "FILE", valueKind: .file,
            summary:
                "Play a transcript as a live demo: narration dimmed, each command typed out after Enter and run for real, in :memory: at the transcript's clock (a lesson with a \"# server:\" line on the server --store names).",
            startsRun: true
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .needsValue("--play") }
            options.playFile = value
        },
        Declaration(
            names: ["--speed"], value: "N",
            summary: "With --play or --cast: type N characters a second (default 20)."
        ) { options, value throws(UsageError) in
            let text = value ?? ""
            guard let perSecond = Options.number(text), perSecond >= 1, perSecond <= 1000 else {
                throw .badNumber(option: "--speed", text: text)
            }
            options.typingDelay = Int((1000 / perSecond).rounded())
        },
        Declaration(
            names: ["--auto"], value: "SECONDS",
            summary:
                "With --play: go on after SECONDS instead of waiting for Enter. With --cast: the pause before each command (default 1.5)."
        ) { options, value throws(UsageError) in
            let text = value ?? ""
            guard let seconds = Options.number(text), seconds <= 3600 else {
                throw .badNumber(option: "--auto", text: text)
            }
            options.autoAdvance = Int((seconds * 1000).rounded())
        },
        Declaration(
            names: ["--cast"], value: "FILE", valueKind: .file,
            summary:
                "Record the run as an asciicast v2 file for asciinema: with --play, -c, a piped run, or an interactive session."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .needsValue("--cast") }
            options.castPath = value
        },
        Declaration(
            names: ["--weighed-today"], value: nil,
            summary:
                "Exit 0 when the store has a weight dated today (local time), 4 when it has none, 1 when it cannot tell. Prints nothing on success, reads the store read-only (no upgrade, no file created), and waits at most 100 ms for a lock.",
            startsRun: true
        ) { options, _ throws(UsageError) in options.weighedToday = true },
        Declaration(
            names: ["--set-up"], value: nil,
            summary:
                "With --store naming a PostgreSQL server: set the store up in its empty database, or bring it to this trendsh's format, in one transaction, then exit. Run it as the server's administrator (a superuser, a role with CREATEROLE that owns the database, or a member of trendsh_owner); a person's session never does. With --person, whose log the rows of a store older than people become (default: the role that owns its tables).",
            startsRun: true
        ) { options, _ throws(UsageError) in options.settingUp = true },
        Declaration(
            names: ["--manual"], value: nil, summary: "Print the manual page (roff), made from these declarations.",
            startsRun: true
        ) { options, _ throws(UsageError) in options.showManual = true },
        Declaration(
            names: ["--completion"], value: "SHELL", valueKind: .words(CompletionShell.names),
            summary:
                "Print a completion script for \(CompletionShell.listed), made from these declarations; see the guide for where it goes.",
            startsRun: true
        ) { options, value throws(UsageError) in
            let text = value ?? ""
            guard let shell = CompletionShell(rawValue: text) else {
                throw .notOneOf(option: "--completion", text: text, choices: CompletionShell.names)
            }
            options.completionShell = shell
        },
        Declaration(names: ["--help", "-h"], value: nil, summary: "Show this help.") { options, _ throws(UsageError) in
            options.showHelp = true
        },
        Declaration(names: ["--version"], value: nil, summary: "Show the version.") { options, _ throws(UsageError) in
            options.showVersion = true
        },
    ]

    /// Reads the arguments after the program name. `TRENDSH_NOW` fixes the clock unless
    /// `--now` does.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        var checking = false
        // The run modes named, in the order given, each once.
        var runs: [String] = []
        while let argument = remaining.popFirst() {
            let (name, inline): (String, String?) = {
                guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
                    return (argument, nil)
                }
                return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            }()
            guard let declaration = declarations.first(where: { $0.names.contains(name) }) else {
                if checking && !argument.hasPrefix("-") {
                    options.checkFiles.append(argument)
                    continue
                }
                throw .unknownOption(argument)
            }
            if declaration.startsRun, let primary = declaration.names.first, !runs.contains(primary) {
                runs.append(primary)
            }
            if name == "--check" {
                guard inline == nil else { throw .takesNoValue(name) }
                checking = true
                continue
            }
            if name == "--learn" {
                // `--learn` alone lists; `--learn N` (or `--learn=N`) practises lesson N.
                options.learning = true
                if let inline {
                    guard !inline.isEmpty else { throw .needsValue(name) }
                    options.learnLesson = inline
                } else if let next = remaining.first, !next.hasPrefix("-") {
                    options.learnLesson = next
                    remaining.removeFirst()
                }
                continue
            }
            var value: String?
            if declaration.value != nil {
                if let inline {
                    value = inline
                } else {
                    guard let next = remaining.popFirst() else { throw .needsValue(name) }
                    value = next
                }
            } else if inline != nil {
                throw .takesNoValue(name)
            }
            try declaration.apply(&options, value)
        }
        if checking && options.checkFiles.isEmpty { throw .checkNeedsFiles }
        if options.updateTranscripts && !checking { throw .updateNeedsCheck }
        if options.junitPath != nil && !checking { throw .junitNeedsCheck }
        if options.lessonsFolder != nil && !options.learning { throw .lessonsNeedsLearn }
        // Two run modes are the first mistake to name: `--set-up` with `--check` is a conflict,
        // whatever `--store` says.
        try options.checkCombinations(runs: runs, checking: checking)
        if options.settingUp && options.serverStore == nil { throw .setUpNeedsServer }
        if options.now == nil, !options.showHelp, !options.showVersion, let text = environment["TRENDSH_NOW"],
            !text.isEmpty
        {
            guard let date = Timestamp.parse(text) else { throw .badTime(option: "TRENDSH_NOW", text: text) }
            options.now = date
        }
        return options
    }

    /// `--help`: usage, options, exit statuses and files, from the declarations.
    public static var helpText: String {
        var lines = [
            "trendsh \(version): a shell for keeping a weight log, one draft at a time.",
            "",
        ]
        for (index, form) in usageLines.enumerated() {
            let wrapped = wrap(form, width: 72, keepingBracketsWhole: true)
            lines.append((index == 0 ? "Usage: " : "       ") + wrapped[0])
            lines += wrapped.dropFirst().map { String(repeating: " ", count: 15) + $0 }
        }
        lines += [
            "",
            "Type commands such as \"value 75\", \"note after run\", \"date yesterday\", then \"save\"",
            "or \"cancel\". Type \"help\" inside trendsh for every command.",
            "",
            "Options:",
        ]
        for declaration in declarations {
            let label = declaration.names.joined(separator: ", ") + (declaration.value.map { " " + $0 } ?? "")
            let wrapped = wrap(declaration.summary, width: 56)
            lines.append("  " + label.padding(to: 18) + wrapped[0])
            lines += wrapped.dropFirst().map { String(repeating: " ", count: 20) + $0 }
        }
        lines += [""] + exitStatusLines + [""] + filesLines
        return lines.joined(separator: "\n")
    }

    /// The forms of the command line, for `--help` and the manual.
    static let usageLines = [
        "trendsh [--store PATH] [--person NAME] [--now TIME] [--echo] [--bail] [--trace] [--format text|json|csv] [--no-history] [-X | --init FILE] [--cast FILE]",
        "trendsh [--store PATH] [--person NAME] [--now TIME] [--echo] [--bail] [--trace] [--format text|json|csv] -c COMMAND [-c COMMAND]...",
        "trendsh --play FILE [--store PATH] [--speed N] [--auto SECONDS] [--cast FILE]",
        "trendsh --check [--update] [--junit FILE] [--store URI] FILE...",
        "trendsh --learn [N] [--lessons DIR] [--store URI] [--now TIME] [--echo] [--trace]",
        "trendsh [--store PATH] [--now TIME] --weighed-today",
        "trendsh --store URI [--person NAME] --set-up",
        "trendsh --manual",
        "trendsh --completion " + CompletionShell.names.joined(separator: "|"),
    ]

    static let exitStatusLines = [
        "Exit status:",
        "  0    every command succeeded; at a terminal, the session ended normally",
        "  1    a piped command failed, output could not be written, a transcript did not match, or --set-up failed",
        "  2    the command line was wrong",
        "  3    the session ended with unsaved or pending changes this run made (a failure wins over 3)",
        "  4    with --weighed-today, the store has no weight dated today",
        "  126  --store names a PostgreSQL server, and the companion trendsh-pg cannot be run",
        "  127  --store names a PostgreSQL server, and the companion trendsh-pg is not installed",
        "  128+N  the signal N ended the session; the draft is kept",
    ]

    static let filesLines = [
        "Files:",
        "  $XDG_DATA_HOME/trendsh/trend.sqlite     the store, with .draft, .pending and .settings beside it",
        "  $XDG_STATE_HOME/trendsh/history         the interactive history (mode 0600)",
        "  $XDG_STATE_HOME/trendsh/learn-progress  the exercises --learn recorded as learned or skipped",
        "  $XDG_CONFIG_HOME/trendsh/trendshrc      commands run before the first prompt (-X skips it)",
    ]

    /// The text in lines of at most `width` characters, broken at spaces (not inside `[…]`
    /// when `keepingBracketsWhole`, so a usage line never splits an option from its value).
    static func wrap(_ text: String, width: Int, keepingBracketsWhole: Bool = false) -> [String] {
        var lines: [String] = []
        var current = ""
        var words: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "[" where keepingBracketsWhole: depth += 1
            case "]" where keepingBracketsWhole: depth = max(0, depth - 1)
            case " " where depth == 0:
                if start < index { words.append(text[start..<index]) }
                start = text.index(after: index)
            default: break
            }
        }
        if start < text.endIndex { words.append(text[start...]) }
        for word in words {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        return lines + [current]
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

/// A mistake on the command line; exit status 2.
public enum UsageError: Error, Equatable, Sendable {
    case unknownOption(String)
    case needsValue(String)
    case takesNoValue(String)
    case badTime(option: String, text: String)
    case emptyStore
    /// `--person` with a word that cannot be a person's name.
    case badPerson(String)
    case checkNeedsFiles
    case updateNeedsCheck
    /// `--junit` without `--check`, whose outcomes it reports.
    case junitNeedsCheck
    /// `--lessons` without `--learn`, which reads them.
    case lessonsNeedsLearn
    /// `--set-up` without `--store` naming a PostgreSQL server, the only store it sets up.
    case setUpNeedsServer
    /// An option `--learn` does not take: it practises on a store of its own, in text.
    case notWithLearn(String)
    /// Two options that ask for different runs, such as `--play` and `--check`.
    case conflicting(String, String)
    /// `--speed` or `--auto` without `--play` or `--cast`, which they pace.
    case needsPlayOrCast(String)
    case badNumber(option: String, text: String)
    /// `--echo` with `--format json` or `csv`: the echoed lines would break up the objects or rows.
    case echoWithFormat(OutputFormat)
    /// A value that must be one of a few words (`--completion tcsh`).
    case notOneOf(option: String, text: String, choices: [String])
}

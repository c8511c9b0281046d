import FoundationEssentials
import TrendKit

/// The command-line options, declared once: parsing, `--help` and the manual page read
/// `Options.declarations`. Parsing is pure; `main` acts on the result.
public struct Options: Equatable, Sendable {
    public static let version = "0.2.0"

    public var storePath: String?
    public var now: Date?
    public var echo = false
    public var bail = false
    public var noHistory = false
    public var showHelp = false
    public var showVersion = false
    /// Transcripts to replay with `--check`; empty when not checking.
    public var checkFiles: [String] = []
    /// `--check --update`: rewrite the transcripts' expected output in place.
    public var updateTranscripts = false

    public init() {}

    /// One option: its names, the value it takes, and what it does.
    public struct Declaration: Sendable {
        public let names: [String]
        /// `PATH`, `TIME`; nil for a flag.
        public let value: String?
        public let summary: String
        let apply: @Sendable (inout Options, String?) throws(UsageError) -> Void
    }

    public static let declarations: [Declaration] = [
        Declaration(
            names: ["--store"], value: "PATH",
            summary:
                "The store file (default $XDG_DATA_HOME/trendsh/trend.sqlite, or ~/.local/share/trendsh/trend.sqlite). \":memory:\" keeps nothing after the session."
        ) { options, value throws(UsageError) in
            guard let value, !value.isEmpty else { throw .emptyStore }
            options.storePath = value
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
            names: ["--no-history"], value: nil,
            summary: "Do not read or write the history file (also TRENDSH_HISTORY=off)."
        ) { options, _ throws(UsageError) in options.noHistory = true },
        Declaration(
            names: ["--check"], value: "FILE...",
            summary: "Replay tutorial transcripts and show a diff for each mismatch."
        ) { _, _ throws(UsageError) in },
        Declaration(
            names: ["--update"], value: nil,
            summary: "With --check: rewrite each transcript's expected output in place, keeping its narration."
        ) { options, _ throws(UsageError) in options.updateTranscripts = true },
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
            if name == "--check" {
                guard inline == nil else { throw .takesNoValue(name) }
                checking = true
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
            "Usage: trendsh [--store PATH] [--now TIME] [--echo] [--bail] [--no-history]",
            "       trendsh --check [--update] FILE...",
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

    static let exitStatusLines = [
        "Exit status:",
        "  0    every command succeeded; at a terminal, the session ended normally",
        "  1    a piped command failed, output could not be written, or a transcript did not match",
        "  2    the command line was wrong",
        "  3    the session ended with unsaved changes that this run made (a failure wins over 3)",
        "  128+N  the signal N ended the session; the draft is kept",
    ]

    static let filesLines = [
        "Files:",
        "  $XDG_DATA_HOME/trendsh/trend.sqlite    the store, with .draft and .settings beside it",
        "  $XDG_STATE_HOME/trendsh/history        the interactive history (mode 0600)",
    ]

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
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
    case checkNeedsFiles
    case updateNeedsCheck
}

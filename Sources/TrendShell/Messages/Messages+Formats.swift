/// What `--format` and `format` say.
extension Messages {
    static func echoWithFormat(_ format: OutputFormat) -> String {
        "--echo prints each command line as text, which would break up the \(format == .json ? "JSON objects" : "CSV rows") --format \(format.rawValue) prints; in JSON each object's \"input\" field already gives the line it answers."
    }

    /// `format json` in a run with `--echo`.
    static func formatRefusedWithEcho(_ format: OutputFormat) -> String {
        "This run echoes each line (--echo), which would break up the \(format == .json ? "JSON objects" : "CSV rows"); the format stays text. Run trendsh without --echo to use \(format.rawValue)."
    }

    /// What `format` alone says: the format in force, and which forms have a structured
    /// answer in JSON and in CSV, from the declarations.
    static func formatLines(_ format: OutputFormat, declarations: [CommandDeclaration]) -> [String] {
        [
            "Answers are printed as \(format.rawValue), for this session only. \"format text|json|csv\" changes it.",
            "In JSON, each command answers with one object; these with fields of their own, any other with its text lines: "
                + declarations.flatMap(\.answers.json).joined(separator: ", ") + ".",
            "In CSV, these print rows, any other command its text: "
                + declarations.flatMap(\.answers.csv).joined(separator: ", ") + ".",
        ]
    }

    static func formatSet(_ format: OutputFormat) -> String {
        switch format {
        case .text: "Answers are printed as text now, for this session only."
        case .json:
            "Answers are printed as JSON now, one object a command, for this session only (the settings file is not changed)."
        case .csv:
            "Answers are printed as CSV now where a command prints rows, and as text elsewhere, for this session only."
        }
    }

    static let formatDetails = [
        "In JSON each command answers with exactly one object on one line (schema \"trendsh-output\",",
        "version 1, see docs/json.md); errors, warnings and notes are objects on standard error.",
        "In CSV the commands that list rows print them as RFC 4180 rows with a header; the others",
        "print text. \"format\" alone names both. \"export\" to standard output writes its own format.",
        "The format lasts for the session and is never saved; --format chooses it from the start.",
    ]
}

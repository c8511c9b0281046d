/// Answers in JSON and CSV. In text a command writes its lines as it goes. In JSON the
/// session gathers what one command says (its lines, or the structured result it offers
/// with `answer(_:)`) and writes exactly one object for it on standard output when it ends,
/// failed or not; errors, warnings and notes go to standard error as objects of their own.
/// In CSV a command that offers rows writes them; any other writes its text as always.
extension Session {
    /// What one command has said so far, in the format in force when it started.
    struct Answer {
        let format: OutputFormat
        let input: String
        var command: String?
        var lines: [String] = []
        var result: CommandResult?
        var error: (message: String, code: ErrorCode)?
        /// True when the command wrote its own format to standard output (`export` without a
        /// file): nothing is added to it.
        var wroteItsOwnFormat = false
    }

    /// True when errors, warnings and notes are written as JSON objects.
    var writesJSONDiagnostics: Bool { !startupFileRuns && (answer?.format ?? format) == .json }

    /// Starts gathering the answer to a line; in text, nothing is gathered.
    public func beginAnswer(input: String) {
        answer = format == .text ? nil : Answer(format: format, input: input)
    }

    /// Forgets the answer to a line that asked nothing (a blank line or a comment).
    public func dropAnswer() { answer = nil }

    /// Offers the command's structured result: JSON and CSV print it instead of its lines.
    /// Built only when one of them will print it.
    func answer(_ make: () -> CommandResult) {
        guard answer != nil else { return }
        answer?.result = make()
    }

    /// Marks that the command wrote its own format to standard output (`export`).
    func wroteItsOwnFormat() { answer?.wroteItsOwnFormat = true }

    /// Writes the gathered answer: one JSON object, or CSV rows, or the text lines.
    public func finishAnswer(_ outcome: Outcome) {
        guard let answer else { return }
        self.answer = nil
        switch answer.format {
        case .text: break
        case .json:
            guard !answer.wroteItsOwnFormat else { return }
            output.write(JSONWriter.line(Self.object(answer, outcome: outcome)), to: .out)
        case .csv:
            if let table = answer.result?.table {
                for line in table.lines {
                    // RFC 4180 ends each record with CRLF; at a terminal a line is shown escaped.
                    output.write(output.showsText ? DisplayText.escaped(line) : line + "\r", to: .out)
                }
            } else {
                for line in answer.lines { output.write(DisplayText.escaped(line), to: .out) }
            }
        }
    }

    /// The one object a command answers with in JSON.
    static func object(_ answer: Answer, outcome: Outcome) -> JSONValue {
        var fields = JSONFields()
        fields.add("schema", .string(OutputSchema.name))
        fields.add("version", .integer(OutputSchema.version))
        fields.add("command", .string(answer.command))
        fields.add("input", .string(answer.input))
        fields.add("ok", .bool(outcome != .failed))
        if let result = answer.result {
            for (key, value) in result.fields.pairs { fields.add(key, value) }
            if result.keepsLines { fields.add("lines", .array(answer.lines.map { .string($0) })) }
        } else {
            fields.add("lines", .array(answer.lines.map { .string($0) }))
        }
        if let error = answer.error {
            fields.add("error", .string(error.message))
            fields.add("code", .string(error.code.rawValue))
        }
        return fields.value
    }

    /// Writes an error as an object on standard error, and keeps the first for the answer.
    func failInJSON(_ message: String, code: ErrorCode) -> Outcome {
        if answer != nil, answer?.error == nil { answer?.error = (message, code) }
        var fields = JSONFields()
        fields.add("error", .string(message))
        fields.add("code", .string(code.rawValue))
        if let input = answer?.input { fields.add("input", .string(input)) }
        output.write(JSONWriter.line(fields.value), to: .err)
        return .failed
    }

    /// The two kinds of diagnostic besides an error.
    enum Diagnostic: String {
        case warning
        case note
    }

    /// Writes a warning or a note as an object on standard error.
    func diagnose(_ kind: Diagnostic, _ message: String) {
        var fields = JSONFields()
        fields.add(kind.rawValue, .string(message))
        if let input = answer?.input { fields.add("input", .string(input)) }
        output.write(JSONWriter.line(fields.value), to: .err)
    }
}

/// The JSON output's schema: its name and version, apart from the export formats'.
public enum OutputSchema {
    public static let name = "trendsh-output"
    public static let version: Int64 = 1
}

/// A command's structured result: the fields its JSON object adds after `ok`, and, for a
/// command that prints rows, the table CSV prints.
struct CommandResult {
    var fields: JSONFields
    var table: CSVTable?
    /// True when the object keeps the text lines too, as `lines` after the fields (`show`,
    /// whose lines say more than its fields).
    var keepsLines: Bool

    init(_ fields: JSONFields, table: CSVTable? = nil, keepsLines: Bool = false) {
        self.fields = fields
        self.table = table
        self.keepsLines = keepsLines
    }
}

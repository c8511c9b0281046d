/// `format [text|json|csv]`: what this session prints its answers as, as sqlite3's `.mode`.
enum FormatCommands {
    static let all: [CommandDeclaration] = [format]

    static let format = CommandDeclaration.command(
        "format", group: .shell, usage: "format [text|json|csv]",
        summary: "Show or choose what answers are printed as, for this session only.", example: "format json",
        details: Messages.formatDetails, readsStore: false, keywords: OutputFormat.allCases.map(\.rawValue),
        answers: AnswerForms(json: ["format [text|json|csv]"]),
        parse: { arguments throws(ParseError) -> OutputFormat? in
            let words = try arguments.words()
            guard let word = words.first else { return nil }
            guard words.count == 1, let format = OutputFormat(rawValue: word.lowercased()) else {
                throw arguments.problem(
                    .notOneOf(word: arguments.rest, what: "a format", choices: OutputFormat.allCases.map(\.rawValue)))
            }
            return format
        },
        complete: { request in request.previousWords.isEmpty ? OutputFormat.allCases.map(\.rawValue) : [] },
        run: { session, chosen in
            guard let chosen else {
                session.answer { formatResult(session.format) }
                for line in Messages.formatLines(session.format, declarations: CommandTable.declarations) {
                    session.say(line)
                }
                return .succeeded
            }
            if chosen != .text && session.echoesInput { return session.fail(Messages.formatRefusedWithEcho(chosen)) }
            session.format = chosen
            session.answer { formatResult(chosen) }
            return session.say(Messages.formatSet(chosen))
        })

    static func formatResult(_ format: OutputFormat) -> CommandResult {
        var fields = JSONFields()
        fields.add("format", .string(format.rawValue))
        return CommandResult(fields)
    }
}

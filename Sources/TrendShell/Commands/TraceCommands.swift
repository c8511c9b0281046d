import TrendKit

/// `trace`: the layers' path of each command, told on standard error (see Session+Trace).
enum TraceCommands {
    static let all: [CommandDeclaration] = [trace]

    static let trace = CommandDeclaration.command(
        "trace", group: .shell, usage: "trace [on|off]",
        summary: "Show or choose whether each command also prints the path it takes through the layers.",
        example: "trace on", details: Messages.traceDetails, readsStore: false, keywords: ["on", "off"],
        answers: AnswerForms(json: ["trace [on|off]"]),
        parse: { arguments throws(ParseError) -> Bool? in
            let words = try arguments.words()
            guard let word = words.first else { return nil }
            guard words.count == 1, ["on", "off"].contains(word.lowercased()) else {
                throw arguments.problem(.notOneOf(word: arguments.rest, what: "a choice", choices: ["on", "off"]))
            }
            return word.lowercased() == "on"
        },
        complete: { request in request.previousWords.isEmpty ? ["on", "off"] : [] },
        run: { session, chosen in
            if let chosen { session.traces = chosen }
            session.answer { traceResult(session.traces) }
            return session.say(Messages.traceState(session.traces, changed: chosen != nil))
        })

    static func traceResult(_ on: Bool) -> CommandResult {
        var fields = JSONFields()
        fields.add("trace", .bool(on))
        return CommandResult(fields)
    }
}

import TrendKit

/// The measurements of a weigh-in besides its weight: a kind's word sets it in the draft
/// (`fat 21.5`, `waist 82 cm`), and `measure WORD VALUE` always does, even for a kind whose
/// word a later version made a command.
enum MeasureCommands {
    static let all: [CommandDeclaration] = [measure]

    /// `measure WORD [VALUE]`, or a kind's word as the command, parsed.
    struct Measuring: Hashable, Sendable {
        var word: String
        var text: String
    }

    static let measure = CommandDeclaration.command(
        "measure", group: .weights, usage: "measure KIND [VALUE]",
        summary: "Set one of the draft's measurements, kept as typed; no value removes it.",
        example: "measure fat 21.5",
        details: [
            "A kind's own word does the same: \"fat 21.5\", \"waist 82 cm\". A unit after the value names its unit;",
            "without one it is read in the kind's unit (\"unit KIND UNIT\"). \"measure weight\" is \"value\".",
        ],
        readsStore: false,
        parse: { arguments throws(ParseError) in try measuring(arguments.rest, for: arguments) },
        complete: { request in request.previousWords.isEmpty ? request.sources.kindWords() : [] },
        run: { session, measuring in setMeasurement(measuring, in: session) })

    /// The kind's word and the rest of the line.
    static func measuring(_ rest: String, for arguments: Arguments) throws(ParseError) -> Measuring {
        let parts = rest.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard let word = parts.first else { throw arguments.problem(.needs("a kind of measurement")) }
        let text = parts.count == 2 ? String(parts[1].drop { $0 == " " || $0 == "\t" }) : ""
        return Measuring(word: word.lowercased(), text: text)
    }

    /// A line whose first word is a kind's word, read as `measure WORD REST`.
    static func parsed(kindWord word: String, rest: String) throws(ParseError) -> ParsedCommand {
        try measure.parse(Arguments(command: measure.name, rest: word + " " + rest))
    }

    @MainActor
    static func setMeasurement(_ measuring: Measuring, in session: Session) -> Session.Outcome {
        guard let kind = session.weights.kinds.kind(named: measuring.word) else {
            return session.fail(Messages.notAKind(measuring.word, kinds: session.weights.kinds.all))
        }
        guard let editor = session.weightDraft() else { return .failed }
        if kind.id == .weight {
            editor.draft.value = measuring.text
            editor.draft.unit = session.unit
            return session.say(measuring.text.isEmpty ? "value cleared" : "value: \(measuring.text)")
        }
        if measuring.text.isEmpty {
            editor.draft.measurements[kind.id] = nil
            return session.say("\(kind.word) cleared")
        }
        editor.draft.measurements[kind.id] = WeightEntryDraft.TypedMeasurement(
            text: measuring.text, unit: session.weights.unit(of: kind))
        return session.say("\(kind.word): \(measuring.text)")
    }
}

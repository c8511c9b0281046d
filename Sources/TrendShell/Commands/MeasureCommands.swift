import TrendKit

/// The measurements of a weigh-in besides its weight: a kind's word sets it in the draft
/// (`fat 21.5`, `waist 82 cm`), and `measure WORD VALUE` always does, even for a kind whose
/// word a later version made a command. `measure add`, `measure remove` and `measure list`
/// keep the kinds a person adds.
enum MeasureCommands {
    static let all: [CommandDeclaration] = [measure]

    /// `measure WORD [VALUE]`, or a kind's word as the command, parsed.
    struct Measuring: Hashable, Sendable {
        var word: String
        var text: String
    }

    /// What `measure` was asked.
    enum Request: Hashable, Sendable {
        /// Set (or with no text clear) one of the draft's measurements.
        case set(Measuring)
        /// List the kinds.
        case list
        /// Add a kind: its word, unit, range in that unit and decimals, as typed.
        case add(word: String, unit: String, minimum: String, maximum: String, decimals: Int)
        /// Remove an added kind.
        case remove(String)
    }

    static let measure = CommandDeclaration.command(
        "measure", group: .weights, usage: "measure [KIND [VALUE]|add|remove|list]",
        summary: "Set one of the draft's measurements, kept as typed; no value removes it.",
        example: "measure fat 21.5",
        details: [
            "A kind's own word does the same: \"fat 21.5\", \"waist 82 cm\". A unit after the value names its unit;",
            "without one it is read in the kind's first unit below (the weight's: the unit setting). \"measure weight\" is \"value\".",
            "Built in: "
                + MeasurementKind.builtIn.map { "\($0.word) (\($0.units.map(\.symbol).joinedWords(separator: ", ")))" }
                .joinedWords(separator: ", ") + ".",
            "\"measure add WORD UNIT MIN MAX [DECIMALS]\" adds a kind of your own, kept in the store (example:",
            "\"measure add neck cm 20 80\"): its word names it, its values are typed in UNIT (kg, lb, %, cm, in or mm)",
            "between MIN and MAX, and shown with DECIMALS decimals (0-3, default 1). \"undo\" takes it back.",
            "\"measure remove WORD\" removes such a kind while no entry, draft or pending change holds a value of it;",
            "\"undo\" brings it back.",
            "\"measure list\", or \"measure\" alone, lists the kinds with their units and ranges.",
        ],
        readsStore: false,
        keywords: ["add", "remove", "list"],
        parse: { arguments throws(ParseError) in try request(arguments) },
        complete: { request in
            switch request.previousWords.count {
            case 0: return ["add", "remove", "list"] + request.sources.kindWords()
            case 1 where request.previousWords[0].lowercased() == "remove":
                let builtIn = Set(MeasurementKind.builtIn.map(\.word))
                return request.sources.kindWords().filter { !builtIn.contains($0) }
            default: return []
            }
        },
        run: { session, request in
            switch request {
            case .set(let measuring): return setMeasurement(measuring, in: session)
            case .list: return listKinds(in: session)
            case .add(let word, let unit, let minimum, let maximum, let decimals):
                return addKind(
                    KindSpec(word: word, unit: unit, minimum: minimum, maximum: maximum, decimals: decimals),
                    in: session)
            case .remove(let word): return removeKind(word, in: session)
            }
        })

    /// `add W U MIN MAX [D]`, `remove W` and `list` (or nothing) manage kinds; any other line
    /// sets a measurement. A kind stored under one of those words is set with a value after it.
    static func request(_ arguments: Arguments) throws(ParseError) -> Request {
        // Split on spaces only: a value may end in `"` (inches), which is no quote here.
        let words = arguments.rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first?.lowercased() else { return .list }
        switch first {
        case "list" where words.count == 1: return .list
        case "add" where words.count >= 2 && !startsWithDigit(words[1]):
            guard words.count == 5 || words.count == 6 else {
                throw arguments.problem(
                    .needs("a word, a unit, the least and the greatest value (measure add neck cm 20 80)"))
            }
            var decimals = KindSpec.defaultDecimals
            if words.count == 6 {
                guard words[5].count == 1, let digit = Int(words[5]) else {
                    throw arguments.problem(
                        .notOneOf(word: words[5], what: "a number of decimals", choices: ["0", "1", "2", "3"]))
                }
                decimals = digit
            }
            return .add(word: words[1], unit: words[2], minimum: words[3], maximum: words[4], decimals: decimals)
        case "remove" where words.count >= 2 && !startsWithDigit(words[1]):
            guard words.count == 2 else { throw arguments.problem(.tooManyWords(max: 2)) }
            return .remove(words[1].lowercased())
        default:
            return .set(try measuring(arguments.rest, for: arguments))
        }
    }

    private static func startsWithDigit(_ word: String) -> Bool { word.first?.isNumber == true }

    /// The kind's word and the rest of the line.
    static func measuring(_ rest: String, for arguments: Arguments) throws(ParseError) -> Measuring {
        let parts = rest.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard let word = parts.first else { throw arguments.problem(.needs("a kind of measurement")) }
        let text = parts.count == 2 ? String(parts[1].drop { $0 == " " || $0 == "\t" }) : ""
        return Measuring(word: word.lowercased(), text: text)
    }

    /// A line whose first word is a kind's word, read as `measure WORD REST`.
    static func parsed(kindWord word: String, rest: String) throws(ParseError) -> ParsedCommand {
        // `rest` comes trimmed from the parser, and `word` lowered: as `measuring` reads them.
        let measuring = Measuring(word: word, text: rest)
        return ParsedCommand(name: measure.name, arguments: Request.set(measuring), readsStore: false) { session in
            setMeasurement(measuring, in: session)
        }
    }

    @MainActor
    static func setMeasurement(_ measuring: Measuring, in session: Session) -> Session.Outcome {
        let found: MeasurementKind?
        do throws(StorageError) {
            found = try session.kind(named: measuring.word)
        } catch {
            return session.fail(Messages.reason(error))
        }
        guard let kind = found else {
            // A value of a kind removed since it was typed can still be cleared by its word.
            let gone = KindID(measuring.word.lowercased())
            if measuring.text.isEmpty, let editor = session.drafts.open as? EntryEditor,
                editor.draft.measurements[gone] != nil
            {
                editor.draft.measurements[gone] = nil
                return session.say("\(gone.rawValue) cleared")
            }
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

    @MainActor
    static func listKinds(in session: Session) -> Session.Outcome {
        do throws(StorageError) {
            try session.rereadKinds()
        } catch {
            return session.fail(Messages.reason(error))
        }
        let kinds = session.weights.kinds.all
        for line in Messages.kindLines(kinds, unit: { session.weights.unit(of: $0) }) { session.say(line) }
        return .succeeded
    }

    @MainActor
    static func addKind(_ spec: KindSpec, in session: Session) -> Session.Outcome {
        if KindWordRules.isReserved(spec.word) {
            return session.fail(
                Messages.reason(.kind(.wordReserved(spec.word.lowercased())), units: session.units) + " "
                    + Messages.nothingChanged)
        }
        do throws(TrendError) {
            do throws(StorageError) { try session.rereadKinds() } catch { throw .storage(error) }
            let kind = try session.weights.kinds.add(spec)
            return session.say(Messages.kindAdded(kind))
        } catch {
            return session.fail(Messages.reason(error, units: session.units) + " " + Messages.nothingChanged)
        }
    }

    @MainActor
    static func removeKind(_ word: String, in session: Session) -> Session.Outcome {
        do throws(TrendError) {
            do throws(StorageError) { try session.rereadKinds() } catch { throw .storage(error) }
            let draft = (session.drafts.open as? EntryEditor)?.draft
            let kind = try session.weights.kinds.remove(word: word) { id in
                if draft?.holdsValue(of: id) == true { return .openDraft }
                return session.pending.setsValue(of: id) ? .pendingChange : nil
            }
            return session.say(Messages.kindRemoved(kind))
        } catch {
            return session.fail(Messages.reason(error, units: session.units) + " " + Messages.nothingChanged)
        }
    }
}

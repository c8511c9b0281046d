import TrendKit

/// Changing saved data in place and taking changes back: `amend`, `retry`, `undo`, `redo`.
/// Each change is a pending change from the moment it is typed until the store confirms it.
enum ChangeCommands {
    static let all: [CommandDeclaration] = [amend, retry, undo, redo]

    /// `amend ID FIELD TEXT`, parsed.
    struct Amending: Hashable, Sendable {
        var id: Int64
        var field: EntryField
        var text: String
    }

    static let amend = CommandDeclaration.command(
        "amend", group: .weights, usage: "amend ID value|note|date|KIND TEXT",
        summary: "Change one field of entry ID at once, without a draft.", example: "amend 12 note after run",
        details: [
            "TEXT is the rest of the line, read as \"value\", \"note\" and \"date\" read it; \"amend ID note\" clears the note.",
            "When the store fails, the change waits as a pending change: \"status\" lists it and \"retry\" applies it.",
        ],
        keywords: ["value", "weight", "note", "date"],
        parse: { arguments throws(ParseError) in
            let parts = arguments.rest.split(maxSplits: 2, whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2 else { throw arguments.problem(.needs("an entry number, a field and its new text")) }
            let id = try Arguments.entryID(String(parts[0]), for: arguments)
            let field = Self.field(named: parts[1].lowercased())
            let text = parts.count == 3 ? String(parts[2].drop { $0 == " " || $0 == "\t" }) : ""
            if text.isEmpty && field == .date { throw arguments.problem(.needs("a date")) }
            return Amending(id: id, field: field, text: text)
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return request.sources.entryIDs().map(String.init)
            case 1: return ["value", "note", "date"] + request.sources.kindWords().filter { $0 != "weight" }
            case 2 where request.previousWords[1].lowercased() == "date": return ["today", "yesterday"]
            default: return []
            }
        },
        run: { session, amending in amendEntry(amending, in: session) })

    /// The field a word names: `value` or `weight` the weight, `note`, `date`, or any other
    /// word a kind's (checked against the kinds when the amend runs, since a person may add one).
    static func field(named word: String) -> EntryField {
        switch word {
        case "value", "weight": return .value
        case "note": return .note
        case "date": return .date
        default: return .measure(KindID(word))
        }
    }

    @MainActor
    private static func amendEntry(_ amending: Amending, in session: Session) -> Session.Outcome {
        var amending = amending
        if case .measure(let word) = amending.field {
            guard let kind = session.weights.kinds.kind(named: word.rawValue) else {
                return session.fail(Messages.notAField(word.rawValue, kinds: session.weights.kinds.all))
            }
            amending.field = .measure(kind.id)
        }
        var entry: WeightEntry?
        do throws(TrendError) {
            entry = try session.weights.entry(id: amending.id)
        } catch {
            // A store that cannot be read cannot refuse the change either: it waits, checked
            // against the entry when it applies. Only a missing entry is refused now.
            guard case .storage = error else {
                return session.fail(Messages.commandFailed(error, units: session.units))
            }
        }
        let shown = session.shownRevisions[amending.id]
        if let entry, let shown, entry.revision != shown {
            session.showed([entry])
            return session.fail(
                Messages.reason(.entries(.conflict(id: amending.id, current: entry)), units: session.units)
                    + Messages.amendAgain)
        }
        let amendment: EntryAmendment
        do throws(TrendError) {
            amendment = try session.weights.amendment(
                id: amending.id, field: amending.field, text: amending.text, entry: entry,
                expectedRevision: shown ?? entry?.revision)
        } catch {
            return session.fail(Messages.reason(error, units: session.units) + " Nothing was changed.")
        }
        return session.submit(.amend(amendment, text: amending.text))
    }

    static let retry = CommandDeclaration.command(
        "retry", group: .history, usage: "retry", summary: "Apply the pending changes, in the order they were typed.",
        example: "retry",
        details: ["A change applies once, however often it is tried; one that is no longer valid is said and removed."],
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in session.retryPending() })

    /// What `undo` was asked: revert the newest change, revert one step by its number, or list
    /// the history.
    enum UndoRequest: Hashable, Sendable {
        case newest
        case step(Int64)
        case list
    }

    static let undo = CommandDeclaration.command(
        "undo", group: .history, usage: "undo [STEP|list]",
        summary: "Take back the newest change, of any session; \"undo list\" shows the history.", example: "undo",
        details: [
            "The history is kept in the store, shared by every session, and holds the newest \(ChangeRecorder.levels) changes.",
            "An undo is refused when what it would put back has changed since; it says what changed.",
            "\"undo STEP\" takes back an older step, numbered as \"undo list\" shows, when no newer step that is done changed its rows.",
        ],
        keywords: ["list"],
        answers: AnswerForms(json: ["undo list"], csv: ["undo list"]),
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            guard let word = words.first else { return UndoRequest.newest }
            if words.count == 1, word.lowercased() == "list" { return UndoRequest.list }
            let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
            if words.count == 1, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let step = Int64(digits), step > 0
            {
                return UndoRequest.step(step)
            }
            throw arguments.problem(
                .notOneOf(
                    word: words.joined(separator: " "), what: "what undo takes", choices: ["list", "a step number"]))
        },
        complete: { request in request.previousWords.isEmpty ? ["list"] : [] },
        run: { session, request in
            switch request {
            case .list: return listHistory(in: session)
            case .newest: return takeBack(undoing: true, in: session)
            case .step(let step): return undoStep(step, in: session)
            }
        })

    static let redo = CommandDeclaration.command(
        "redo", group: .history, usage: "redo", summary: "Apply again the change undone last.", example: "redo",
        details: [
            "It takes the step undone last that is still undone, whatever its number; \"undo list\" marks it.",
            "A new change after an undo clears what redo could bring back, as editors do.",
        ],
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in takeBack(undoing: false, in: session) })

    @MainActor
    private static func listHistory(in session: Session) -> Session.Outcome {
        do throws(TrendError) {
            let listing = try session.changeHistory.list()
            session.answer { HistoryResults.list(listing, units: session.units) }
            for line in Messages.historyLines(listing, units: session.units) { session.say(line) }
            return .succeeded
        } catch {
            return session.fail(Messages.commandFailed(error, units: session.units))
        }
    }

    /// Undoes the newest change, or redoes the one undone last. Refused while changes are
    /// pending: which change is "last" is known only once they are applied.
    @MainActor
    private static func takeBack(undoing: Bool, in session: Session) -> Session.Outcome {
        if let refusal = session.refusalWhileChangesWaitInFile(undoing ? .undo(step: nil) : .redo(step: nil)) {
            return refusal
        }
        guard session.pending.changes.isEmpty else {
            return session.fail(Messages.pendingFirst(session.pending.changes.count))
        }
        var step: Int64?
        do throws(TrendError) {
            let next =
                undoing ? try session.changeHistory.nextToUndo() : try session.changeHistory.nextToRedo()
            guard let next else {
                return session.fail(
                    Messages.reason(.history(undoing ? .nothingToUndo : .nothingToRedo), units: session.units))
            }
            step = next.id
        } catch {
            // The history cannot be read now: the change waits, and takes the newest step when it applies.
            step = nil
        }
        return session.submit(undoing ? .undo(step: step) : .redo(step: step))
    }

    /// Undoes one step by its number: refused now when the history does not hold it or it is
    /// undone already; otherwise it is a pending change like any undo, checked again when it applies.
    @MainActor
    private static func undoStep(_ step: Int64, in session: Session) -> Session.Outcome {
        if let refusal = session.refusalWhileChangesWaitInFile(.undo(step: step)) { return refusal }
        guard session.pending.changes.isEmpty else {
            return session.fail(Messages.pendingFirst(session.pending.changes.count))
        }
        do throws(TrendError) {
            guard let found = try session.changeHistory.step(step) else {
                return session.fail(Messages.notInHistory(step))
            }
            if found.isUndone { return session.fail(Messages.undoneAlready(found, units: session.units)) }
        } catch {
            // The history cannot be read now: the change waits, and is checked when it applies.
        }
        return session.submit(.undo(step: step))
    }
}

import FoundationEssentials
import TrendKit

/// The weights feature's commands.
enum WeightCommands {
    static let all: [CommandDeclaration] = [edit, value, note, date, list]

    static let edit = CommandDeclaration.command(
        "edit", group: .weights, usage: "edit ID", summary: "Open a draft prefilled from entry ID.",
        example: "edit 12",
        parse: { arguments throws(ParseError) in try arguments.entryID() },
        complete: { request in request.previousWords.isEmpty ? request.sources.entryIDs().map(String.init) : [] },
        run: { session, id in
            if let open = session.drafts.open, open.hasUnsavedChanges {
                return session.fail(Messages.draftIsOpen(session.presentedDraft?.summary ?? ""))
            }
            let entry: WeightEntry
            do throws(TrendError) {
                entry = try session.weights.entry(id: id)
            } catch {
                return session.fail(Messages.commandFailed(error, units: session.units))
            }
            let editor = EntryEditor(log: session.weights, entry: entry)
            guard session.open(editor) else { return .failed }
            session.showed([entry])
            let rule = entry.brokenRule(asOf: session.weights.latestPermittedEntryDate)
            return session.say(Messages.editing(entry, units: session.units, breaking: rule))
        })

    static let value = CommandDeclaration.command(
        "value", group: .weights, usage: "value WEIGHT",
        summary: "Set the draft's weight, kept exactly as typed; kg or lb after it names its unit.",
        example: "value 75.4",
        details: [
            "The rest of the line is the weight, read when the draft is saved: in the unit set with \"unit\",",
            "or in the unit written after it (\"value 165 lb\", \"value 75kg\").",
        ],
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.text(naming: "a weight") },
        run: { session, text in
            guard let editor = session.weightDraft() else { return .failed }
            editor.draft.value = text
            editor.draft.unit = session.unit
            return session.say("value: \(text)")
        })

    static let note = CommandDeclaration.command(
        "note", group: .weights, usage: "note [TEXT]", summary: "Set the draft's note; no text clears it.",
        example: "note after run",
        details: ["The rest of the line is the note, quotes and all."],
        readsStore: false,
        parse: { arguments throws(ParseError) in arguments.rest },
        run: { session, text in
            guard let editor = session.weightDraft() else { return .failed }
            editor.draft.note = text
            return session.say(text.isEmpty ? "note cleared" : "note: \(text)")
        })

    static let date = CommandDeclaration.command(
        "date", group: .weights, usage: "date WHEN",
        summary: "Set the draft's date: YYYY-MM-DD, YYYY-MM-DD HH:MM, today, yesterday or -Nd.",
        example: "date yesterday",
        readsStore: false,
        keywords: ["today", "yesterday"],
        parse: { arguments throws(ParseError) in try arguments.text(naming: "a date") },
        complete: { request in request.previousWords.isEmpty ? ["today", "yesterday"] : [] },
        run: { session, text in
            let parsed: EntryDateParser.Parsed
            do throws(TrendError) {
                do throws(WeightValidationError) {
                    let draft = (session.drafts.open as? EntryEditor)?.draft.date
                    parsed = try EntryDateParser.entryDate(
                        from: text, now: session.weights.latestPermittedEntryDate, timeOfDay: draft)
                } catch {
                    throw .entries(.invalid(error))
                }
                try session.weights.checkDate(parsed.date)
            } catch {
                let unchanged = session.drafts.open is EntryEditor ? " The draft is unchanged." : ""
                return session.fail(Messages.reason(error, units: session.units) + unchanged)
            }
            guard let editor = session.weightDraft() else { return .failed }
            editor.draft.date = parsed.date
            return session.say(Messages.dateSet(parsed))
        })

    static let list = CommandDeclaration.command(
        "list", group: .weights, usage: "list [N]", summary: "Show the N newest entries (default 10).",
        example: "list 5",
        answers: AnswerForms(json: ["list [N]"], csv: ["list [N]"]),
        parse: { arguments throws(ParseError) -> Int in try arguments.count(default: 10) ?? 10 },
        run: { session, count in
            var entries: [WeightEntry]
            var failure: TrendError?
            do throws(TrendError) {
                entries = try session.weights.newest(count)
            } catch {
                entries = Array(session.weights.entries.prefix(count))
                failure = error
            }
            // Only a failed load makes the list stale; a failed save elsewhere does not.
            let loadError = session.weights.loadState == .failed ? session.weights.retainedError : nil
            if entries.isEmpty && failure == nil && loadError == nil {
                session.answer { EntryResults.list([], trendByDay: [:], units: session.units, breaksRule: []) }
                return session.say(Messages.noEntries)
            }
            // The trend beside each entry; when it cannot be read, the entries still show.
            var trendByDay: [Int: Double]?
            var trendFailure: TrendError?
            do throws(TrendError) {
                trendByDay = try session.trend.trendByDay(for: entries)
            } catch {
                trendFailure = error
            }
            // An entry that breaks a rule (another program wrote it) is marked with the rule.
            let now = session.weights.latestPermittedEntryDate
            var marks: [Int64: String] = [:]
            for entry in entries {
                if let rule = entry.brokenRule(asOf: now) {
                    marks[entry.id] = Messages.leftOutMark(rule, units: session.units)
                }
            }
            session.answer {
                EntryResults.list(
                    entries, trendByDay: trendByDay, units: session.units, breaksRule: Set(marks.keys))
            }
            for line in Renderer.entryLines(entries, trendByDay: trendByDay, units: session.units, marks: marks) {
                session.say(line)
            }
            session.showed(entries)
            if let error = failure ?? loadError {
                return session.fail(Messages.listFailed(error, units: session.units, showedEarlier: !entries.isEmpty))
            }
            if let trendFailure { return session.fail(Messages.trendFailed(trendFailure, units: session.units)) }
            return .succeeded
        })
}

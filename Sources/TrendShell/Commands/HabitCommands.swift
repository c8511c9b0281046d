import FoundationEssentials
import TrendKit

/// The habits feature's commands. A habit's name with spaces is typed in double quotes.
enum HabitCommands {
    static let all: [CommandDeclaration] = [name, habits, done, undone, rename]

    static let name = CommandDeclaration.command(
        "name", group: .habits, usage: "name TEXT", summary: "Set the habit draft's name; the rest of the line.",
        example: "name Read 10 pages", details: ["Opens a habit draft when none is open, as \"new habit\" does."],
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.text(naming: "a name") },
        run: { session, text in
            guard let editor = session.habitDraft() else { return .failed }
            editor.draft.name = text
            return session.say("name: \(text)")
        })

    static let habits = CommandDeclaration.command(
        "habits", group: .habits, usage: "habits",
        summary: "List the habits: the last 7 days, the streak, the days done in the last 30.",
        example: "habits",
        answers: AnswerForms(json: ["habits"], csv: ["habits"]),
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            let log = session.habitLog
            let loadError = log.loadState == .failed ? log.retainedError : nil
            session.answer { HabitResults.habits(log.habits, today: log.today) }
            if log.habits.isEmpty && loadError == nil { return session.say(Messages.noHabits) }
            for line in Renderer.habitLines(log.habits, today: log.today, unicode: session.drawsUnicode) {
                session.say(line)
            }
            if let loadError {
                return session.fail(
                    Messages.habitsLoadFailed(log, loadError, shownEarlier: !log.habits.isEmpty, units: session.units))
            }
            return .succeeded
        })

    /// A habit and a day, as `done` and `undone` take them.
    struct Marking: Hashable, Sendable {
        var name: String
        var when: String
    }

    static func parseMarking(_ arguments: Arguments) throws(ParseError) -> Marking {
        let words = try arguments.words()
        guard let name = words.first else { throw arguments.problem(.needsAName) }
        guard words.count <= 2 else { throw arguments.problem(.quoteNames) }
        return Marking(name: name, when: words.count == 2 ? words[1] : "today")
    }

    static func completeMarking(_ request: CompletionRequest) -> [String] {
        switch request.previousWords.count {
        case 0: return request.quotedHabitNames()
        case 1: return ["today", "yesterday"]
        default: return []
        }
    }

    static let done = CommandDeclaration.command(
        "done", group: .habits, usage: "done NAME [WHEN]",
        summary: "Mark a habit done today, or on WHEN: yesterday, -Nd or YYYY-MM-DD.",
        example: "done \"Read 10 pages\" yesterday",
        details: ["A name with spaces goes in double quotes; \\\" stands for a quote inside them."],
        keywords: ["today", "yesterday"],
        parse: parseMarking, complete: completeMarking,
        run: { session, marking in mark(marking, done: true, in: session) })

    static let undone = CommandDeclaration.command(
        "undone", group: .habits, usage: "undone NAME [WHEN]",
        summary: "Mark a habit not done today, or on WHEN.", example: "undone Run",
        keywords: ["today", "yesterday"], parse: parseMarking, complete: completeMarking,
        run: { session, marking in mark(marking, done: false, in: session) })

    @MainActor
    private static func mark(_ marking: Marking, done: Bool, in session: Session) -> Session.Outcome {
        let log = session.habitLog
        let day: Int
        do throws(DateTextError) {
            day = LocalCalendar.dayNumber(
                of: try EntryDateParser.date(from: marking.when, now: session.weights.latestPermittedEntryDate).date)
        } catch {
            return session.fail(Messages.reason(HabitError.date(error)))
        }
        do throws(TrendError) {
            let outcome = try log.mark(marking.name, day: day, done: done)
            let name = log.habit(named: marking.name)?.name ?? marking.name
            return session.say(Messages.marked(name, day: day, done: done, changed: outcome == .changed))
        } catch {
            return session.fail(Messages.reason(error, units: session.units))
        }
    }

    /// `rename NAME NEW`.
    struct Renaming: Hashable, Sendable {
        var name: String
        var newName: String
    }

    static let rename = CommandDeclaration.command(
        "rename", group: .habits, usage: "rename NAME NEW", summary: "Rename a habit.",
        example: "rename \"Read 10 pages\" \"Read 20 pages\"",
        details: ["Names with spaces go in double quotes."],
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            guard words.count == 2 else {
                throw arguments.problem(words.count < 2 ? .needs("a name and a new name") : .quoteNames)
            }
            return Renaming(name: words[0], newName: words[1])
        },
        complete: { request in request.previousWords.isEmpty ? request.quotedHabitNames() : [] },
        run: { session, renaming in
            do throws(TrendError) {
                let renamed = try session.habitLog.rename(renaming.name, to: renaming.newName)
                return session.say(Messages.renamed(from: renaming.name, to: renamed.name))
            } catch {
                return session.fail(Messages.reason(error, units: session.units))
            }
        })
}

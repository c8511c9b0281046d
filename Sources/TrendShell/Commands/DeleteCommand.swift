import TrendKit

/// `delete`, which removes something of any feature: an entry by its number, or a habit by
/// its name. Declared once, here, and dispatched by what follows it.
enum DeleteCommand {
    static let all: [CommandDeclaration] = [delete]

    enum Target: Hashable, Sendable {
        case entry(Int64)
        case habit(String)
    }

    static let delete = CommandDeclaration.command(
        "delete", group: .weights, usage: "delete ID | delete habit NAME",
        summary: "Delete entry ID (unless it changed since this session showed it), or a habit.",
        example: "delete 12", details: ["\"delete habit NAME\" deletes a habit and the days it was done."],
        keywords: ["habit"],
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            if words.first?.lowercased() == "habit" {
                guard words.count == 2 else { throw arguments.problem(words.count < 2 ? .needsAName : .quoteNames) }
                return Target.habit(words[1])
            }
            return Target.entry(try arguments.entryID())
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return request.sources.entryIDs().map(String.init) + ["habit"]
            case 1 where request.previousWords[0].lowercased() == "habit": return request.quotedHabitNames()
            default: return []
            }
        },
        run: { session, target in
            switch target {
            case .entry(let id): return deleteEntry(id, in: session)
            case .habit(let name): return deleteHabit(name, in: session)
            }
        })

    @MainActor
    private static func deleteEntry(_ id: Int64, in session: Session) -> Session.Outcome {
        let edited = (session.drafts.open as? EntryEditor)?.draft.editing?.id
        do throws(TrendError) {
            let outcome = try session.weights.delete(
                id: id, expectedRevision: session.shownRevisions[id], openDraftEdits: edited)
            session.shownRevisions[id] = nil
            return session.say(Messages.deleted(outcome, units: session.units))
        } catch {
            if case .entries(.conflict(_, let current?)) = error {
                session.showed([current])
                return session.fail(Messages.reason(error, units: session.units) + Messages.deleteAgain(id))
            }
            return session.fail(Messages.commandFailed(error, units: session.units))
        }
    }

    @MainActor
    private static func deleteHabit(_ name: String, in session: Session) -> Session.Outcome {
        do throws(TrendError) {
            let outcome = try session.habitLog.delete(named: name)
            return session.say(Messages.habitDeleted(outcome, name: name))
        } catch {
            return session.fail(Messages.reason(error, units: session.units))
        }
    }
}

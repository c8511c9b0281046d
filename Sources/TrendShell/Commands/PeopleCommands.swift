import TrendKit

/// Whose log the session works on: `person`, `person NAME`, `person add NAME`, and the
/// household view, `people`.
enum PeopleCommands {
    static let all: [CommandDeclaration] = [person, people]

    /// What `person` was asked.
    enum PersonRequest: Hashable, Sendable {
        /// `person`: whose log this is.
        case show
        /// `person NAME`: work on NAME's log from now on.
        case choose(PersonName)
        /// `person add NAME`: add NAME to the store.
        case add(PersonName)
    }

    static let person = CommandDeclaration.command(
        "person", group: .people, usage: "person [NAME | add NAME]",
        summary: "Show whose log the session works on, work on NAME's, or add NAME to the store.",
        example: "person add sam",
        details: [
            "A name starts with a letter and holds letters, digits, \"_\", \"-\" and \".\" (at most 63).",
            "\"person NAME\" is refused while the draft has unsaved changes or changes are pending.",
            "On a PostgreSQL server a person is the role the session logs in as.",
        ],
        keywords: ["add"],
        answers: AnswerForms(json: ["person"]),
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            switch words.count {
            case 0: return .show
            case 1 where words[0].lowercased() == "add": throw arguments.problem(.needs("a name"))
            case 1: return .choose(try name(words[0], for: arguments))
            case 2 where words[0].lowercased() == "add": return .add(try name(words[1], for: arguments))
            default: throw arguments.problem(.needs("one name, or \"add\" and a name"))
            }
        },
        complete: { request in request.previousWords.isEmpty ? ["add"] : [] },
        run: { session, request in run(request, in: session) })

    static let people = CommandDeclaration.command(
        "people", group: .people, usage: "people",
        summary: "List the people whose logs this session may read, with their latest weight, trend and last weigh-in.",
        example: "people",
        answers: AnswerForms(json: ["people"], csv: ["people"]),
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            let summaries: [PersonSummary]
            do throws(StorageError) {
                summaries = try session.store.people(asOf: session.weights.clock.now())
            } catch {
                return session.fail(Messages.peopleUnreadable(error))
            }
            let current = session.store.personName
            session.answer { PeopleResults.people(summaries, current: current, unit: session.settings.settings.unit) }
            for line in Messages.peopleLines(summaries, current: current, unit: session.settings.settings.unit) {
                session.say(line)
            }
            return .succeeded
        })

    private static func name(_ word: String, for arguments: Arguments) throws(ParseError) -> PersonName {
        guard let name = PersonName(word) else { throw arguments.problem(.notAPersonName(word)) }
        return name
    }

    @MainActor
    private static func run(_ request: PersonRequest, in session: Session) -> Session.Outcome {
        switch request {
        case .show:
            session.answer { PeopleResults.person(session.store.personName) }
            do throws(StorageError) {
                // Opening the store tells whose log it is (a server: the login role).
                _ = try session.store.people(asOf: session.weights.clock.now())
            } catch {
                return session.fail(Messages.reason(error))
            }
            return session.say(Messages.workingOn(session.store.personName))
        case .add(let name):
            do throws(StorageError) {
                let added = try session.store.addPerson(name)
                return session.say(added ? Messages.personAdded(name) : Messages.personAlreadyThere(name))
            } catch {
                return session.fail(Messages.personNotAdded(name, error))
            }
        case .choose(let name):
            if session.drafts.hasUnsavedChanges { return session.fail(Messages.personWhileDraftOpen(name)) }
            if !session.pending.changes.isEmpty { return session.fail(Messages.personWhileChangesPending(name)) }
            if name.rawValue == session.store.personName { return session.say(Messages.workingOn(name.rawValue)) }
            do throws(StorageError) {
                try session.store.choosePerson(name)
            } catch {
                return session.fail(Messages.personNotChosen(name, error))
            }
            // A clean draft (a saved one, left open) was the other person's: it closes.
            session.drafts.close()
            session.shownRevisions = [:]
            session.refreshFeatures(everything: true)
            session.answer { PeopleResults.person(session.store.personName) }
            return session.say(Messages.workingOn(session.store.personName))
        }
    }
}

import TrendKit

/// Whose log the session works on: `person`, `person NAME`, `person add NAME`, the
/// household view, `people`, and who else may read one's log on a server: `share`, `unshare`.
enum PeopleCommands {
    static let all: [CommandDeclaration] = [person, people, share, unshare]

    /// What `share` was asked: the readers, or one more.
    enum ShareRequest: Hashable, Sendable {
        case show
        case with(PersonName)
    }

    static let share = CommandDeclaration.command(
        "share", group: .people, usage: "share [with ROLE]",
        summary: "On a server, list the roles that may read your log, or let ROLE read it.",
        example: "share with coach",
        details: [
            "The server enforces it: ROLE reads your log (\"person YOU\" in its session) and can change none of it.",
            "A SQLite store has nothing to share: whoever can read its file reads every log in it.",
        ],
        keywords: ["with"],
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            switch words.count {
            case 0: return ShareRequest.show
            case 2 where words[0].lowercased() == "with": return .with(try name(words[1], for: arguments))
            default: throw arguments.problem(.needs("\"with\" and a role's name"))
            }
        },
        complete: { request in request.previousWords.isEmpty ? ["with"] : [] },
        run: { session, request in
            do throws(StorageError) {
                switch request {
                case .show:
                    return session.say(Messages.readers(try session.store.readers()))
                case .with(let reader):
                    let added = try session.store.share(with: reader)
                    return session.say(Messages.shared(with: reader, already: !added))
                }
            } catch {
                return session.fail(Messages.notShared(error))
            }
        })

    static let unshare = CommandDeclaration.command(
        "unshare", group: .people, usage: "unshare ROLE",
        summary: "On a server, take back ROLE's reading of your log.",
        example: "unshare coach",
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            guard words.count == 1 else { throw arguments.problem(.needs("a role's name")) }
            return try name(words[0], for: arguments)
        },
        run: { session, reader in
            do throws(StorageError) {
                let removed = try session.store.unshare(with: reader)
                return session.say(Messages.unshared(reader, had: removed))
            } catch {
                return session.fail(Messages.notShared(error))
            }
        })

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
            "On a PostgreSQL server a person is the role the session logs in as; \"person NAME\" reads a log NAME shares with it, and the server refuses any change to it.",
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

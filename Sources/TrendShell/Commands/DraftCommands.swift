import TrendKit

/// The commands that act on whichever draft is open.
enum DraftCommands {
    static let all: [CommandDeclaration] = [new, show, save, cancel]

    /// The kinds of draft `new` opens.
    enum Kind: String, Hashable, Sendable, CaseIterable {
        case weight
        case habit
    }

    static let new = CommandDeclaration.command(
        "new", group: .drafts, usage: "new [weight|habit]",
        summary: "Open a new draft: a weight entry dated now, or a habit.", example: "new habit",
        details: ["\"new\" and \"new weight\" are the same. A habit draft takes its name with \"name TEXT\"."],
        readsStore: false,
        keywords: Kind.allCases.map(\.rawValue),
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            guard words.count <= 1 else { throw arguments.problem(.atMostOne("kind of draft")) }
            guard let word = words.first else { return Kind.weight }
            guard let kind = Kind(rawValue: word.lowercased()) else {
                throw arguments.problem(
                    .notOneOf(word: word, what: "a kind of draft", choices: Kind.allCases.map(\.rawValue)))
            }
            return kind
        },
        complete: { request in request.previousWords.isEmpty ? Kind.allCases.map(\.rawValue) : [] },
        run: { session, kind in
            switch kind {
            case .weight:
                let editor = EntryEditor(log: session.weights)
                guard session.open(editor) else { return .failed }
                return session.say(Messages.newWeightDraft(editor.draft))
            case .habit:
                guard session.open(HabitEditor(log: session.habitLog)) else { return .failed }
                return session.say(Messages.newHabitDraft)
            }
        })

    static let show = CommandDeclaration.command(
        "show", group: .drafts, usage: "show [all]", summary: "Show the open draft and its last error.",
        example: "show", details: ["An import draft is previewed again; \"show all\" lists every one of its rows."],
        readsStore: false,
        keywords: ["all"],
        answers: AnswerForms(json: ["show [all]"]),
        parse: { arguments throws(ParseError) -> Bool in
            let words = try arguments.words()
            guard let word = words.first else { return false }
            guard words.count == 1, word.lowercased() == "all" else {
                throw arguments.problem(.notOneOf(word: arguments.rest, what: "something to show", choices: ["all"]))
            }
            return true
        },
        complete: { request in request.previousWords.isEmpty ? ["all"] : [] },
        run: { session, all in
            session.answer { DraftResults.show(session.presentedDraft, session: session) }
            guard let open = session.presentedDraft else { return session.say(Messages.noDraftOpen) }
            return open.show(session: session, all: all)
        })

    static let save = CommandDeclaration.command(
        "save", group: .drafts, usage: "save",
        summary: "Save the open draft; on failure it stays open for another try.", example: "save",
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            guard let open = session.presentedDraft else { return session.fail(Messages.noDraftToSave) }
            return open.save(session: session)
        })

    static let cancel = CommandDeclaration.command(
        "cancel", group: .drafts, usage: "cancel", summary: "Discard the open draft.", example: "cancel",
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            guard let open = session.presentedDraft else { return session.fail(Messages.noDraftToCancel) }
            let message = open.cancelled(session: session)
            session.drafts.close()
            return session.say(message)
        })
}

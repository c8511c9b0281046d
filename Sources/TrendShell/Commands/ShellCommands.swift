import TrendKit

/// The commands about the shell itself rather than one feature.
enum ShellCommands {
    static let all: [CommandDeclaration] = [help, status, refresh, simulate, history, quit]

    static let help = CommandDeclaration.command(
        "help", aliases: ["\\?", ".help"], group: .shell, usage: "help [COMMAND]",
        summary: "List the commands, or explain one.", example: "help save",
        readsStore: false,
        parse: { arguments throws(ParseError) -> String? in
            let words = try arguments.words()
            guard words.count <= 1 else { throw arguments.problem(.atMostOne("command name")) }
            return words.first
        },
        complete: { request in request.previousWords.isEmpty ? CommandTable.declarations.map(\.name) : [] },
        run: { session, topic in
            guard let topic else {
                for line in HelpText.list() { session.say(line) }
                if let kinds = Messages.addedKindsLine(session.weights.kinds.all) { session.say(kinds) }
                return .succeeded
            }
            guard let declaration = CommandTable.declaration(named: topic) else {
                return session.fail(Messages.parseError(.unknownCommand(topic)))
            }
            for line in HelpText.lines(for: declaration) { session.say(line) }
            return .succeeded
        })

    static let status = CommandDeclaration.command(
        "status", group: .shell, usage: "status", summary: "Show each feature's state, the store and the draft.",
        example: "status",
        answers: AnswerForms(json: ["status"]),
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            // The sparkline shows the last 30 days as stored now. After a failed read it
            // shows the days read before, beside the error, until "refresh" reads again.
            if session.trend.loadState != .failed { session.trend.refresh() }
            session.pending.rereadWaiting()
            session.answer { StatusResults.status(session) }
            for line in Messages.statusLines(session) { session.say(line) }
            return .succeeded
        })

    static let refresh = CommandDeclaration.command(
        "refresh", group: .shell, usage: "refresh", summary: "Reload every feature from the store.",
        example: "refresh",
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            session.refreshFeatures(everything: true)
            var outcome = Session.Outcome.succeeded
            for feature in session.features where feature.featureLoadState != nil {
                if let error = feature.retainedError {
                    outcome = session.fail(Messages.refreshFailed(feature, error: error, units: session.units))
                } else {
                    session.say(Messages.refreshed(feature))
                }
            }
            return outcome
        })

    /// What `simulate` was asked to do.
    struct SimulateRequest: Hashable, Sendable {
        enum Mode: String, Hashable, Sendable, CaseIterable {
            case saveFailure = "save-failure"
            case openFailure = "open-failure"
            case refreshFailure = "refresh-failure"
            case off
        }
        var mode: Mode?
        var persistence: FaultPlan.Persistence = .once
        /// The feature whose operations fail; nil for every feature.
        var feature: String?
    }

    /// The features `simulate` can single out: those that declare it.
    static var simulatedFeatures: [String] { ShellFeature.simulated }

    static let simulate = CommandDeclaration.command(
        "simulate", group: .shell,
        usage: "simulate [save-failure [once|always] | open-failure | refresh-failure | off] [FEATURE]",
        summary: "Make the store fail on purpose, to see how trendsh recovers.",
        example: "simulate save-failure once",
        details: ["FEATURE limits the failure to one feature: \(simulatedFeatures.joinedWords(separator: ", "))."],
        readsStore: false,
        keywords: SimulateRequest.Mode.allCases.map(\.rawValue) + ["once", "always"] + simulatedFeatures,
        parse: { arguments throws(ParseError) in
            var words = try arguments.words()[...]
            var request = SimulateRequest()
            guard let first = words.popFirst() else { return request }
            guard let mode = SimulateRequest.Mode(rawValue: first.lowercased()) else {
                throw arguments.problem(
                    .notOneOf(
                        word: first, what: "something simulate can do",
                        choices: SimulateRequest.Mode.allCases.map(\.rawValue)))
            }
            request.mode = mode
            if mode == .saveFailure, let word = words.first,
                let persistence = FaultPlan.Persistence(rawValue: word.lowercased())
            {
                request.persistence = persistence
                words = words.dropFirst()
            }
            if mode != .off, let word = words.first {
                guard simulatedFeatures.contains(word.lowercased()) else {
                    let choices = (mode == .saveFailure ? ["once", "always"] : []) + simulatedFeatures
                    throw arguments.problem(
                        .notOneOf(
                            word: word, what: mode == .saveFailure ? "once, always or a feature" : "a feature",
                            choices: choices))
                }
                request.feature = word.lowercased()
                words = words.dropFirst()
            }
            guard words.isEmpty else { throw arguments.problem(.tooManyWords(max: mode == .saveFailure ? 3 : 2)) }
            return request
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return SimulateRequest.Mode.allCases.map(\.rawValue)
            case 1 where request.previousWords[0].lowercased() == "save-failure":
                return ["once", "always"] + simulatedFeatures
            case 1 where request.previousWords[0].lowercased() != "off": return simulatedFeatures
            case 2 where request.previousWords[0].lowercased() == "save-failure": return simulatedFeatures
            default: return []
            }
        },
        run: { session, request in
            let faults = session.store.faults
            let feature = request.feature.map(FeatureID.init)
            guard let mode = request.mode else { return session.say(Messages.simulations(faults.plan)) }
            switch (mode, request.persistence) {
            case (.saveFailure, .once): faults.failNextSave(in: feature)
            case (.saveFailure, .always): faults.failEverySave(in: feature)
            case (.openFailure, _): faults.failToOpen(in: feature)
            case (.refreshFailure, _):
                // "The next refresh" is of every feature, so each one's next load fails.
                for failing in feature.map({ [$0] }) ?? simulatedFeatures.map(FeatureID.init) {
                    faults.failNextRefresh(in: failing)
                }
            case (.off, _): faults.stopFailing()
            }
            return session.say(Messages.simulating(mode.rawValue, persistence: request.persistence, feature: feature))
        })

    static let history = CommandDeclaration.command(
        "history", group: .shell, usage: "history [N]", summary: "Show the last N lines typed (default 20).",
        example: "history 5",
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.count(default: nil) },
        run: { session, count in
            guard let history = session.history else { return session.say(Messages.historyOff) }
            let lines = history.entries
            let shown = lines.suffix(count ?? 20)
            let first = lines.count - shown.count + 1
            for (offset, line) in shown.enumerated() { session.say("\(first + offset)  \(line)") }
            return .succeeded
        })

    static let quit = CommandDeclaration.command(
        "quit", aliases: ["exit", "\\q", ".quit", ".exit"], group: .shell, usage: "quit",
        summary: "Leave trendsh (asks again if the draft is unsaved or changes are pending).", example: "quit",
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            let draft = session.presentedDraft.flatMap { $0.hasUnsavedChanges ? $0 : nil }
            let waiting = session.pending.changes
            guard draft != nil || !waiting.isEmpty, !session.quitArmed else { return .quit }
            session.quitArmed = true
            if let draft { session.warn(Messages.quitWithUnsavedDraft(draft.summary)) }
            if !waiting.isEmpty { session.warn(Messages.quitWithPendingChanges(waiting, units: session.units)) }
            return .succeeded
        })
}

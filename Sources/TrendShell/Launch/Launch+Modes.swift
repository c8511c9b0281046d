import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The runs that are not a session on the person's store: transcripts checked, the reminder
/// hook's answer, and the lessons.
extension Launch {
    /// `--check`: `--update` rewrites the transcripts it is given, and `--junit` writes its
    /// report, but never over one of trendsh's own files: the default store's, or a `--store`
    /// named too. A `--store` naming a server is where the lessons with a `# server:` line run.
    func checkTranscripts() -> Never {
        let rules = NamedFileRules(
            ownFiles: environment.ownFiles(
                store: options.storePath.map(StoreLocation.init) ?? .memory, options: options),
            permissions: namedFiles)
        let status = TranscriptChecker(output: output, rules: rules, server: lessonServer).check(
            files: options.checkFiles, update: options.updateTranscripts, junit: options.junitPath)
        output.flush()
        exit(output.failure == nil ? status.rawValue : ExitStatus.failure.rawValue)
    }

    /// The server `--store` names, for the lessons that run on one (`# server:`); nil when it
    /// names none, or in the static trendsh, which hands such a command line to its companion.
    var lessonServer: LessonServer? {
        guard let address = options.serverStore, let serverStores else { return nil }
        return LessonServer(address: address, opener: serverStores)
    }

    /// The reminder hook: the answer is the exit status. Nothing is created, not even a folder.
    func answerWeighedToday() -> Never {
        let now = options.now ?? Clock.system.now()
        let answer: WeighInToday.Answer
        if let server = options.serverStore, let serverStores {
            let store = serverStores.store(
                at: server, localName: "", interruptRequested: { Signals.stopRequested }, trace: LayerTrace(),
                person: options.person)
            answer = WeighInToday.answer(store: store, now: now)
            store.close()
        } else {
            guard let storePath = options.storePath ?? environment.defaultStorePath else {
                exitWithUsageError(Messages.noStoreFolder)
            }
            answer = WeighInToday.answer(
                location: StoreLocation(storePath), now: now, person: .resolve(named: options.person))
        }
        switch answer {
        case .weighed: exit(ExitStatus.success.rawValue)
        case .notWeighed: exit(ExitStatus.notWeighedToday.rawValue)
        case .unknown(let problem):
            output.write("error: \(DisplayText.escaped(Messages.weighedTodayUnknown(problem)))", to: .err)
            exit(ExitStatus.failure.rawValue)
        }
    }

    /// `--set-up`: the administrator's run on the server `--store` names. It prints what it
    /// did and exits 0, or the reason it could not and exits 1, having changed nothing.
    func setUpServer() -> Never {
        guard let server = options.serverStore, let serverStores else {
            exitWithUsageError(Messages.usage(.setUpNeedsServer))
        }
        do {
            let outcome = try serverStores.setUp(
                at: server, firstPerson: options.person, interruptRequested: { Signals.stopRequested })
            output.write(Messages.serverSetUp(outcome, server: server.displayed), to: .out)
        } catch {
            output.write("error: \(DisplayText.escaped(Messages.reason(error)))", to: .err)
            output.flush()
            exit(ExitStatus.failure.rawValue)
        }
        output.flush()
        exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
    }

    /// `--learn`: the lessons, or one practised on a scratch store; never the person's log.
    func learn() -> Never {
        let output = output
        let practice = PracticeSession()
        var learnEditor: EditLineReader?
        if environment.isInteractive {
            let sources = CompletionSources(
                entryIDs: { MainActor.assumeIsolated { practice.session?.weights.entries.map(\.id) ?? [] } },
                habitNames: { MainActor.assumeIsolated { practice.session?.habitLog.habits.map(\.name) ?? [] } },
                kindWords: { MainActor.assumeIsolated { practice.session?.weights.kinds.all.map(\.word) ?? [] } })
            learnEditor = EditLineReader(
                previousLines: [], completer: Completer(sources: sources, extraNames: LearnCommand.allCases.map(\.name))
            )
        }
        let learnReader: any LineReader =
            learnEditor
            ?? DescriptorLineReader(
                watchesSignals: true, beforeWaiting: { MainActor.assumeIsolated { output.flush() } })
        let learnEnding = LearnRunner(
            options: options, environment: environment, output: output, permissions: namedFiles,
            interactive: environment.isInteractive, reader: learnReader, current: practice, server: lessonServer
        ).run()
        learnEditor?.close()
        end(learnEnding)
    }
}

import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The session on the person's store: interactive, piped, or `-c`.
extension Launch {
    func runSession(interactive: Bool, oneShot: Bool) -> Never {
        let output = output
        let location: StoreLocation
        if let server = options.serverStore {
            // Named from the host, port, database and role as libpq will read them: the PG*
            // variables count only once a server is named.
            location = .server(server, localName: server.fileStem(environment: Self.serverVariables()))
            // A server's local files are kept in the state folder.
            if let directory = environment.stateDirectory { _ = makePrivateDirectory(directory) }
        } else {
            guard let storePath = options.storePath ?? environment.defaultStorePath else {
                exitWithUsageError(Messages.noStoreFolder)
            }
            location = StoreLocation(storePath)
        }
        let ownFiles = environment.ownFiles(store: location, options: options)
        // A piped run's commands may come from a file, which nothing the run writes may replace.
        let inputs = interactive || oneShot ? [] : [NamedFileRules.Input.standardInput()].compactMap { $0 }

        // First, before any folder or file is made: a recording over a file it may not replace
        // is a wrong command line.
        var recorder: CastRecorder?
        if let castPath = options.castPath {
            do throws(CastRecorder.NotStarted) {
                recorder = try CastRecorder.start(
                    path: castPath, title: "trendsh", environment: environment,
                    timing: interactive ? .wallClock() : .schedule(CastSchedule(options: options)),
                    rules: NamedFileRules(ownFiles: ownFiles, permissions: namedFiles, inputs: inputs), errors: output)
            } catch {
                end(.status(error.status))
            }
        }

        if options.storePath == nil, options.serverStore == nil, let directory = environment.dataDirectory {
            // A folder that can't be created is the store's error to report (its features'
            // commands say so); help, settings and the rest keep working.
            _ = makePrivateDirectory(directory)
        }

        var history: HistoryFile?
        if interactive, !options.noHistory, environment.historyPath != nil, let path = ownFiles.path(of: .history),
            let directory = environment.stateDirectory, makePrivateDirectory(directory)
        {
            history = HistoryFile(path: path)
        }
        // A recording of input no person typed is the same wherever it is made: plain text.
        let plainForTheRecording = recorder != nil && !interactive
        let startupFile = interactive ? StartupFile.chosen(by: options, environment: environment) : nil
        let recordedOutput: any OutputSink = recorder.map { DemoOutput(shown: output, recorder: $0) } ?? output
        let sessionOutput = startupFile.map { _ in PrefixedOutput(recordedOutput) }
        let style =
            plainForTheRecording
            ? TerminalStyle.plain
            : TerminalStyle(usesColor: environment.allowsColor, drawsUnicode: environment.drawsUnicode)
        let environment = environment
        let session = Session.make(
            files: ownFiles, clock: options.now.map { Clock.fixed($0) } ?? .system,
            output: sessionOutput ?? recordedOutput, history: history, style: style,
            interruptRequested: { Signals.stopRequested }, restoringDraft: !oneShot, namedFiles: namedFiles,
            inputs: inputs, terminalWidth: { plainForTheRecording ? 80 : environment.outputWidth() },
            person: .resolve(named: options.person),
            serverStore: serverStores.flatMap { opener in
                options.serverStore.map { address in
                    { trace in
                        opener.store(
                            at: address, localName: ownFiles.store.localName ?? "",
                            interruptRequested: { Signals.stopRequested }, trace: trace, person: options.person)
                    }
                }
            })

        var editLineReader: EditLineReader?
        if interactive {
            let weights = session.weights
            let habits = session.habitLog
            let sources = CompletionSources(
                entryIDs: { MainActor.assumeIsolated { weights.entries.map(\.id) } },
                habitNames: { MainActor.assumeIsolated { habits.habits.map(\.name) } },
                kindWords: { MainActor.assumeIsolated { weights.kinds.all.map(\.word) } })
            editLineReader = EditLineReader(
                previousLines: history?.entries ?? [], completer: Completer(sources: sources))
            recordedOutput.write(Messages.banner(version: Options.version, store: location.description), to: .out)
        }
        session.format = options.format ?? .text
        session.echoesInput = options.echo
        session.traces = options.trace
        session.start()
        var startupEnded = false
        if let startupFile, let sessionOutput {
            startupEnded = startupFile.run(session: session, output: sessionOutput) == .quit
        }

        var reader: any LineReader
        if oneShot {
            // A COMMAND with line breaks in it runs as several lines.
            reader = ScriptLineReader(lines: options.commands.flatMap(ScriptLines.split))
        } else if let editLineReader {
            reader = editLineReader
        } else {
            reader = DescriptorLineReader(
                watchesSignals: true, beforeWaiting: { MainActor.assumeIsolated { output.flush() } })
        }
        if let recorder {
            reader = RecordingLineReader(reader: reader, recorder: recorder, echo: options.echo ? output : nil)
        }
        // A piped run writes a draft change with the next command when its next line is already
        // read; its output waits for the draft file (Session.writeWaitingDraft). Not with --bail,
        // which stops at the command whose write failed, nor with --echo, whose transcript shows
        // each command's errors right after its line.
        if !interactive && !oneShot && recorder == nil && !options.bail && !options.echo {
            session.defersDraftWrites = true
            output.beforeFlush = { MainActor.assumeIsolated { session.writeWaitingDraft() } }
        }
        var repl = REPL(session: session, reader: reader, output: sessionOutput ?? recordedOutput)
        // A recording's reader prints the echo itself, so the cast does not show the line twice.
        repl.echo = options.echo && recorder == nil
        repl.bail = options.bail
        repl.interactive = interactive
        repl.history = history
        repl.pendingSignal = { interactive ? Signals.terminateSignal : Signals.endingSignal }
        let ending: REPL.Ending =
            startupEnded
            ? .status(session.hasUnsavedWorkFromThisRun ? .unsavedDraft : .success) : repl.run()
        editLineReader?.close()
        session.close()
        output.flush()
        end(recorder?.finish(after: ending, errors: output) ?? ending)
    }

    /// The variables that say which server, database and role libpq connects to, read only
    /// when `--store` names a server.
    static func serverVariables() -> [String: String] {
        var variables: [String: String] = [:]
        for name in ["PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "USER", "LOGNAME"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}

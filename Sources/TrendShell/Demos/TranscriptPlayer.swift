import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --play FILE`: plays a transcript as a live demo. Each command runs for real in a
/// session of its own (`:memory:` unless `--store` names a store), at the transcript's
/// `# now:` time and in UTC, as `--check` replays it, so the demo prints what the lesson
/// shows. The exit status is the replayed session's. Neither the recording nor a file a
/// command names may replace the transcript played, or any of trendsh's own files. A lesson
/// with a `# server:` line plays on the server `--store` names, as its roles, with their
/// local files in a scratch folder, as `--check` replays it; without one it does not play.
@MainActor
public struct TranscriptPlayer {
    let path: String
    let options: Options
    let environment: ShellEnvironment
    let output: any OutputSink
    let permissions: NamedFile.Permissions
    /// The server `--store` names, for a lesson that runs on one; nil without it.
    let server: LessonServer?

    public init(
        path: String, options: Options, environment: ShellEnvironment, output: any OutputSink,
        permissions: NamedFile.Permissions, server: LessonServer? = nil
    ) {
        self.path = path
        self.options = options
        self.environment = environment
        self.output = output
        self.permissions = permissions
        self.server = server
    }

    /// The rules every file the demo writes follows: not one of trendsh's own files (the
    /// store `--store` names, the default store, ...), and not the transcript played.
    private var namedFiles: NamedFileRules {
        NamedFileRules(
            ownFiles: environment.ownFiles(store: location, options: options), permissions: permissions,
            inputs: [.playedTranscript(path)])
    }

    private var location: StoreLocation { StoreLocation(options.storePath ?? ":memory:") }

    /// Plays the transcript; the session's ending (a failure when the file cannot be read).
    public func play() -> REPL.Ending {
        let transcript: Transcript
        do {
            transcript = try Transcript(parsing: TranscriptChecker.read(path))
        } catch {
            output.write("error: " + DisplayText.escaped(Messages.transcriptProblem(error, path: path)), to: .err)
            return .status(.failure)
        }
        let onServer = transcript.server.flatMap { roles in server.map { ($0, roles) } }
        if let roles = transcript.server, onServer == nil {
            let problem = Messages.transcriptProblem(.needsServer(roles), path: path)
            output.write("error: " + DisplayText.escaped(problem), to: .err)
            return .status(.failure)
        }
        setenv("TZ", "UTC", 1)
        tzset()
        let schedule = CastSchedule(options: options)
        var recorder: CastRecorder?
        let rules = namedFiles
        if let castPath = options.castPath {
            do throws(CastRecorder.NotStarted) {
                recorder = try CastRecorder.start(
                    path: castPath, title: Self.title(of: path), environment: environment,
                    timing: .schedule(schedule), rules: rules, errors: output)
            } catch {
                return .status(error.status)
            }
        }
        let live = environment.stdoutIsTerminal
        // Drawn as the transcript shows it (ASCII), and without colour while recording, so a
        // cast is the same wherever it is made.
        let style = TerminalStyle(usesColor: live && environment.allowsColor && recorder == nil)
        let demoOutput = DemoOutput(shown: output, recorder: recorder)
        // A second session needs a store both can open: the one --store names, or one in a
        // private scratch folder, removed at the end, as --check replays it. A server lesson's
        // sessions keep their local files there.
        var files = rules.ownFiles
        var scratch: ScratchFolder?
        if onServer != nil || (transcript.usesSecondSession && location == .memory) {
            guard let folder = ScratchFolder.make(in: getenv("TMPDIR").map { String(cString: $0) }) else {
                output.write("error: " + Messages.scratchFolderNotMade, to: .err)
                return .status(.failure)
            }
            scratch = folder
            if onServer == nil { files = files.with(store: StoreLocation(folder.file(Messages.scratchStoreName))) }
        }
        defer { scratch?.remove() }
        let clock = Clock.fixed(options.now ?? transcript.now)
        let makeSession = { (second: Bool) -> Session in
            if case (let lessonServer, let roles)? = onServer, let scratch {
                return lessonServer.session(
                    as: roles.role(second: second), files: files, in: scratch.path, clock: clock, output: demoOutput,
                    style: style, interruptRequested: { Signals.stopRequested }, namedFiles: permissions,
                    inputs: rules.inputs)
            }
            return Session.make(
                files: files, clock: clock, output: demoOutput, style: style,
                interruptRequested: { Signals.stopRequested }, namedFiles: permissions, inputs: rules.inputs,
                // A demo's own store is the same wherever it plays; a store named is the person's.
                person: location == .memory ? .nobody : .resolve(named: options.person))
        }
        let session = makeSession(false)
        session.start()
        var second: SecondSession?
        if transcript.usesSecondSession {
            second = SecondSession(make: { makeSession(true) }, output: demoOutput, echoes: false)
        }
        let terminal =
            live
            ? PlayTerminal(
                keysFromTerminal: environment.stdinIsTerminal, pauseWithoutKeys: schedule.pauseBeforeCommand)
            : nil
        let reader = PlayLineReader(
            steps: PlayStep.steps(for: transcript), path: path, output: demoOutput, terminal: terminal,
            recorder: recorder,
            schedule: schedule, autoAdvance: options.autoAdvance, style: style)
        reader.second = second
        var repl = REPL(session: session, reader: reader, output: demoOutput)
        repl.bail = options.bail
        repl.pendingSignal = { Signals.endingSignal }
        let ending = repl.run()
        second?.finish()
        terminal?.restore()
        session.close()
        output.flush()
        return recorder?.finish(after: ending, errors: output) ?? ending
    }

    /// The cast's title: `trendsh: ` and the transcript's file name without its folder and
    /// `.transcript`, so the title is the same wherever the file is.
    static func title(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".transcript") { name = String(name.dropLast(".transcript".count)) }
        return "trendsh: " + DisplayText.escaped(name)
    }
}

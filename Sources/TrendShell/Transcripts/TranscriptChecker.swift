import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --check`: replays each transcript in a fresh in-memory store with its fixed
/// clock, in UTC and with default settings, and prints a unified diff for every mismatch.
/// With `--update`, rewrites each transcript's expected output in place instead. A lesson
/// with a `# server:` line is replayed on the server `--store` names, as its roles; without
/// one it is not replayed, and fails with the sentence that says what it needs.
@MainActor
public struct TranscriptChecker {
    let output: any OutputSink
    /// How a rewritten transcript is written (the person's umask, not trendsh's own 077), and
    /// the own files it may never replace. The transcripts themselves are not inputs to
    /// protect: `--update` rewrites them by design.
    let rules: NamedFileRules
    /// The server `--store` names, for the lessons that run on one; nil without it.
    let server: LessonServer?

    public init(output: any OutputSink, rules: NamedFileRules, server: LessonServer? = nil) {
        self.output = output
        self.rules = rules
        self.server = server
    }

    /// 0 when every transcript matches (or was updated) and the report, when asked for, was
    /// written; 1 otherwise.
    /// - Parameter junit: where to write a JUnit XML report of the outcomes (`--junit FILE`).
    public func check(files: [String], update: Bool = false, junit: String? = nil) -> ExitStatus {
        setenv("TZ", "UTC", 1)
        tzset()
        var failures = 0
        var updated = 0
        var report = JUnitReport(
            timestamp: String(StoredTime.text(Clock.system.now()).prefix(19)), hostname: Self.hostname())
        for path in files {
            let started = ContinuousClock.now
            var outcome = JUnitReport.Outcome.passed
            defer {
                let elapsed = ContinuousClock.now - started
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                report.cases.append(JUnitReport.Case(path: path, outcome: outcome, seconds: seconds))
            }
            do throws(TranscriptError) {
                let text = try Self.read(path)
                let transcript = try Transcript(parsing: text)
                // Replayed anywhere else, a server lesson would show nothing of what it teaches.
                if let roles = transcript.server, server == nil { throw TranscriptError.needsServer(roles) }
                let replay = Self.replay(transcript, inFolderOf: path, files: rules.ownFiles, server: server)
                let actual = replay.printedLines(echoes: transcript.echoes)
                let diff = UnifiedDiff.make(
                    expected: transcript.expectedLines, actual: actual, expectedName: path,
                    actualName: "\(path) (replayed)", same: Transcript.matches)
                let statusDiffers = transcript.expectedStatus.map { $0 != replay.status } ?? false
                let exerciseProblems = ExerciseChecker.problems(
                    inLesson: text, at: path, now: transcript.now, files: rules.ownFiles,
                    server: transcript.server.flatMap { roles in server.map { ($0, roles) } })
                if diff.isEmpty && !statusDiffers && replay.hiddenFailures.isEmpty && exerciseProblems.isEmpty {
                    output.write(Messages.transcriptPassed(path), to: .out)
                } else if update && replay.hiddenFailures.isEmpty && exerciseProblems.isEmpty {
                    try Self.write(transcript.updated(with: replay), to: path, rules: rules)
                    updated += 1
                    outcome = .updated
                    output.write(Messages.transcriptUpdated(path), to: .out)
                } else {
                    failures += 1
                    output.write(Messages.transcriptFailed(path), to: .out)
                    for line in diff { output.write(DisplayText.escaped(line), to: .out) }
                    let onlyExercises = diff.isEmpty && !statusDiffers && replay.hiddenFailures.isEmpty
                    outcome = .failed(
                        message: onlyExercises
                            ? Messages.exercisesFailedSummary
                            : Messages.transcriptFailureSummary(
                                outputDiffers: !diff.isEmpty, statusDiffers: statusDiffers,
                                hiddenFailures: replay.hiddenFailures.count),
                        details: diff + exerciseProblems)
                    if statusDiffers, let expected = transcript.expectedStatus {
                        output.write(
                            Messages.transcriptStatusDiffers(expected: expected, actual: replay.status), to: .out)
                    }
                    for failure in replay.hiddenFailures {
                        for error in failure.errors {
                            output.write(
                                Messages.transcriptHiddenCommandFailed(failure.command, error: error), to: .out)
                        }
                    }
                    for problem in exerciseProblems { output.write(problem, to: .out) }
                }
            } catch {
                failures += 1
                let message = Messages.transcriptProblem(error, path: path)
                output.write("error: \(DisplayText.escaped(message))", to: .err)
                let needsServer = if case .needsServer = error { true } else { false }
                outcome = .error(message: message, type: needsServer ? "needs-server" : "unreadable")
            }
            output.flush()
        }
        var reportWritten = true
        if let junit {
            // The report may replace neither an own file nor a transcript being checked.
            var reportRules = rules
            reportRules.inputs += files.map(NamedFileRules.Input.checkedTranscript)
            do {
                try NamedFile.write(Array(report.xml.utf8), to: junit, rules: reportRules)
            } catch {
                reportWritten = false
                output.write("error: \(DisplayText.escaped(Messages.reportNotWritten(error)))", to: .err)
            }
        }
        output.write(
            Messages.transcriptSummary(
                checked: files.count, passed: files.count - failures - updated, failed: failures,
                updated: update ? updated : nil),
            to: .out)
        return failures == 0 && reportWritten ? .success : .failure
    }

    /// This machine's name, for the report; "localhost" when it has none.
    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// Replays with the transcript's own folder as the working folder, so a file a lesson
    /// names (`import 14-libra-export.csv`) is the one kept beside it, wherever `--check` runs.
    static func replay(
        _ transcript: Transcript, inFolderOf path: String, files: OwnFiles, server: LessonServer?
    ) -> Replay {
        var buffer = [CChar](repeating: 0, count: 4096)
        let previous = getcwd(&buffer, buffer.count).map { _ in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        // A folder that cannot be entered leaves the replay where it is; any file the
        // transcript names is then missing, and the diff shows it.
        let moved = chdir(folder) == 0
        defer { if moved, let previous { chdir(previous) } }
        return replay(transcript, files: files, server: server)
    }

    /// Runs the transcript's commands, hidden ones included, and returns what the session
    /// printed for each shown command; hidden commands' output is set aside, except errors.
    /// The store is in memory; `files` names the own files a command's named file may not
    /// replace (the default store's, the history, the start-up file).
    /// With `other> ` lines, both sessions use one real store in a scratch folder instead, and
    /// a server lesson's sessions log in to `server` as its roles (see `replayTwoSessions`);
    /// the caller sees to it that a server lesson has its server.
    public static func replay(
        _ transcript: Transcript, files: OwnFiles = OwnFiles(store: .memory), server: LessonServer? = nil
    ) -> Replay {
        let captured = CapturedOutput()
        let script = transcript.steps
        let ending: REPL.Ending
        let onServer = transcript.server.flatMap { roles in server.map { ($0, roles) } }
        if transcript.usesSecondSession || onServer != nil {
            ending = replayTwoSessions(transcript, files: files, server: onServer, output: captured)
        } else {
            let session = Session.make(
                files: files.with(store: .memory), clock: .fixed(transcript.now), output: captured, person: .nobody)
            session.start()
            var repl = REPL(session: session, reader: ScriptLineReader(lines: script.map(\.command)), output: captured)
            repl.echo = true
            ending = repl.run()
            session.close()
        }
        let status: Int32
        switch ending {
        case .status(let exit): status = exit.rawValue
        case .signal(let signal): status = 128 + signal
        }
        var leading: [String] = []
        var outputs: [[(stream: OutputStream, text: String)]] = []
        var echoes = script.map { $0.second ? SecondSession.echo(of: $0.command) : REPL.echo(of: $0.command) }[...]
        for line in captured.lines where !line.text.allSatisfy(\.isWhitespace) {
            if let echo = echoes.first, line.text == echo {
                outputs.append([])
                echoes = echoes.dropFirst()
            } else if outputs.isEmpty {
                leading.append(line.text)
            } else {
                outputs[outputs.count - 1].append(line)
            }
        }
        var shown: [[String]] = []
        var hiddenFailures: [Replay.HiddenFailure] = []
        for (index, output) in outputs.enumerated() {
            if script[index].hidden {
                let errors = output.filter { $0.stream == .err && $0.text.hasPrefix("error:") }.map(\.text)
                if !errors.isEmpty {
                    hiddenFailures.append(Replay.HiddenFailure(command: script[index].command, errors: errors))
                }
            } else {
                shown.append(output.map(\.text))
            }
        }
        return Replay(leading: leading, outputs: shown, status: status, hiddenFailures: hiddenFailures)
    }

    /// Replays a transcript with a second session: both over one SQLite store in a private
    /// scratch folder (`:memory:` cannot be shared), removed at the end, each session with
    /// what a real session beside another has. On a server (`# server:`), the first session
    /// logs in as the first role and the second as the second, their local files in the
    /// scratch folder. Both write to `output`, in the order they print. A folder that cannot
    /// be made is reported, and the replay then fails.
    static func replayTwoSessions(
        _ transcript: Transcript, files: OwnFiles, server: (LessonServer, ServerRoles)?, output: CapturedOutput
    ) -> REPL.Ending {
        guard let scratch = ScratchFolder.make(in: getenv("TMPDIR").map { String(cString: $0) }) else {
            output.write("error: " + Messages.scratchFolderNotMade, to: .err)
            return .status(.failure)
        }
        defer { scratch.remove() }
        let clock = Clock.fixed(transcript.now)
        let make: (_ second: Bool) -> Session
        if case (let lessonServer, let roles)? = server {
            make = { second in
                lessonServer.session(
                    as: roles.role(second: second), files: files, in: scratch.path, clock: clock, output: output)
            }
        } else {
            let shared = files.with(store: StoreLocation(scratch.file(Messages.scratchStoreName)))
            make = { _ in Session.make(files: shared, clock: clock, output: output, person: .nobody) }
        }
        let first = make(false)
        first.start()
        let second = SecondSession(make: { make(true) }, output: output)
        let reader = InterleavedLineReader(steps: transcript.steps, second: second)
        var repl = REPL(session: first, reader: reader, output: output)
        repl.echo = true
        let ending = repl.run()
        second.finish()
        first.close()
        return ending
    }

    /// The transcript's text; a byte that is not UTF-8 is an error that names its line.
    static func read(_ path: String) throws(TranscriptError) -> String {
        let bytes = try readBytes(path)
        guard let text = UTF8Text.decode(bytes) else {
            var line = 1
            for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if UTF8Text.decode(lineBytes) == nil { break }
                line += 1
            }
            throw .notUTF8(line: line)
        }
        return text
    }

    /// The bytes of a transcript (or start-up file): a regular file of at most 4 MB.
    static func readBytes(_ path: String) throws(TranscriptError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        guard let file = fopen(path, "r") else { throw .unreadable(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > 4 << 20 { throw .unreadable(path: path) }
        }
        return bytes
    }

    /// Replaces the transcript the way a person's editor would: a new file renamed over it.
    static func write(_ text: String, to path: String, rules: NamedFileRules) throws(TranscriptError) {
        do {
            try NamedFile.write(Array(text.utf8), to: path, rules: rules)
        } catch {
            if let refusal = error.refusal { throw .refused(refusal) }
            throw .unwritable(path: path)
        }
    }
}

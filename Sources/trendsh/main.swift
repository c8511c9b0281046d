import TrendKit
import TrendShell

#if canImport(Glibc)
    import Glibc
#endif

// Wiring only: secure the standard descriptors, read the options and environment, build
// the session, run it, close the store, and exit (or raise the signal that ended the run).

let descriptors = StandardDescriptors.secure()
// Files a person names are theirs to share: they get the mode the person's umask gives.
// trendsh's own files get 077, set below.
let startingUmask = umask(0o077)
umask(startingUmask)
let namedFiles = NamedFile.Permissions.fromUmask(startingUmask)
let environment = ShellEnvironment.current()
let output = StandardOutput(closedAtStart: descriptors.outputWasClosed, isTerminal: environment.stdoutIsTerminal)

@MainActor
func exitWithUsageError(_ message: String) -> Never {
    output.write("error: \(DisplayText.escaped(message)) Run \"trendsh --help\" for usage.", to: .err)
    output.flush()
    exit(ExitStatus.usage.rawValue)
}

if let shown = ArgumentText.firstNotUTF8() { exitWithUsageError(Messages.argumentNotUTF8(shown)) }
let options: Options
do {
    options = try Options.parse(
        Array(CommandLine.arguments.dropFirst()),
        environment: environment["TRENDSH_NOW"].map { ["TRENDSH_NOW": $0] } ?? [:])
} catch {
    exitWithUsageError(Messages.usage(error))
}
if descriptors.outputWasClosed {
    output.write("error: \(Messages.outputClosedAtStart)", to: .err)
    exit(ExitStatus.failure.rawValue)
}
if options.showHelp {
    output.write(Options.helpText, to: .out)
    output.flush()
    exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
}
if options.showVersion {
    output.write("trendsh \(Options.version)", to: .out)
    output.flush()
    exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
}
if options.showManual {
    output.write(ManualPage.text, to: .out)
    output.flush()
    exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
}
if let shell = options.completionShell {
    output.write(CompletionScript.text(for: shell), to: .out)
    output.flush()
    exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
}
if !options.checkFiles.isEmpty {
    // `--update` rewrites the transcripts it is given, and `--junit` writes its report, but
    // never over one of trendsh's own files: the default store's, or a `--store` named too.
    let rules = NamedFileRules(
        ownFiles: environment.ownFiles(store: options.storePath.map(StoreLocation.init) ?? .memory, options: options),
        permissions: namedFiles)
    let status = TranscriptChecker(output: output, rules: rules).check(
        files: options.checkFiles, update: options.updateTranscripts, junit: options.junitPath)
    output.flush()
    exit(output.failure == nil ? status.rawValue : ExitStatus.failure.rawValue)
}

// The reminder hook: the answer is the exit status. Nothing is created, not even a folder.
if options.weighedToday {
    guard let storePath = options.storePath ?? environment.defaultStorePath else {
        exitWithUsageError(Messages.noStoreFolder)
    }
    switch WeighInToday.answer(location: StoreLocation(storePath), now: options.now ?? Clock.system.now()) {
    case .weighed: exit(ExitStatus.success.rawValue)
    case .notWeighed: exit(ExitStatus.notWeighedToday.rawValue)
    case .unknown(let problem):
        output.write("error: \(DisplayText.escaped(Messages.weighedTodayUnknown(problem)))", to: .err)
        exit(ExitStatus.failure.rawValue)
    }
}

/// Ends the process as the run ended: with its status, or by the signal that stopped it.
@MainActor
func end(_ ending: REPL.Ending) -> Never {
    output.flush()
    switch ending {
    case .status(let status): exit(status.rawValue)
    case .signal(let signal):
        Signals.reraise(signal)
        exit(128 + signal)
    }
}

umask(0o077)
// A closed output pipe (`trendsh ... | head`) is an error on write, not a reason to die.
signal(SIGPIPE, SIG_IGN)
// `-c` and `--play` are never interactive, whatever the terminal.
let oneShot = !options.commands.isEmpty
let interactive = environment.isInteractive && !oneShot && options.playFile == nil
Signals.install(interactive: interactive)
if options.learning {
    // `--learn`: the lessons, or one practised on a scratch store; never the person's log.
    let practice = PracticeSession()
    var learnEditor: EditLineReader?
    if environment.isInteractive {
        let sources = CompletionSources(
            entryIDs: { MainActor.assumeIsolated { practice.session?.weights.entries.map(\.id) ?? [] } },
            habitNames: { MainActor.assumeIsolated { practice.session?.habitLog.habits.map(\.name) ?? [] } },
            kindWords: { MainActor.assumeIsolated { practice.session?.weights.kinds.all.map(\.word) ?? [] } })
        learnEditor = EditLineReader(
            previousLines: [], completer: Completer(sources: sources, extraNames: LearnCommand.allCases.map(\.name)))
    }
    let learnReader: any LineReader =
        learnEditor
        ?? DescriptorLineReader(watchesSignals: true, beforeWaiting: { MainActor.assumeIsolated { output.flush() } })
    let learnEnding = LearnRunner(
        options: options, environment: environment, output: output, permissions: namedFiles,
        interactive: environment.isInteractive, reader: learnReader, current: practice
    ).run()
    learnEditor?.close()
    end(learnEnding)
}
if let playFile = options.playFile {
    end(
        TranscriptPlayer(
            path: playFile, options: options, environment: environment, output: output, permissions: namedFiles
        ).play())
}
guard let storePath = options.storePath ?? environment.defaultStorePath else {
    exitWithUsageError(Messages.noStoreFolder)
}
let location = StoreLocation(storePath)
let ownFiles = environment.ownFiles(store: location, options: options)
// A piped run's commands may come from a file, which nothing the run writes may replace.
let inputs = interactive || oneShot ? [] : [NamedFileRules.Input.standardInput()].compactMap { $0 }

// First, before any folder or file is made: a recording over a file it may not replace is
// a wrong command line.
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

if options.storePath == nil, let directory = environment.dataDirectory {
    // A folder that can't be created is the store's error to report (its features' commands
    // say so); help, settings and the rest keep working.
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
    ? TerminalStyle.plain : TerminalStyle(usesColor: environment.allowsColor, drawsUnicode: environment.drawsUnicode)
let session = Session.make(
    files: ownFiles, clock: options.now.map { Clock.fixed($0) } ?? .system, output: sessionOutput ?? recordedOutput,
    history: history, style: style, interruptRequested: { Signals.stopRequested }, restoringDraft: !oneShot,
    namedFiles: namedFiles, inputs: inputs, terminalWidth: { plainForTheRecording ? 80 : environment.outputWidth() })

var editLineReader: EditLineReader?
if interactive {
    let weights = session.weights
    let habits = session.habitLog
    let sources = CompletionSources(
        entryIDs: { MainActor.assumeIsolated { weights.entries.map(\.id) } },
        habitNames: { MainActor.assumeIsolated { habits.habits.map(\.name) } },
        kindWords: { MainActor.assumeIsolated { weights.kinds.all.map(\.word) } })
    editLineReader = EditLineReader(previousLines: history?.entries ?? [], completer: Completer(sources: sources))
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
    reader = DescriptorLineReader(watchesSignals: true, beforeWaiting: { MainActor.assumeIsolated { output.flush() } })
}
if let recorder {
    reader = RecordingLineReader(reader: reader, recorder: recorder, echo: options.echo ? output : nil)
}
// A piped run writes a draft change with the next command when its next line is already
// read; its output waits for the draft file (Session.writeWaitingDraft). Not with --bail,
// which stops at the command whose write failed, nor with --echo, whose transcript shows each
// command's errors right after its line.
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

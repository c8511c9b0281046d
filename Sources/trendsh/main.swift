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
if !options.checkFiles.isEmpty {
    let status = await TranscriptChecker(output: output, permissions: namedFiles).check(
        files: options.checkFiles, update: options.updateTranscripts)
    output.flush()
    exit(output.failure == nil ? status.rawValue : ExitStatus.failure.rawValue)
}

umask(0o077)
// A closed output pipe (`trendsh ... | head`) is an error on write, not a reason to die.
signal(SIGPIPE, SIG_IGN)
let interactive = environment.isInteractive
Signals.install(interactive: interactive)
guard let storePath = options.storePath ?? environment.defaultStorePath else {
    exitWithUsageError(Messages.noStoreFolder)
}
if options.storePath == nil, let directory = environment.dataDirectory {
    // A folder that can't be created is the store's error to report (its features' commands
    // say so); help, settings and the rest keep working.
    _ = makePrivateDirectory(directory)
}

var history: HistoryFile?
if interactive, !options.noHistory, let path = environment.historyPath, let directory = environment.stateDirectory,
    makePrivateDirectory(directory)
{
    history = HistoryFile(path: path)
}

let location = StoreLocation(storePath)
let style = TerminalStyle(usesColor: environment.allowsColor, drawsUnicode: environment.drawsUnicode)
let session = Session.make(
    location: location, clock: options.now.map { Clock.fixed($0) } ?? .system, output: output, history: history,
    style: style, interruptRequested: { Signals.stopRequested }, namedFiles: namedFiles)

var editLineReader: EditLineReader?
if interactive {
    let weights = session.weights
    let habits = session.habitLog
    let sources = CompletionSources(
        entryIDs: { MainActor.assumeIsolated { weights.entries.map(\.id) } },
        habitNames: { MainActor.assumeIsolated { habits.habits.map(\.name) } })
    editLineReader = EditLineReader(previousLines: history?.entries ?? [], completer: Completer(sources: sources))
    output.write(Messages.banner(version: Options.version, store: location.description), to: .out)
}
await session.start()

var repl = REPL(
    session: session,
    reader: editLineReader
        ?? DescriptorLineReader(watchesSignals: true, beforeWaiting: { MainActor.assumeIsolated { output.flush() } }),
    output: output)
repl.echo = options.echo
repl.bail = options.bail
repl.interactive = interactive
repl.history = history
repl.pendingSignal = { interactive ? Signals.terminateSignal : Signals.endingSignal }
let ending = await repl.run()
editLineReader?.close()
session.close()
output.flush()
switch ending {
case .status(let status): exit(status.rawValue)
case .signal(let signal):
    Signals.reraise(signal)
    exit(128 + signal)
}

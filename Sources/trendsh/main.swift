import TrendKit
import TrendShell

#if canImport(Glibc)
    import Glibc
#endif

// Wiring only: read the options and environment, build the session, run, exit.

let environment = ShellEnvironment.current()
let output = StandardOutput()

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
    exitWithUsageError(error.message)
}
if options.showHelp {
    output.write(Options.helpText, to: .out)
    output.flush()
    exit(ExitStatus.success.rawValue)
}
if options.showVersion {
    output.write("trendsh \(Options.version)", to: .out)
    output.flush()
    exit(ExitStatus.success.rawValue)
}
if !options.checkFiles.isEmpty {
    let status = await TranscriptChecker(output: output).check(files: options.checkFiles)
    output.flush()
    exit(status.rawValue)
}

umask(0o077)
// A closed output pipe (`trendsh ... | head`) is an error on write, not a reason to die.
signal(SIGPIPE, SIG_IGN)
guard let storePath = options.storePath ?? environment.defaultStorePath else {
    exitWithUsageError("There is no HOME or XDG_DATA_HOME to keep the store in; choose one with --store.")
}
if options.storePath == nil, let directory = environment.dataDirectory {
    // A folder that can't be created is the weights feature's error to report (its commands
    // say so); help, settings and the rest keep working.
    _ = makePrivateDirectory(directory)
}

let interactive = environment.isInteractive
var history: HistoryFile?
if interactive, !options.noHistory, let path = environment.historyPath, let directory = environment.stateDirectory,
    makePrivateDirectory(directory)
{
    history = HistoryFile(path: path)
}

let location = StoreLocation(storePath)
let session = Session.make(
    location: location, clock: options.now.map { Clock.fixed($0) } ?? .system, output: output, history: history,
    color: environment.allowsColor, interruptRequested: { InterruptSignal.isPending })

var editLineReader: EditLineReader?
if interactive {
    let log = session.log
    editLineReader = EditLineReader(
        previousLines: history?.entries ?? [],
        completer: Completer { MainActor.assumeIsolated { log.entries.map(\.id) } })
    output.write(
        "trendsh \(Options.version). Store: \(DisplayText.escaped(location.description)). Type \"help\" for the commands.",
        to: .out)
}
await session.start()

var repl = REPL(session: session, reader: editLineReader ?? DescriptorLineReader(), output: output)
repl.echo = options.echo
repl.bail = options.bail
repl.interactive = interactive
repl.history = history
repl.colorPrompt = environment.allowsColor
let ending = await repl.run()
editLineReader?.close()
switch ending {
case .status(let status): exit(status.rawValue)
case .signal(let signal): exit(128 + signal)
}

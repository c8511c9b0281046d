import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// How a trendsh process runs, for both binaries: read the command line, secure the standard
/// descriptors, read the environment, build the session, run it, close the store, and exit
/// (or raise the signal that ended the run). `trendsh` and `trendsh-pg` differ only in the
/// server store opener they pass: none in the static trendsh, which hands a command line
/// naming a server to its companion (`Companion`), and libpq's in the companion.
@MainActor
public struct Launch {
    let descriptors: StandardDescriptors
    /// Files a person names are theirs to share: they get the mode the person's umask gives.
    /// trendsh's own files get 077, set before the session starts.
    let namedFiles: NamedFile.Permissions
    let environment: ShellEnvironment
    let output: StandardOutput
    let options: Options
    /// How this binary reaches a PostgreSQL server; nil in the static trendsh.
    let serverStores: (any ServerStoreOpener)?

    /// Runs trendsh as its command line asks, and ends the process; only this exits.
    public static func run(serverStores: (any ServerStoreOpener)?) -> Never {
        // The command line first, since reading it touches nothing: a server's URI is the
        // companion's to open, so the static trendsh hands it over before it checks a
        // descriptor or opens a file, and the companion starts as if it had been run itself.
        var parsed: Options?
        var usageError: UsageError?
        do {
            parsed = try Options.parse(
                Array(CommandLine.arguments.dropFirst()),
                environment: getenv("TRENDSH_NOW").map { ["TRENDSH_NOW": String(cString: $0)] } ?? [:])
        } catch {
            usageError = error
        }
        var companionFailure: Companion.Failure?
        if parsed?.serverStore != nil {
            if serverStores == nil {
                companionFailure = Companion.replaceProcess()
            } else {
                Companion.arrived()
            }
        }

        let descriptors = StandardDescriptors.secure()
        let startingUmask = umask(0o077)
        umask(startingUmask)
        let namedFiles = NamedFile.Permissions.fromUmask(startingUmask)
        let environment = ShellEnvironment.current()
        let output = StandardOutput(
            closedAtStart: descriptors.outputWasClosed, isTerminal: environment.stdoutIsTerminal)
        if let shown = ArgumentText.firstNotUTF8() { exitWithUsageError(Messages.argumentNotUTF8(shown), output) }
        guard let options = parsed else {
            exitWithUsageError(usageError.map(Messages.usage) ?? "", output)
        }
        if let companionFailure, let server = options.serverStore {
            output.write(
                "error: \(DisplayText.escaped(Messages.companion(companionFailure, store: server.displayed)))", to: .err
            )
            output.flush()
            exit(companionFailure.status.rawValue)
        }
        Launch(
            descriptors: descriptors, namedFiles: namedFiles, environment: environment, output: output,
            options: options, serverStores: serverStores
        ).start()
    }

    static func exitWithUsageError(_ message: String, _ output: StandardOutput) -> Never {
        output.write("error: \(DisplayText.escaped(message)) Run \"trendsh --help\" for usage.", to: .err)
        output.flush()
        exit(ExitStatus.usage.rawValue)
    }

    func exitWithUsageError(_ message: String) -> Never { Self.exitWithUsageError(message, output) }

    /// The runs that need no store, then the reminder hook, the lessons, a demo, and at last
    /// the session on the store.
    func start() -> Never {
        if descriptors.outputWasClosed {
            output.write("error: \(Messages.outputClosedAtStart)", to: .err)
            exit(ExitStatus.failure.rawValue)
        }
        if options.showHelp { printAndExit(Options.helpText) }
        if options.showVersion { printAndExit("trendsh \(Options.version)") }
        if options.showManual { printAndExit(ManualPage.text) }
        if let shell = options.completionShell { printAndExit(CompletionScript.text(for: shell)) }
        if !options.checkFiles.isEmpty { checkTranscripts() }
        if options.weighedToday { answerWeighedToday() }
        if options.settingUp { setUpServer() }

        umask(0o077)
        // A closed output pipe (`trendsh ... | head`) is an error on write, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        // `-c` and `--play` are never interactive, whatever the terminal.
        let oneShot = !options.commands.isEmpty
        let interactive = environment.isInteractive && !oneShot && options.playFile == nil
        Signals.install(interactive: interactive)
        if options.learning { learn() }
        if let playFile = options.playFile {
            end(
                TranscriptPlayer(
                    path: playFile, options: options, environment: environment, output: output,
                    permissions: namedFiles, server: lessonServer
                ).play())
        }
        runSession(interactive: interactive, oneShot: oneShot)
    }

    /// Prints `text` on standard output and exits: 0, or 1 when it could not be written.
    func printAndExit(_ text: String) -> Never {
        output.write(text, to: .out)
        output.flush()
        exit(output.failure == nil ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
    }

    /// Ends the process as the run ended: with its status, or by the signal that stopped it.
    func end(_ ending: REPL.Ending) -> Never {
        output.flush()
        switch ending {
        case .status(let status): exit(status.rawValue)
        case .signal(let signal):
            Signals.reraise(signal)
            exit(128 + signal)
        }
    }
}

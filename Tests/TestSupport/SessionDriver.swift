import TrendKit
import TrendShell

/// The tests' one way to drive trendsh in process: a `Session` on an in-memory store or on a
/// store file in a temporary directory, with the clock the test gives and its output captured.
/// Lines go through `perform` one at a time, as the REPL parses and carries them out, or
/// through `run` as a whole script that ends with the REPL's exit status. `secondSession()`
/// opens another session on the same store file, with output of its own.
///
///     let shell = SessionDriver(store: .temporaryFile, clock: Fixtures.clock)
///     #expect(shell.perform("value 75", "save") == [.succeeded, .succeeded])
///     #expect(shell.printed.hasSuffix("Saved #1: 75.0 kg on 2026-11-29 08:00.\n"))
@MainActor
public final class SessionDriver {
    /// Where the driver's store is.
    public enum StoreKind: Sendable {
        /// `:memory:`: nothing outlives the session, and no second session can share it.
        case memory
        /// `s.sqlite` in a temporary directory of the driver's own, removed with the driver.
        case temporaryFile
        /// A store file the test names.
        case file(String)
    }

    public let session: Session
    public let output: CapturedOutput
    /// The store file; nil for an in-memory store.
    public let storePath: String?
    public let clock: Clock
    /// The temporary directory the store file is in, when the driver made it.
    public let directory: TemporaryDirectory?

    /// Makes the session and starts it (it reads the store, restores a draft) unless `starting`
    /// is false.
    public init(
        store: StoreKind = .memory, clock: Clock, output: CapturedOutput = CapturedOutput(), starting: Bool = true
    ) {
        var directory: TemporaryDirectory?
        switch store {
        case .memory: storePath = nil
        case .temporaryFile:
            let made = TemporaryDirectory()
            directory = made
            storePath = made.file("s.sqlite")
        case .file(let path): storePath = path
        }
        self.directory = directory
        self.clock = clock
        self.output = output
        // Nobody named, whatever the test runner's LOGNAME: a new store's person is `me`.
        session = Session.make(
            files: OwnFiles(store: storePath.map { .file(path: $0) } ?? .memory), clock: clock, output: output,
            person: .resolve(named: nil, environment: nil))
        if starting { session.start() }
    }

    /// A new, started session on the same store file, with output of its own; the test closes it.
    public func secondSession() -> SessionDriver {
        guard let storePath else { preconditionFailure("an in-memory store cannot be shared by a second session") }
        return SessionDriver(store: .file(storePath), clock: clock)
    }

    /// Parses each line with the session's kinds and carries it out as the REPL would (a blank
    /// or comment line does nothing and has no outcome), and returns each outcome.
    @discardableResult
    public func perform(_ lines: String...) -> [Session.Outcome] { perform(lines) }

    @discardableResult
    public func perform(_ lines: [String]) -> [Session.Outcome] {
        var outcomes: [Session.Outcome] = []
        for line in lines {
            do {
                guard let command = try CommandParser.parse(line, kindWords: kindWords) else { continue }
                outcomes.append(session.perform(command))
            } catch {
                outcomes.append(session.reject(error))
            }
        }
        return outcomes
    }

    /// Runs `lines` through the REPL on this session, as a piped trendsh does, and returns how
    /// it ended (the exit status).
    public func run(_ lines: [String], echo: Bool = false, bail: Bool = false, interactive: Bool = false)
        -> REPL.Ending
    {
        run(reader: ScriptLineReader(lines: lines), echo: echo, bail: bail, interactive: interactive)
    }

    /// Runs the REPL over `reader` on this session and returns how it ended.
    public func run(reader: any LineReader, echo: Bool = false, bail: Bool = false, interactive: Bool = false)
        -> REPL.Ending
    {
        var repl = REPL(session: session, reader: reader, output: output)
        repl.echo = echo
        repl.bail = bail
        repl.interactive = interactive
        return repl.run()
    }

    /// Everything printed on standard output so far, a newline after each line.
    public var printed: String { output.text(of: .out) }
    /// Everything printed on standard error so far, a newline after each line.
    public var errors: String { output.text(of: .err) }
    /// Standard output's lines so far.
    public var stdoutLines: [String] { output.lines.filter { $0.stream == .out }.map(\.text) }
    /// Standard error's lines so far.
    public var stderrLines: [String] { output.lines.filter { $0.stream == .err }.map(\.text) }

    /// The words that name a kind this session knows (`fat`, and any a person added).
    public var kindWords: [String] { session.weights.kinds.all.map(\.word) }

    /// Closes the store.
    public func close() { session.close() }
}

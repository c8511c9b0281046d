import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a stretch of a session printed.
struct SessionOutput: Equatable, Sendable {
    var stdout = ""
    var stderr = ""

    /// How many times `text` occurs on standard error.
    func errorCount(of text: String) -> Int { stderr.ranges(of: text).count }
}

/// What a finished run printed and how it ended (128 + the signal when a signal ended it).
struct RunResult: Equatable, Sendable {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// A running trendsh that the test feeds a few lines at a time, acting on the store between
/// batches. `run` waits until the shell has carried out a batch: the shell runs with
/// `--echo`, so the echo of a `#` comment sent after the batch marks the point. Built on the
/// test support's one process runner.
final class LiveShell {
    let process: RunningProcess
    private var batches = 0

    var pid: pid_t { process.pid }

    /// Starts `trendsh` (or `program`) with piped standard streams; `echo` adds `--echo`,
    /// which `run` needs to know when a batch is done.
    init(arguments: [String], environment: [String: String], echo: Bool = true, program: String? = nil) {
        let argv = [program ?? TrendshProcess.binaryPath] + (echo ? ["--echo"] : []) + arguments
        process = TrendshProcess.start(argv, environment: environment)
    }

    /// Runs trendsh (or `program`) with `input` on its standard input and waits for it to end.
    static func run(arguments: [String], input: String, environment: [String: String], program: String? = nil)
        -> RunResult
    {
        let shell = LiveShell(arguments: arguments, environment: environment, echo: false, program: program)
        shell.send(input)
        let end = shell.finish()
        return RunResult(stdout: end.output.stdout, stderr: end.output.stderr, status: end.status)
    }

    /// Sends `lines`, waits until the shell has carried out every one, and returns what they printed.
    @discardableResult
    func run(_ lines: [String]) throws -> SessionOutput {
        batches += 1
        let output: (stdout: String, stderr: String)
        do {
            output = try process.carryOut(lines.map { $0 + "\n" }.joined(), marker: "batch \(batches) done")
        } catch {
            switch error {
            case .ended(let output):
                throw LiveShellError.ended(SessionOutput(stdout: output.stdout, stderr: output.stderr))
            case .silent(let output):
                throw LiveShellError.noAnswer(SessionOutput(stdout: output.stdout, stderr: output.stderr))
            }
        }
        return SessionOutput(stdout: output.stdout, stderr: output.stderr)
    }

    /// Writes lines to the shell's input without waiting for it.
    func send(_ lines: [String]) {
        send(lines.map { $0 + "\n" }.joined())
    }

    /// Writes text to the shell's input without waiting for it.
    func send(_ text: String) { process.send(text) }

    /// Waits until the shell has printed anything on standard output.
    func waitForFirstOutput() throws {
        do {
            try process.readUntil { !$0.stdoutSoFar.isEmpty }
        } catch {
            throw LiveShellError.ended(SessionOutput())
        }
    }

    /// Closes the shell's input: it ends once it has read everything sent.
    func closeInput() { process.closeInput() }

    /// Ends the session: closes its input (or kills it with `signal`), reads what is left, reaps it.
    /// Returns the output not yet returned by `run` and the exit status (128 + signal when killed).
    @discardableResult
    func finish(killingWith signal: Int32? = nil) -> (output: SessionOutput, status: Int32) {
        let end = process.finish(killingWith: signal, silenceTimeout: .seconds(60))
        return (SessionOutput(stdout: end.stdout, stderr: end.stderr), end.status)
    }
}

/// The shell did not answer a batch.
enum LiveShellError: Error {
    /// Its output ended (it exited) before the batch was done.
    case ended(SessionOutput)
    /// It printed nothing more for a minute.
    case noAnswer(SessionOutput)
}

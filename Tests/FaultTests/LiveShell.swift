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
/// `--echo`, so the echo of a `#` comment sent after the batch marks the point.
final class LiveShell {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var stdout: [UInt8] = []
    private var stderr: [UInt8] = []
    private var stdoutOpen = true
    private var stderrOpen = true
    private var taken = (stdout: 0, stderr: 0)
    private var batches = 0
    private var exitStatus: Int32?

    /// Starts `trendsh` (or `program`) with piped standard streams; `echo` adds `--echo`,
    /// which `run` needs to know when a batch is done.
    init(arguments: [String], environment: [String: String], echo: Bool = true, program: String? = nil) {
        signal(SIGPIPE, SIG_IGN)
        let inputPipe = Self.closeOnExecPipe()
        let outputPipe = Self.closeOnExecPipe()
        let errorPipe = Self.closeOnExecPipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        // Pipes other tests open at the same moment without close-on-exec must not leak into
        // this child: a child holding another's input open keeps that one from ever ending.
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(closeFrom, to: AddCloseFrom.self)(&actions, 3)
        }
        let argv = [program ?? TrendshProcess.binaryPath] + (echo ? ["--echo"] : []) + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var pid: pid_t = 0
        let code = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        posix_spawn_file_actions_destroy(&actions)
        for pointer in cArguments + cEnvironment { free(pointer) }
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        precondition(code == 0, "could not start \(argv[0]): \(code)")
        self.pid = pid
        input = inputPipe[1]
        output = outputPipe[0]
        errors = errorPipe[0]
    }

    /// Runs trendsh (or `program`) with `input` on its standard input and waits for it to end.
    static func run(arguments: [String], input: String, environment: [String: String], program: String? = nil)
        -> RunResult
    {
        let shell = LiveShell(arguments: arguments, environment: environment, echo: false, program: program)
        shell.send(input)
        guard let end = try? shell.finish() else { return RunResult(stdout: "", stderr: "", status: -1) }
        return RunResult(stdout: end.output.stdout, stderr: end.output.stderr, status: end.status)
    }

    /// A pipe whose ends close on exec, made in one step so no other thread's spawn sees it
    /// half made. Glibc's `pipe2` is not imported into Swift, so it is looked up by name.
    private static func closeOnExecPipe() -> [Int32] {
        var descriptors: [Int32] = [-1, -1]
        let made: Int32
        if let symbol = dlsym(nil, "pipe2") {
            made = unsafeBitCast(symbol, to: Pipe2.self)(&descriptors, O_CLOEXEC)
        } else {
            made = pipe(&descriptors)
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        precondition(made == 0, "pipe failed: \(errno)")
        return descriptors
    }

    deinit {
        if exitStatus == nil {
            Glibc.kill(pid, SIGKILL)
            _ = try? finish()
        }
    }

    /// Sends `lines`, waits until the shell has carried out every one, and returns what they printed.
    @discardableResult
    func run(_ lines: [String]) throws -> SessionOutput {
        batches += 1
        let marker = "# batch \(batches) done"
        send(lines + [marker])
        let echo = Array("trendsh> \(marker)\n".utf8)
        try readUntil { $0.stdout.contains(echo, from: $0.taken.stdout) }
        // Anything the batch wrote to stderr was written before the marker's echo.
        readAvailable(waitingMilliseconds: 0)
        return take()
    }

    /// Writes lines to the shell's input without waiting for it.
    func send(_ lines: [String]) {
        send(lines.map { $0 + "\n" }.joined())
    }

    /// Writes text to the shell's input without waiting for it.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count, input >= 0 {
            let written = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    /// Waits until the shell has printed anything on standard output.
    func waitForFirstOutput() throws {
        try readUntil { !$0.stdout.isEmpty }
    }

    /// Closes the shell's input: it ends once it has read everything sent.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Ends the session: closes its input (or kills it with `signal`), reads what is left, reaps it.
    /// Returns the output not yet returned by `run` and the exit status (128 + signal when killed).
    @discardableResult
    func finish(killingWith signal: Int32? = nil) throws -> (output: SessionOutput, status: Int32) {
        if let signal { Glibc.kill(pid, signal) }
        closeInput()
        let deadline = ContinuousClock.now + .seconds(60)
        while stdoutOpen || stderrOpen {
            if ContinuousClock.now > deadline { Glibc.kill(pid, SIGKILL) }
            readAvailable(waitingMilliseconds: 1_000)
        }
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            close(output)
            close(errors)
        }
        return (take(), exitStatus ?? -1)
    }

    /// Everything printed so far that was not returned yet.
    private func take() -> SessionOutput {
        defer { taken = (stdout.count, stderr.count) }
        return SessionOutput(
            stdout: String(decoding: stdout[taken.stdout...], as: UTF8.self),
            stderr: String(decoding: stderr[taken.stderr...], as: UTF8.self))
    }

    /// Reads until `done` holds; a shell that ends or stays silent for a minute is an error,
    /// so a hang fails the test instead of stalling the run.
    private func readUntil(_ done: (LiveShell) -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !done(self) {
            guard stdoutOpen || stderrOpen else { throw LiveShellError.ended(take()) }
            guard ContinuousClock.now < deadline else { throw LiveShellError.noAnswer(take()) }
            readAvailable(waitingMilliseconds: 200)
        }
    }

    private func readAvailable(waitingMilliseconds timeout: Int32) {
        var wait = timeout
        while true {
            var descriptors: [pollfd] = []
            if stdoutOpen { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if stderrOpen { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            guard !descriptors.isEmpty else { return }
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            var chunk = [UInt8](repeating: 0, count: 65536)
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if descriptor.fd == output {
                    if count > 0 { stdout.append(contentsOf: chunk[0..<count]) } else { stdoutOpen = false }
                } else {
                    if count > 0 { stderr.append(contentsOf: chunk[0..<count]) } else { stderrOpen = false }
                }
            }
            wait = 0
        }
    }
}

private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

/// The shell did not answer a batch.
enum LiveShellError: Error {
    /// Its output ended (it exited) before the batch was done.
    case ended(SessionOutput)
    /// It printed nothing more for a minute.
    case noAnswer(SessionOutput)
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs at or after `start`.
    fileprivate func contains(_ needle: [UInt8], from start: Int) -> Bool {
        guard needle.count <= count - start else { return false }
        for offset in start...(count - needle.count) where self[offset] == needle[0] {
            if self[offset..<(offset + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

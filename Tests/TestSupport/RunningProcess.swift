#if canImport(Glibc)
    import Glibc
#endif

/// A started child process with piped streams: the one process runner of the tests. Read it
/// whole (`wait`) or a little at a time (`readUntil`, `take`, `finish`).
public final class RunningProcess: @unchecked Sendable {
    // Unchecked: each instance is used by one test task at a time.
    public let pid: pid_t
    private var input: Int32
    private let output: Int32
    /// Standard error's pipe; nil when it was merged into standard output.
    private let errors: Int32?
    private var stdoutBytes: [UInt8] = []
    private var stderrBytes: [UInt8] = []
    private var outputOpen = true
    private var errorsOpen: Bool
    private var taken = (stdout: 0, stderr: 0)
    private var exitStatus: Int32?

    init(pid: pid_t, input: Int32, output: Int32, errors: Int32?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        errorsOpen = errors != nil
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        if exitStatus == nil {
            Glibc.kill(pid, SIGKILL)
            _ = finish()
        }
    }

    /// Writes text to the child's stdin.
    public func send(_ text: String) { send(bytes: Array(text.utf8)) }

    /// Writes bytes to the child's stdin, UTF-8 or not.
    public func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count, input >= 0 {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Sends a signal to the child.
    public func kill(_ signal: Int32) { Glibc.kill(pid, signal) }

    /// True while the child's output is still open.
    public var isRunning: Bool { outputOpen || errorsOpen }

    /// Everything printed on standard output so far, including what was taken.
    public var stdoutSoFar: [UInt8] { stdoutBytes }
    /// Everything printed on standard error so far, including what was taken.
    public var stderrSoFar: [UInt8] { stderrBytes }
    /// Bytes of standard output already returned by `take()`.
    public var stdoutTaken: Int { taken.stdout }

    /// Reads until `done` holds. Throws when the child ends first, or prints nothing more
    /// for `silence`, so a hang fails the test instead of stalling the run.
    public func readUntil(silence: Duration = .seconds(60), _ done: (RunningProcess) -> Bool) throws(ProcessStalled) {
        let deadline = ContinuousClock.now + silence
        while !done(self) {
            guard isRunning else { throw .ended(take()) }
            guard ContinuousClock.now < deadline else { throw .silent(take()) }
            readAvailable(waitingMilliseconds: 200)
        }
    }

    /// The running child's peak resident set so far, in KiB: VmHWM from /proc, which counts
    /// only what the child's own program touched. (`wait4`'s `ru_maxrss` is no use here: on
    /// Linux it keeps the peak of the test process the child was spawned from, which is
    /// larger than anything measured while the whole suite runs.)
    public func peakResidentKilobytesSoFar() -> Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("VmHWM:") else { continue }
            return Int(text.dropFirst(6).filter(\.isNumber))
        }
        return nil
    }

    /// Reads whatever the child has written, waiting at most `timeout` for the first bytes.
    public func readAvailable(waitingMilliseconds timeout: Int32) {
        var wait = timeout
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var descriptors: [pollfd] = []
            if outputOpen { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if errorsOpen, let errors { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            guard !descriptors.isEmpty else { return }
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if descriptor.fd == output {
                    if count > 0 { stdoutBytes.append(contentsOf: chunk[0..<count]) } else { outputOpen = false }
                } else {
                    if count > 0 { stderrBytes.append(contentsOf: chunk[0..<count]) } else { errorsOpen = false }
                }
            }
            wait = 0
        }
    }

    /// Everything printed so far that was not taken yet.
    public func take() -> (stdout: String, stderr: String) {
        defer { taken = (stdoutBytes.count, stderrBytes.count) }
        return (
            String(decoding: stdoutBytes[taken.stdout...], as: UTF8.self),
            String(decoding: stderrBytes[taken.stderr...], as: UTF8.self)
        )
    }

    /// Closes the input (or first sends `signal`), reads the rest, and reaps the child. A
    /// child that stays silent with its streams open for `silenceTimeout` is killed. Returns
    /// what was not taken yet and the exit status (128 + the signal when a signal ended it).
    @discardableResult
    public func finish(killingWith signal: Int32? = nil, silenceTimeout: Duration = .seconds(120)) -> ProcessResult {
        if let signal {
            Glibc.kill(pid, signal)
            // Let the signal act before the input ends, so the child does not meet the end
            // of its input first and end for that reason instead.
            let deadline = ContinuousClock.now + .seconds(10)
            while isRunning && ContinuousClock.now < deadline { readAvailable(waitingMilliseconds: 100) }
        }
        closeInput()
        var lastProgress = ContinuousClock.now
        while isRunning {
            let before = stdoutBytes.count + stderrBytes.count
            readAvailable(waitingMilliseconds: 500)
            if stdoutBytes.count + stderrBytes.count != before {
                lastProgress = .now
            } else if ContinuousClock.now - lastProgress > silenceTimeout {
                Glibc.kill(pid, SIGKILL)
                lastProgress = .now
            }
        }
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            close(output)
            if let errors { close(errors) }
        }
        let rest = take()
        return ProcessResult(stdout: rest.stdout, stderr: rest.stderr, status: exitStatus ?? -1)
    }

    /// Sends `text` to a trendsh started with `--echo`, then the comment `marker`, and waits
    /// for the echo of the comment: every line before it has then been carried out. Returns
    /// what those lines printed (standard error included, all of it written before the echo).
    /// The one way the tests that feed a live session a batch at a time know it is done.
    public func carryOut(_ text: String, marker: String, silence: Duration = .seconds(60)) throws(ProcessStalled)
        -> (stdout: String, stderr: String)
    {
        send(text + "# " + marker + "\n")
        let echo = Array("trendsh> # \(marker)\n".utf8)
        try readUntil(silence: silence) { $0.stdoutSoFar.contains(echo, from: $0.stdoutTaken) }
        readAvailable(waitingMilliseconds: 0)
        return take()
    }

    /// Reads the pipes to their end, then reaps the child.
    public func wait(silenceTimeout: Duration = .seconds(120)) -> ProcessResult {
        finish(silenceTimeout: silenceTimeout)
    }
}

/// A child process did not print what a test waited for.
public enum ProcessStalled: Error {
    /// Its output ended (it exited) first; what it printed since the last take.
    case ended((stdout: String, stderr: String))
    /// It printed nothing more for too long.
    case silent((stdout: String, stderr: String))
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs at or after `start`.
    public func contains(_ needle: [UInt8], from start: Int) -> Bool {
        guard needle.count <= count - start else { return false }
        for offset in start...(count - needle.count) where self[offset] == needle[0] {
            if self[offset..<(offset + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// A started child process with piped streams.
public final class RunningProcess: @unchecked Sendable {
    // Unchecked: each instance is used by one test task at a time.
    public let pid: pid_t
    private var input: Int32
    private let output: Int32
    /// Standard error's pipe; nil when it was merged into standard output.
    private let errors: Int32?

    init(pid: pid_t, input: Int32, output: Int32, errors: Int32?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes text to the child's stdin.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
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

    /// Reads the pipes to their end, then reaps the child. A child whose streams stay open
    /// with nothing on them for `silenceTimeout` is stuck: it is killed, so the test fails
    /// with status 137 instead of hanging the run.
    public func wait(silenceTimeout: Duration = .seconds(120)) -> ProcessResult {
        closeInput()
        let timeout = Int32(clamping: Int64(silenceTimeout / .milliseconds(1)))
        var collected: [Int32: [UInt8]] = [:]
        var open = [output] + (errors.map { [$0] } ?? [])
        for descriptor in open { collected[descriptor] = [] }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                kill(SIGKILL)
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[descriptor.fd]!.append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        close(output)
        if let errors { close(errors) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            stdout: String(decoding: collected[output]!, as: UTF8.self),
            stderr: errors.map { String(decoding: collected[$0]!, as: UTF8.self) } ?? "", status: exitStatus)
    }
}

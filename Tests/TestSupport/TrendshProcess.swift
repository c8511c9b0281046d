import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished trendsh process printed and how it ended.
public struct ProcessResult: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    /// The exit status, or 128 + the signal number when a signal ended it.
    public var status: Int32
}

/// Runs the built `trendsh` binary (or any program) with piped standard streams.
public enum TrendshProcess {
    /// The `trendsh` built beside the test bundle.
    public static var binaryPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        return directory + "/trendsh"
    }

    /// A child environment: HOME and the XDG folders inside `home`, a fixed time zone, and
    /// whatever `extra` adds. Nothing from the test runner's own environment leaks in
    /// except PATH.
    public static func environment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        var variables = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "TZ": "UTC",
            "PATH": String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin")),
        ]
        for (key, value) in extra { variables[key] = value }
        return variables
    }

    /// Runs `trendsh` with `arguments`, feeding `input` on stdin, and waits for it to end.
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String], program: String? = nil
    ) -> ProcessResult {
        let child = start([program ?? binaryPath] + arguments, environment: environment)
        child.send(input)
        child.closeInput()
        return child.wait()
    }

    /// Starts a process whose stdin, stdout and stderr are pipes.
    public static func start(_ argv: [String], environment: [String: String]) -> RunningProcess {
        // Tests run in parallel: one lock around creating the pipes and spawning, and every
        // pipe end close-on-exec, so no child inherits another test's pipe and waits forever.
        spawnLock.withLock { _ in startLocked(argv, environment: environment) }
    }

    private static let spawnLock = Mutex(())

    private static func startLocked(_ argv: [String], environment: [String: String]) -> RunningProcess {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0 && pipe(&errors) == 0, "pipe failed")
        for descriptor in input + output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in input + output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var pid: pid_t = 0
        let code = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        posix_spawn_file_actions_destroy(&actions)
        for argument in cArguments { free(argument) }
        for variable in cEnvironment { free(variable) }
        close(input[0])
        close(output[1])
        close(errors[1])
        precondition(code == 0, "could not start \(argv[0]): \(code)")
        return RunningProcess(pid: pid, input: input[1], output: output[0], errors: errors[0])
    }
}

/// A started child process with piped streams.
public final class RunningProcess: @unchecked Sendable {
    // Unchecked: each instance is used by one test task at a time.
    public let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32

    init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
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

    /// Reads both pipes to their end, then reaps the child.
    public func wait() -> ProcessResult {
        closeInput()
        var collected: [Int32: [UInt8]] = [output: [], errors: []]
        var open = [output, errors]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), 120_000) > 0 else {
                kill(SIGKILL)  // silent for two minutes: a hung child must not hang the suite
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[descriptor.fd]!.append(contentsOf: chunk[0..<count])
                } else {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        close(output)
        close(errors)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            stdout: String(decoding: collected[output]!, as: UTF8.self),
            stderr: String(decoding: collected[errors]!, as: UTF8.self), status: exitStatus)
    }
}

/// A directory under /tmp, removed with everything in it when released.
public final class TemporaryDirectory: @unchecked Sendable {
    // Unchecked: the path is immutable after init.
    public let path: String

    public init() {
        var template = Array("/tmp/trendsh-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else { preconditionFailure("mkdtemp failed") }
        path = made
    }

    deinit {
        let command = "rm -rf '\(path)'"
        _ = system(command)
    }

    /// A path inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }
}

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
    /// except PATH and the sanitizer settings `make sanitize` gives the run, so that a
    /// sanitized trendsh child writes its reports where the run looks for them.
    public static func environment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        var variables = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "TZ": "UTC",
            "PATH": String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin")),
        ]
        for name in sanitizerVariables {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        for (key, value) in extra { variables[key] = value }
        return variables
    }

    /// The variables `make sanitize` sets for the test run (see the Makefile).
    static let sanitizerVariables = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "TRENDSH_SANITIZER"]

    /// The sanitizer the tests and the trendsh they start were built with, when `make
    /// sanitize` runs them: "address" or "thread". A test that measures memory skips that
    /// check under a sanitizer, whose shadow memory and quarantine are not trendsh's.
    public static var sanitizer: String? { getenv("TRENDSH_SANITIZER").map { String(cString: $0) } }

    /// Runs `trendsh` (or `program`) with `arguments`, feeding `input` on stdin, and waits for
    /// it to end. `directory` is the child's working directory; `mergingErrors` sends its
    /// standard error into standard output, so the result holds both in the order they were
    /// written (and an empty `stderr`).
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String], program: String? = nil,
        directory: String? = nil, mergingErrors: Bool = false, streams: StreamChanges = StreamChanges()
    ) -> ProcessResult {
        let child = start(
            [program ?? binaryPath] + arguments, environment: environment, directory: directory,
            mergingErrors: mergingErrors, streams: streams)
        child.send(input)
        child.closeInput()
        return child.wait()
    }

    /// Starts a process whose stdin, stdout and stderr are pipes (stdout and stderr one pipe
    /// when `mergingErrors`), in `directory` when one is given.
    public static func start(
        _ argv: [String], environment: [String: String], directory: String? = nil, mergingErrors: Bool = false,
        streams: StreamChanges = StreamChanges()
    ) -> RunningProcess {
        // Tests run in parallel: one lock around creating the pipes and spawning, and every
        // pipe end close-on-exec, so no child inherits another test's pipe and waits forever.
        spawnLock.withLock { _ in
            startLocked(
                argv, environment: environment, directory: directory, mergingErrors: mergingErrors, streams: streams)
        }
    }

    /// Standard streams the child gets instead of the test's pipes: closed, or a file.
    public struct StreamChanges: Sendable {
        public enum Change: Sendable {
            /// The descriptor is closed when the child starts.
            case closed
            /// The descriptor is this file, opened for writing (or reading for standard input).
            case file(String)
        }

        public var input: Change?
        public var output: Change?
        public var error: Change?

        public init(input: Change? = nil, output: Change? = nil, error: Change? = nil) {
            self.input = input
            self.output = output
            self.error = error
        }
    }

    private static let spawnLock = Mutex(())

    private static func startLocked(
        _ argv: [String], environment: [String: String], directory: String?, mergingErrors: Bool,
        streams: StreamChanges
    ) -> RunningProcess {
        let input = closeOnExecPipe()
        let output = closeOnExecPipe()
        let errors = mergingErrors ? nil : closeOnExecPipe()
        let ends = input + output + (errors ?? [])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, (errors ?? output)[1], 2)
        for descriptor in ends { posix_spawn_file_actions_addclose(&actions, descriptor) }
        for (descriptor, change) in [(Int32(0), streams.input), (1, streams.output), (2, streams.error)] {
            switch change {
            case .closed: posix_spawn_file_actions_addclose(&actions, descriptor)
            case .file(let path):
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, path, descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case nil: break
            }
        }
        if let directory {
            precondition(
                directory.withCString { addChdir(&actions, $0) } == 0, "could not arrange to start in \(directory)")
        }
        // As a shell starts a program: no signal blocked, and the ones trendsh handles at
        // their defaults, whatever the test runner's thread has blocked or ignored.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var pid: pid_t = 0
        let code = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        posix_spawnattr_destroy(&attributes)
        posix_spawn_file_actions_destroy(&actions)
        for argument in cArguments { free(argument) }
        for variable in cEnvironment { free(variable) }
        close(input[0])
        close(output[1])
        if let errors { close(errors[1]) }
        precondition(code == 0, "could not start \(argv[0]): \(code)")
        return RunningProcess(pid: pid, input: input[1], output: output[0], errors: errors?[0])
    }

    /// `pipe2(descriptors, O_CLOEXEC)`: both ends are close-on-exec from the start, with no
    /// moment in which a spawn outside the lock could inherit them. Glibc declares `pipe2`
    /// only under `_GNU_SOURCE`, which Swift's Glibc module does not set, so it is looked up.
    private static func closeOnExecPipe() -> [Int32] {
        var descriptors: [Int32] = [-1, -1]
        let made = descriptors.withUnsafeMutableBufferPointer { pipe2($0.baseAddress, O_CLOEXEC) }
        precondition(made == 0, "pipe2 failed: errno \(errno)")
        return descriptors
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32

    private static let pipe2: Pipe2 = {
        guard let symbol = dlsym(nil, "pipe2") else { preconditionFailure("the C library has no pipe2") }
        return unsafeBitCast(symbol, to: Pipe2.self)
    }()

    /// `posix_spawn_file_actions_addchdir_np`, looked up for the same reason as `pipe2`.
    private static let addChdir: AddChdir = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            preconditionFailure("the C library has no posix_spawn_file_actions_addchdir_np")
        }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()
}

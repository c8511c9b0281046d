#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with piped standard streams, like `TrendshProcess.run`, but with every
/// pipe opened close-on-exec. The suites here start many processes at once; a pipe end
/// without close-on-exec is inherited by whichever child another test starts meanwhile, and
/// two children holding each other's standard input open wait for end of input forever.
enum PipedProcess {
    /// What a finished process printed and how it ended.
    struct Result: Equatable {
        var stdout: String
        var stderr: String
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
    }

    /// Runs `argv` with `input` on standard input and waits for it to end.
    static func run(_ argv: [String], input: String, environment: [String: String]) -> Result {
        var stdin: [Int32] = [-1, -1]
        var stdout: [Int32] = [-1, -1]
        var stderr: [Int32] = [-1, -1]
        precondition(
            makePipe(&stdin) == 0 && makePipe(&stdout) == 0 && makePipe(&stderr) == 0, "pipe2 failed: errno \(errno)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        close(stdin[0])
        close(stdout[1])
        close(stderr[1])
        precondition(spawned == 0, "could not start \(argv[0]): \(spawned)")

        signal(SIGPIPE, SIG_IGN)
        let bytes = Array(input.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(stdin[1], $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        close(stdin[1])

        let (out, err, ended) = readToEnd(stdout[0], stderr[0])
        // A child silent for two minutes with its streams still open is stuck: end it so the
        // test fails with status 137 instead of hanging the run.
        if !ended { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            status: exitStatus)
    }

    /// Reads both descriptors until each reports end of file, then closes them; `ended` is
    /// false when nothing arrived for two minutes first.
    private static func readToEnd(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8], ended: Bool) {
        var collected: [Int32: [UInt8]] = [first: [], second: []]
        var open = [first, second]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 120_000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[descriptor.fd, default: []] += chunk[0..<count]
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        close(first)
        close(second)
        return (collected[first] ?? [], collected[second] ?? [], open.isEmpty)
    }

    /// `pipe2(descriptors, O_CLOEXEC)`: both ends are close-on-exec from the start, with no
    /// moment in which another thread's spawn could inherit them. Glibc declares `pipe2` only
    /// under `_GNU_SOURCE`, which Swift's Glibc module does not set, so it is looked up.
    private static func makePipe(_ descriptors: inout [Int32]) -> Int32 {
        descriptors.withUnsafeMutableBufferPointer { pipe2Function($0.baseAddress, O_CLOEXEC) }
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

    private static let pipe2Function: Pipe2 = {
        guard let symbol = dlsym(nil, "pipe2") else { preconditionFailure("the C library has no pipe2") }
        return unsafeBitCast(symbol, to: Pipe2.self)
    }()
}

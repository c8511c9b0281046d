import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built `trendsh` running in a pseudo-terminal of its own, as if a person sat at it:
/// it is the session leader and the terminal is its controlling terminal, so Ctrl-C typed
/// here reaches it as SIGINT. Tests type keys and wait for what the screen shows.
final class PseudoTerminal {
    /// Keys as a terminal sends them.
    enum Key: String {
        case enter = "\r"
        case tab = "\t"
        case backspace = "\u{7F}"
        case up = "\u{1B}[A"
        case left = "\u{1B}[D"
        case controlA = "\u{1}"
        case controlC = "\u{3}"
        case controlD = "\u{4}"
        case controlU = "\u{15}"
    }

    /// A wait that ran out: says what was awaited and shows the screen.
    struct Timeout: Error, CustomStringConvertible {
        var awaited: String
        var screen: String
        var description: String { "Waited for \(awaited), but the screen shows:\n\(screen)" }
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export (it is a GNU
    /// extension): the child calls setsid() before its file actions run.
    private static let spawnSetSID: Int32 = 0x80

    let pid: pid_t
    let columns: Int
    private let master: Int32
    /// Everything the program wrote to the terminal, escape codes and all.
    private(set) var output: [UInt8] = []
    private var exitStatus: Int32?

    /// The terminal modes the pseudo-terminal had before `trendsh` started.
    let modesAtStart: termios

    /// Starts `trendsh` with `arguments` and exactly `environment` in a terminal
    /// `columns` wide.
    init(arguments: [String] = [], environment: [String: String], columns: Int = 200, rows: Int = 50) throws {
        self.columns = columns
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw SpawnError(step: "openpty") }
        // Other tests spawn processes concurrently; keep these descriptors out of them.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        var nameBuffer = [CChar](repeating: 0, count: 128)
        let named = ttyname_r(slave, &nameBuffer, nameBuffer.count)
        close(slave)
        guard named == 0 else {
            close(master)
            throw SpawnError(step: "ttyname_r")
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var modes = termios()
        tcgetattr(master, &modes)
        modesAtStart = modes
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

        // The child starts a session, then opens the terminal by name: being a session
        // leader without a terminal, it takes this one as its controlling terminal.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, nameBuffer, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner's threads block and ignore signals; the child must not inherit that.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGWINCH] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let program = TrendshProcess.binaryPath
        let cArguments = ([program] + arguments).map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in cArguments + cEnvironment { free(string) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, program, &actions, &attributes, cArguments, cEnvironment)
        guard code == 0 else {
            close(master)
            throw SpawnError(step: "posix_spawn \(program): error \(code)")
        }
        self.pid = pid
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        close(master)
    }

    /// The screen as a person would see it now.
    var screen: TerminalScreen { TerminalScreen(rendering: output, columns: columns) }

    /// The output so far as text, escape codes included.
    var rawText: String { String(decoding: output, as: UTF8.self) }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) async {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, min($0.count, 256)) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                return
            } else {
                drain()
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    func press(_ key: Key) async { await type(key.rawValue) }

    /// Types `line` and Enter.
    func enter(_ line: String) async { await type(line + Key.enter.rawValue) }

    /// Waits until `condition` holds for the screen, up to `timeout`.
    func waitFor(
        _ awaited: @autoclosure () -> String, timeout: Duration = .seconds(10),
        _ condition: (TerminalScreen) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if condition(screen) { return }
            guard ContinuousClock.now < deadline else { throw Timeout(awaited: awaited(), screen: screen.text) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Like `waitFor`, but blocks the thread instead of suspending, for the few steps that must
    /// follow one another without other tests running in between.
    func waitHoldingTheThread(
        _ awaited: @autoclosure () -> String, timeout: Duration = .seconds(10),
        _ condition: (TerminalScreen) -> Bool
    ) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if condition(screen) { return }
            guard ContinuousClock.now < deadline else { throw Timeout(awaited: awaited(), screen: screen.text) }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
    }

    /// Waits until `text` appears on the screen more often than it does now, after `action`.
    func waitForNew(_ text: String, after action: () async -> Void) async throws {
        drain()
        let before = screen.count(of: text)
        await action()
        try await waitFor("\"\(text)\" to appear") { $0.count(of: text) > before }
    }

    /// Waits for a fresh prompt: the cursor right after `prompt` on an otherwise empty line,
    /// and libedit reading keys. libedit prints the prompt before it switches the terminal
    /// out of line mode, and keys typed in between would be echoed twice, as in any shell.
    func waitForPrompt(_ prompt: String) async throws {
        try await waitFor("the prompt \"\(prompt)\"") {
            $0.textBeforeCursor == prompt && $0.cursorLine == prompt.trimmingTrailingSpaces && isReadingKeys
        }
    }

    /// Whether the terminal is in libedit's key-by-key mode, as it is while a line is read.
    var isReadingKeys: Bool { currentModes().c_lflag & tcflag_t(ICANON) == 0 }

    /// Types `line` and Enter, then waits for `output` and the prompt that follows it.
    func run(_ line: String, expecting output: String, prompt: String) async throws {
        try await waitForNew(output) { await enter(line) }
        try await waitForPrompt(prompt)
    }

    /// Sends a signal to `trendsh`.
    func send(signal: Int32) { Glibc.kill(pid, signal) }

    /// Whether `trendsh` is still running.
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        reap(options: WNOHANG)
        return exitStatus == nil
    }

    /// Waits for `trendsh` to end; its exit status, or 128 + the signal that ended it.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            reap(options: WNOHANG)
            if let exitStatus {
                drain()
                return exitStatus
            }
            guard ContinuousClock.now < deadline else { throw Timeout(awaited: "trendsh to exit", screen: screen.text) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until `trendsh` has stopped (SIGSTOP).
    func waitUntilStopped(timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, WUNTRACED | WNOHANG) } while result == -1 && errno == EINTR
            if result == pid && (status & 0xff) == 0x7f { return }
            guard ContinuousClock.now < deadline else { throw Timeout(awaited: "trendsh to stop", screen: screen.text) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Sets the terminal's modes, as a shell does when it takes the terminal back.
    func setModes(_ modes: termios) {
        var modes = modes
        tcsetattr(master, TCSANOW, &modes)
    }

    /// The terminal's modes now (the master reports the terminal side's settings).
    func currentModes() -> termios {
        var modes = termios()
        tcgetattr(master, &modes)
        return modes
    }

    private func reap(options: Int32) {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, options) } while result == -1 && errno == EINTR
        guard result == pid else { return }
        exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Reads whatever the program has written so far, without waiting.
    private func drain() {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output.append(contentsOf: chunk[0..<count])
        }
    }
}

/// The pseudo-terminal or the child could not be set up.
struct SpawnError: Error, CustomStringConvertible {
    var step: String
    var description: String { "Could not start trendsh in a pseudo-terminal: \(step) failed." }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}

/// Whether two sets of terminal modes agree on everything line editing changes.
func sameLineDiscipline(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    let controlCharactersAgree = withUnsafeBytes(of: &a.c_cc) { left in
        withUnsafeBytes(of: &b.c_cc) { right in left.elementsEqual(right) }
    }
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag
        && controlCharactersAgree
}

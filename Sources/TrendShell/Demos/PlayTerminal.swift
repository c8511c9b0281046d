#if canImport(Glibc)
    import Glibc
#endif

/// The terminal a transcript is played on. Keys are read one at a time and not echoed, so
/// pressing Enter does not move the screen; Ctrl-C still sends SIGINT. Text is written to
/// standard output directly, a character at a time for the typing effect. Every wait ends
/// early when a signal asks the run to end.
@MainActor
public final class PlayTerminal {
    /// The modes standard input had, restored by `restore()`; nil when it is no terminal.
    private var savedModes: termios?
    /// True once standard input has ended: there are no more keys to wait for.
    private var keysEnded = false
    /// How long to wait instead of waiting for Enter when no key can come.
    private let pauseWithoutKeys: Int

    /// - Parameters:
    ///   - keysFromTerminal: standard input is a terminal, whose modes are changed and restored.
    ///   - pauseWithoutKeys: milliseconds to wait for "Enter" once standard input has ended.
    public init(keysFromTerminal: Bool, pauseWithoutKeys: Int) {
        self.pauseWithoutKeys = pauseWithoutKeys
        var modes = termios()
        if keysFromTerminal, tcgetattr(STDIN_FILENO, &modes) == 0 { savedModes = modes }
        takeKeys()
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard var modes = savedModes else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        savedModes = nil
    }

    /// Writes `text` now (the caller flushes buffered output first).
    public func write(_ text: String) {
        StandardOutput.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Waits `milliseconds`; returns the signal that cut the wait short, if one did.
    public func pause(_ milliseconds: Int) -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while true {
            if let signal = Signals.endingSignal { return signal }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            _ = poll(nil, 0, Self.slice(left))
        }
    }

    /// Waits for Enter, or for `limit` milliseconds when one is given (then Enter only cuts
    /// the wait short). Keys pressed before the wait do not count. Returns the signal that
    /// ended the wait, if one did.
    public func waitForEnter(limit: Int?) -> Int32? {
        takeKeys()
        if savedModes != nil { tcflush(STDIN_FILENO, TCIFLUSH) }
        let deadline = (limit ?? (keysEnded ? pauseWithoutKeys : nil)).map { ContinuousClock.now + .milliseconds($0) }
        while true {
            if let signal = Signals.endingSignal { return signal }
            let left = deadline.map { $0 - ContinuousClock.now } ?? .milliseconds(50)
            guard left > .zero else { return nil }
            if keysEnded {
                if deadline == nil { return pause(pauseWithoutKeys) }
                _ = poll(nil, 0, Self.slice(left))
                continue
            }
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Self.slice(left)) > 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                keysEnded = true
                continue
            }
            if bytes[0..<count].contains(where: { $0 == 0x0D || $0 == 0x0A }) { return nil }
        }
    }

    /// Key by key, without echo, signals kept; again before each wait, since a shell that
    /// stopped and continued trendsh (Ctrl-Z, `fg`) sets its own modes meanwhile.
    private func takeKeys() {
        guard var modes = savedModes else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &modes.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    /// At most 50 ms at a time, so a signal ends a wait promptly.
    private static func slice(_ left: Duration) -> Int32 {
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(max(1, min(50, milliseconds)))
    }
}

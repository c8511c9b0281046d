#if canImport(Glibc)
    import Glibc
#endif

/// The state of one wait for another program's lock: short sleeps up to the timeout, given up
/// early when a signal asks (Ctrl-C, SIGTERM, SIGHUP). Used only from the store's thread: the
/// busy callback runs inside a statement the store is executing.
///
/// Within one command (`beginCommand` … `endCommand`) the lock is waited for once: when a
/// wait has run out, the command's later reads and writes give up at once, so a command that
/// reads several features still waits the timeout, not once per feature. While waiting is
/// off (`withoutWaiting`), a held lock is given up at once and noted in `metLock`.
final class BusyWait {
    let timeout: Duration
    let interruptRequested: @Sendable () -> Bool
    private var startedAt = ContinuousClock.now
    private(set) var wasInterrupted = false
    /// True between `beginCommand` and `endCommand`.
    private var inCommand = false
    /// True once a wait ran out during the current command.
    private(set) var commandGaveUp = false
    /// False while waiting is off.
    private var waits = true
    /// True when a lock was met while waiting was off.
    private(set) var metLock = false

    init(timeout: Duration, interruptRequested: @escaping @Sendable () -> Bool) {
        self.timeout = timeout
        self.interruptRequested = interruptRequested
    }

    /// Starts the wait of one read or write.
    func start() {
        startedAt = .now
        wasInterrupted = false
        if !inCommand { commandGaveUp = false }
    }

    func beginCommand() {
        inCommand = true
        commandGaveUp = false
    }

    func endCommand() {
        inCommand = false
        commandGaveUp = false
    }

    /// Turns waiting off (`false`) or on again, and clears `metLock` when turning it off.
    func setWaiting(_ on: Bool) {
        waits = on
        if !on { metLock = false }
    }

    func shouldKeepWaiting() -> Bool {
        if interruptRequested() {
            wasInterrupted = true
            return false
        }
        guard waits else {
            metLock = true
            return false
        }
        guard !commandGaveUp else { return false }
        guard ContinuousClock.now - startedAt < timeout else {
            commandGaveUp = inCommand
            return false
        }
        usleep(10_000)
        return true
    }
}

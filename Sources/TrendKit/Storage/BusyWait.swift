#if canImport(Glibc)
    import Glibc
#endif

/// The state of one wait for another program's lock: short sleeps up to the timeout, given up
/// early when a signal asks (Ctrl-C, SIGTERM, SIGHUP). Used only from the store's thread: the
/// busy callback runs inside a statement the store is executing.
final class BusyWait {
    let timeout: Duration
    let interruptRequested: @Sendable () -> Bool
    private var startedAt = ContinuousClock.now
    private(set) var wasInterrupted = false

    init(timeout: Duration, interruptRequested: @escaping @Sendable () -> Bool) {
        self.timeout = timeout
        self.interruptRequested = interruptRequested
    }

    func start() {
        startedAt = .now
        wasInterrupted = false
    }

    func shouldKeepWaiting() -> Bool {
        if interruptRequested() {
            wasInterrupted = true
            return false
        }
        guard ContinuousClock.now - startedAt < timeout else { return false }
        usleep(10_000)
        return true
    }
}

import CEditShim

#if canImport(Glibc)
    import Glibc
#endif

/// The signals trendsh handles, for piped and interactive runs alike. SIGINT, SIGTERM and
/// SIGHUP set flags (and wake a waiting reader) instead of killing the process, so a lock
/// wait is abandoned, a running commit finishes, the draft is kept, the store is closed, and
/// only then is the signal raised again for the parent to see.
public enum Signals {
    /// Installs the handlers; `interactive` says Ctrl-C clears a line rather than ending the run.
    public static func install(interactive: Bool) {
        trendsh_install_signal_handlers(interactive ? 1 : 0)
    }

    /// SIGTERM or SIGHUP, when one has arrived.
    public static var terminateSignal: Int32? {
        let signal = trendsh_terminate_signal()
        return signal == 0 ? nil : signal
    }

    /// True when Ctrl-C (SIGINT) has arrived and not been cleared.
    public static var interruptPending: Bool { trendsh_interrupt_pending() != 0 }

    /// True when a store wait should stop: any of the three signals has arrived.
    public static var stopRequested: Bool { interruptPending || terminateSignal != nil }

    /// The signal that ends a piped run: SIGTERM, SIGHUP, or SIGINT.
    public static var endingSignal: Int32? { terminateSignal ?? (interruptPending ? SIGINT : nil) }

    /// Waits until `descriptor` can be read; false when a signal arrived first.
    static func waitReadable(_ descriptor: Int32) -> Bool { trendsh_wait_readable(descriptor) != 0 }

    /// Restores the default action and raises `signal`, so the parent sees how trendsh ended.
    public static func reraise(_ signal: Int32) { trendsh_reraise(signal) }
}

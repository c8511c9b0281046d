import Synchronization

/// Cancels a statement on the server when the person presses Ctrl-C while it runs: libpq's
/// calls block until the server replies, so a watcher beside the call polls the session's
/// interrupt flag (set by the signal's handler) and, once it is set, sends `PQcancel` through
/// the connection's cancel handle. The statement then fails with SQLSTATE 57014
/// (`PostgresError.cancelled`), its transaction rolls back, and nothing is written. `COMMIT`
/// is never watched: once it is sent, the outcome is the server's, and a lost reply is
/// checked by the operation's id (`.commitOutcomeUnknown`).
struct CancelOnInterrupt {
    /// How often the watcher looks at the flag while a statement runs.
    static let pollInterval: Duration = .milliseconds(20)

    let interruptRequested: @Sendable () -> Bool

    /// Runs `statement` (one blocking libpq call) with a watcher beside it that cancels it
    /// through `canceller` when an interrupt is requested before it returns.
    func run<Result>(cancelling canceller: PostgresCanceller?, _ statement: () -> Result) -> Result {
        guard let canceller else { return statement() }
        let finished = Finished()
        let interruptRequested = self.interruptRequested
        let watcher = Task.detached {
            while !finished.value {
                if interruptRequested() {
                    canceller.cancel()
                    return
                }
                do { try await Task.sleep(for: Self.pollInterval) } catch { return }
            }
        }
        let result = statement()
        finished.set()
        watcher.cancel()
        return result
    }

    /// Whether the statement has returned, shared with its watcher.
    private final class Finished: Sendable {
        private let state = Mutex(false)
        var value: Bool { state.withLock { $0 } }
        func set() { state.withLock { $0 = true } }
    }
}

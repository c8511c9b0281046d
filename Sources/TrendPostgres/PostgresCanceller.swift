import CPostgres

/// Cancels the statement a connection is running, from any thread or a signal's handler:
/// libpq's `PQcancel` is made for that, and the handle holds only the server's address and
/// the backend's key, never the connection itself.
public final class PostgresCanceller: @unchecked Sendable {
    // Unchecked: PGcancel is immutable once made, and PQcancel is documented as thread-safe.
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQfreeCancel(handle) }

    /// Asks the server to cancel; true when the request was sent (the statement may have ended first).
    @discardableResult
    public func cancel() -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        return PQcancel(handle, &buffer, Int32(buffer.count)) == 1
    }
}

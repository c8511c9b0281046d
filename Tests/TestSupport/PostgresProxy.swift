import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on a loopback port in front of a PostgreSQL server, which forwards the
/// protocol a whole message at a time and breaks a connection where its rule says
/// (`ProxyRule`): the network failures a PostgreSQL store must survive, made on demand.
///
///     let proxy = try PostgresProxy(forwardingTo: server.port)
///     proxy.arm(ProxyRule(statement: "COMMIT", moment: .beforeReply, action: .drop))
///     // connect to 127.0.0.1:proxy.port …
///
/// It answers an SSLRequest (or GSSENCRequest) with 'N' itself, so the client goes on
/// unencrypted and every message can be read. One thread runs every connection with poll(2).
public final class PostgresProxy: Sendable {
    /// The loopback port clients connect to.
    public let port: UInt16
    private let control: ProxyControl
    private let wakeUp: Int32
    private let thread: pthread_t

    /// Listens on a free loopback port and forwards each connection to 127.0.0.1:`serverPort`.
    public init(forwardingTo serverPort: UInt16, rule: ProxyRule? = nil) throws(SystemCallError) {
        let (listener, port) = try LoopbackSocket.listen()
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let failure = SystemCallError(errno: errno)
            Glibc.close(listener)
            throw failure
        }
        for descriptor in wake { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        self.port = port
        control = ProxyControl(rule: rule)
        wakeUp = wake[1]
        let loop = ProxyLoop(listener: listener, wake: wake[0], serverPort: serverPort, control: control)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ProxyLoop>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, Unmanaged.passRetained(loop).toOpaque())
        precondition(started == 0, "could not start the proxy's thread: \(started)")
        self.thread = thread
    }

    deinit { close() }

    /// Sets the rule for what comes next (nil: forward everything), replacing any that has
    /// not acted yet.
    public func arm(_ rule: ProxyRule?) {
        control.state.withLock { $0.rule = rule }
    }

    /// How many times a rule has acted: dropped or stalled a connection.
    public var firings: Int { control.state.withLock { $0.firings } }

    /// How many client connections the proxy has accepted.
    public var connections: Int { control.state.withLock { $0.connections } }

    /// Closes every connection, stalled ones included, and stops listening. Waits for the
    /// proxy's thread to end.
    public func close() {
        let first = control.state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeUp, &byte, 1)
        pthread_join(thread, nil)
        Glibc.close(wakeUp)
    }
}

/// What the test's thread and the proxy's thread share.
final class ProxyControl: Sendable {
    struct State {
        var rule: ProxyRule?
        var firings = 0
        var connections = 0
        var closed = false
    }

    let state: Mutex<State>

    init(rule: ProxyRule?) { state = Mutex(State(rule: rule)) }

    /// The armed rule, disarmed, when `text` is its statement (in a transaction begun with
    /// `begin`, when the rule names one).
    func takeRule(matching text: String, begunWith begin: String?) -> ProxyRule? {
        state.withLock { state in
            guard let rule = state.rule, rule.matches(text, begunWith: begin) else { return nil }
            state.rule = nil
            return rule
        }
    }
}

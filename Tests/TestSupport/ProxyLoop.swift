#if canImport(Glibc)
    import Glibc
#endif

/// The proxy's thread: accepts clients, connects each to the server, and moves whole
/// protocol messages between them until the proxy closes. Only this thread touches the
/// sockets.
final class ProxyLoop {
    private let listener: Int32
    private let wake: Int32
    private let serverPort: UInt16
    private let control: ProxyControl
    private var connections: [ProxyConnection] = []

    init(listener: Int32, wake: Int32, serverPort: UInt16, control: ProxyControl) {
        self.listener = listener
        self.wake = wake
        self.serverPort = serverPort
        self.control = control
    }

    func run() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // A stalled connection is not read: what its peers send waits in the kernel.
            let open = connections.filter { !$0.isStalled }
            var descriptors = [wake, listener].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            for connection in open {
                descriptors.append(pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0))
                descriptors.append(pollfd(fd: connection.server, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }
            precondition(ready > 0, "the proxy's poll failed: errno \(errno)")
            if descriptors[0].revents != 0 { break }
            if descriptors[1].revents != 0 { accept() }
            for (index, connection) in open.enumerated() {
                for (offset, fromClient) in [(2, true), (3, false)] {
                    guard descriptors[2 * index + offset].revents != 0, !connection.isClosed, !connection.isStalled
                    else { continue }
                    let descriptor = fromClient ? connection.client : connection.server
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else {
                        connection.close()
                        continue
                    }
                    connection.received(Array(chunk[0..<count]), fromClient: fromClient, control: control)
                }
            }
            connections.removeAll { $0.isClosed }
        }
        for connection in connections { connection.close() }
        close(listener)
        close(wake)
    }

    private func accept() {
        let client = Self.accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue))
        guard client >= 0 else { return }
        control.state.withLock { $0.connections += 1 }
        do {
            let server = try LoopbackSocket.connect(port: serverPort)
            connections.append(ProxyConnection(client: client, server: server))
        } catch {
            // The server is down: the client sees its connection end, as it would without us.
            close(client)
        }
    }

    private typealias Accept4 =
        @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    /// `accept4`, so the client's socket is close-on-exec from the start and no process the
    /// tests spawn meanwhile inherits it. Glibc declares it only under `_GNU_SOURCE`, which
    /// Swift's Glibc module does not set, so it is looked up (as `TrendshProcess` does `pipe2`).
    private static let accept4: Accept4 = {
        guard let symbol = dlsym(nil, "accept4") else { preconditionFailure("the C library has no accept4") }
        return unsafeBitCast(symbol, to: Accept4.self)
    }()
}

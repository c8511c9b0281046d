#if canImport(Glibc)
    import Glibc
#endif

/// TCP sockets on 127.0.0.1, for the PostgreSQL server's port and the proxy in front of it.
enum LoopbackSocket {
    /// A listening socket on 127.0.0.1:`port` (0: a free port the kernel picks), close-on-exec,
    /// and the port it listens on.
    static func listen(port: UInt16 = 0) throws(SystemCallError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError(errno: errno) }
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            let failure = SystemCallError(errno: errno)
            close(descriptor)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let failure = SystemCallError(errno: errno)
            close(descriptor)
            throw failure
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// A port on 127.0.0.1 that nothing listens on now: bound to port 0, read back, released.
    /// Another program could take it before the server does; the server's start says so then.
    static func freePort() throws(SystemCallError) -> UInt16 {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    /// A socket connected to 127.0.0.1:`port`, close-on-exec.
    static func connect(port: UInt16) throws(SystemCallError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError(errno: errno) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let failure = SystemCallError(errno: errno)
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// One client's connection through the proxy, and the message framing of each direction
/// (PostgreSQL protocol 3). The client's first message is a startup packet (an int32 length
/// that counts itself, then the payload, whose first int32 is the protocol version or a
/// request code); everything after it, and everything from the server, is a type byte and
/// an int32 length that counts itself but not the type.
final class ProxyConnection {
    let client: Int32
    let server: Int32
    private(set) var isClosed = false
    private(set) var isStalled = false
    private var fromClient: [UInt8] = []
    private var fromServer: [UInt8] = []
    private var startupSeen = false
    /// The last `BEGIN …` statement the client sent: the transaction a rule may name.
    private var transactionBegin: String?
    /// A rule's action waiting for the server's next reply (`ProxyRule.Moment.beforeReply`).
    private var beforeReply: ProxyRule.Action?

    /// The request codes a startup packet carries instead of a protocol version.
    private static let sslRequest: UInt32 = 80_877_103
    private static let gssEncryptionRequest: UInt32 = 80_877_104

    init(client: Int32, server: Int32) {
        self.client = client
        self.server = server
    }

    /// Frames what arrived and forwards each whole message, unless the rule acts first.
    func received(_ bytes: [UInt8], fromClient: Bool, control: ProxyControl) {
        if fromClient {
            self.fromClient += bytes
            forwardClientMessages(control: control)
        } else {
            fromServer += bytes
            forwardServerMessages(control: control)
        }
    }

    func close() {
        guard !isClosed else { return }
        Glibc.close(client)
        Glibc.close(server)
        isClosed = true
    }

    private func forwardClientMessages(control: ProxyControl) {
        while !isClosed && !isStalled, let message = nextMessage(&fromClient, typed: startupSeen) {
            guard startupSeen else {
                let code = Self.integer(message, at: 4)
                if code == Self.sslRequest || code == Self.gssEncryptionRequest {
                    send([UInt8(ascii: "N")], to: client)
                } else {
                    startupSeen = true
                    send(message, to: server)
                }
                continue
            }
            let text = Self.statementText(message)
            if let text, ProxyRule.begins(text) { transactionBegin = text }
            guard let text, let rule = control.takeRule(matching: text, begunWith: transactionBegin) else {
                send(message, to: server)
                continue
            }
            switch rule.moment {
            case .beforeForwarding:
                act(rule.action, control: control)
            case .afterForwarding:
                send(message, to: server)
                act(rule.action, control: control)
            case .beforeReply:
                send(message, to: server)
                beforeReply = rule.action
            }
        }
    }

    private func forwardServerMessages(control: ProxyControl) {
        while !isClosed && !isStalled, let message = nextMessage(&fromServer, typed: true) {
            if let action = beforeReply {
                beforeReply = nil
                act(action, control: control)
                return
            }
            send(message, to: client)
        }
    }

    private func act(_ action: ProxyRule.Action, control: ProxyControl) {
        control.state.withLock { $0.firings += 1 }
        switch action {
        case .drop: close()
        case .stall: isStalled = true
        }
    }

    /// Takes the first whole message off `buffer`, or nil until one has arrived. A length
    /// no message can have (a startup packet holds at least its code) closes the connection.
    private func nextMessage(_ buffer: inout [UInt8], typed: Bool) -> [UInt8]? {
        let header = typed ? 5 : 4
        guard buffer.count >= header else { return nil }
        let length = Int(Self.integer(buffer, at: header - 4))
        guard length >= (typed ? 4 : 8), length < 1 << 30 else {
            close()
            return nil
        }
        let total = length + (typed ? 1 : 0)
        guard buffer.count >= total else { return nil }
        let message = Array(buffer[0..<total])
        buffer.removeFirst(total)
        return message
    }

    /// The statement of a simple Query ('Q': the text) or of a Parse ('P': a statement name,
    /// then the text), or nil for any other message.
    private static func statementText(_ message: [UInt8]) -> String? {
        let strings = message[5...].split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        switch message[0] {
        case UInt8(ascii: "Q"): return strings.first.map { String(decoding: $0, as: UTF8.self) }
        case UInt8(ascii: "P") where strings.count > 1: return String(decoding: strings[1], as: UTF8.self)
        default: return nil
        }
    }

    private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Writes all of `bytes`; the sockets block, and messages are small enough for the
    /// kernel's buffers. A peer that has gone closes the connection.
    private func send(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else {
                close()
                return
            }
            offset += sent
        }
    }
}

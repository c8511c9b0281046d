#if canImport(Glibc)
    import Glibc
#endif

/// Which stream a line goes to.
public enum OutputStream: Sendable {
    case out
    case err
}

/// Where the shell writes. One REPL serves a terminal, a pipe, `--check` and tests.
@MainActor
public protocol OutputSink: AnyObject {
    /// Writes one line (a newline is added). The text is already escaped for display.
    func write(_ line: String, to stream: OutputStream)
    /// Pushes buffered text out, so stdout and stderr interleave in order.
    func flush()
}

/// Writes to the process's standard output and error.
@MainActor
public final class StandardOutput: OutputSink {
    private var pending: [UInt8] = []

    public init() {}

    public func write(_ line: String, to stream: OutputStream) {
        switch stream {
        case .out:
            pending.append(contentsOf: line.utf8)
            pending.append(0x0A)
        case .err:
            flush()
            Self.writeAll(Array(line.utf8) + [0x0A], to: STDERR_FILENO)
        }
    }

    public func flush() {
        guard !pending.isEmpty else { return }
        Self.writeAll(pending, to: STDOUT_FILENO)
        pending.removeAll(keepingCapacity: true)
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing more can be shown
            }
            offset += written
        }
    }
}

/// Keeps every line in order, for `--check` and tests.
@MainActor
public final class CapturedOutput: OutputSink {
    public private(set) var lines: [(stream: OutputStream, text: String)] = []

    public init() {}

    public func write(_ line: String, to stream: OutputStream) { lines.append((stream, line)) }
    public func flush() {}

    public var text: String { lines.map { $0.text + "\n" }.joined() }
    public func text(of stream: OutputStream) -> String {
        lines.filter { $0.stream == stream }.map { $0.text + "\n" }.joined()
    }
}

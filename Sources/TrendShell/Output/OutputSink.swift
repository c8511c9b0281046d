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
    /// The first failure to write standard output (its errno), if any: results that cannot
    /// be shown end the session.
    var failure: Int32? { get }
    /// Writes bytes to standard output exactly as given, nothing added or escaped: an export
    /// to a pipe or a file. Kept in order with everything else written.
    func writeExact(_ bytes: UnsafeBufferPointer<UInt8>)
    /// True when standard output shows text to a person (a terminal, a transcript): an
    /// export then arrives as escaped lines, as all output does, instead of exact bytes.
    var showsText: Bool { get }
}

/// Writes to the process's standard output and error. Standard output is buffered and
/// pushed out before anything goes to standard error, before the reader waits for input,
/// and at the end, so order never changes and a piped run makes few system calls.
@MainActor
public final class StandardOutput: OutputSink {
    private var pending: [UInt8] = []
    public private(set) var failure: Int32?
    /// Flushes once this much is waiting, so memory stays small.
    private static let limit = 64 * 1024

    public let showsText: Bool
    /// Runs before buffered text is pushed out (and so before anything goes to standard
    /// error): the session writes a draft change that waits (`Session.writeWaitingDraft`),
    /// so that nothing shown is ahead of the draft file.
    public var beforeFlush: () -> Void = {}

    /// - Parameters:
    ///   - closedAtStart: standard output was closed when trendsh started (it now points at
    ///     /dev/null); any result is then a failure to show it.
    ///   - isTerminal: standard output is a terminal, so exports are shown as escaped text.
    public init(closedAtStart: Bool = false, isTerminal: Bool = false) {
        pending.reserveCapacity(Self.limit)
        if closedAtStart { failure = EBADF }
        showsText = isTerminal
    }

    public func writeExact(_ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.limit { flush() }
    }

    public func write(_ line: String, to stream: OutputStream) {
        switch stream {
        case .out:
            pending.append(contentsOf: line.utf8)
            pending.append(0x0A)
            if pending.count >= Self.limit { flush() }
        case .err:
            flush()
            _ = Self.writeAll(Array(line.utf8) + [0x0A], to: STDERR_FILENO)
        }
    }

    public func flush() {
        beforeFlush()
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        if let error = Self.writeAll(pending, to: STDOUT_FILENO) { failure = error }
    }

    /// Writes every byte; returns the errno when a write fails.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}

/// Keeps every line in order, for `--check` and tests.
@MainActor
public final class CapturedOutput: OutputSink {
    public private(set) var lines: [(stream: OutputStream, text: String)] = []
    public var failure: Int32? { nil }
    /// A transcript shows what a person at a terminal sees: exports arrive as escaped lines.
    public let showsText: Bool
    /// Exact bytes not yet ended by a line feed.
    private var partial: [UInt8] = []

    public init(showsText: Bool = true) { self.showsText = showsText }

    /// Keeps exact bytes as lines of standard output, split at line feeds.
    public func writeExact(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if byte == 0x0A {
                lines.append((.out, String(decoding: partial, as: UTF8.self)))
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
            }
        }
    }

    public func write(_ line: String, to stream: OutputStream) { lines.append((stream, line)) }
    public func flush() {}

    public var text: String { lines.map { $0.text + "\n" }.joined() }
    public func text(of stream: OutputStream) -> String {
        lines.filter { $0.stream == stream }.map { $0.text + "\n" }.joined()
    }
}

import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// What one read produced.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// End of input (Ctrl-D on an empty line, or the pipe closed).
    case end
    /// Ctrl-C at a terminal: the line being typed was discarded.
    case interrupted
    /// A line longer than `maximumLineBytes`; it was read and discarded whole.
    case tooLong(byteCount: Int)
    /// A line holding bytes that are not UTF-8; it is refused whole. `shown` is the line with
    /// each such byte written `\xFF` (`UTF8Text.showing`).
    case notUTF8(shown: String)
    /// A signal asked the run to end (SIGTERM, SIGHUP; SIGINT when piped).
    case terminated(signal: Int32)
    /// Reading failed with this errno: an error, never mistaken for the end of input.
    case failed(errno: Int32)
}

extension LineInput {
    /// A whole line read as bytes (its line end removed): refused when it is longer than
    /// `maximumLineBytes` or is not UTF-8, never cut or repaired.
    public static func reading(_ bytes: ArraySlice<UInt8>) -> LineInput {
        if bytes.count > maximumLineBytes { return .tooLong(byteCount: bytes.count) }
        guard let text = UTF8Text.decode(bytes) else { return .notUTF8(shown: UTF8Text.showing(bytes)) }
        return .line(text)
    }
}

/// A source of command lines: a terminal, a pipe, or a script.
@MainActor
public protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` where there is a terminal to show it on.
    func readLine(prompt: String) -> LineInput
    /// True when the next line is already read from the input, whole, so that nothing waits
    /// for an answer before it runs: a pipe that sent several lines at once.
    var hasBufferedLine: Bool { get }
    /// True when the line read last was not there yet when trendsh came to read it, so that
    /// whoever sent it had seen the answers before it: a person at a terminal, or a program
    /// that answers trendsh's output. False for lines given up front (`-c`) or already
    /// waiting in a pipe.
    var lastLineWasAwaited: Bool { get }
}

extension LineReader {
    public var hasBufferedLine: Bool { false }
    public var lastLineWasAwaited: Bool { true }
}

/// The longest line trendsh reads; longer lines are refused, never cut.
public let maximumLineBytes = 4096

/// Reads lines from a file descriptor (a pipe or file) with a bounded buffer: a line of any
/// length costs at most `maximumLineBytes` of memory.
@MainActor
public final class DescriptorLineReader: LineReader {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var position = 0
    private var filled = 0
    private var atEnd = false
    private let beforeWaiting: () -> Void
    private let watchesSignals: Bool
    public private(set) var lastLineWasAwaited = false

    /// - Parameters:
    ///   - beforeWaiting: runs before the reader may block (flushing output, so whoever
    ///     feeds the pipe sees each answer before sending more).
    ///   - watchesSignals: a signal ends a wait for input (main installs the handlers).
    public init(
        descriptor: Int32 = STDIN_FILENO, watchesSignals: Bool = false, beforeWaiting: @escaping () -> Void = {}
    ) {
        self.descriptor = descriptor
        self.watchesSignals = watchesSignals
        self.beforeWaiting = beforeWaiting
    }

    public var hasBufferedLine: Bool { buffer[position..<filled].contains(0x0A) }

    public func readLine(prompt: String) -> LineInput {
        lastLineWasAwaited = false
        var line: [UInt8] = []
        var length = 0
        while true {
            if position == filled {
                guard !atEnd else {
                    if length == 0 { return .end }
                    break
                }
                switch fill() {
                case .filled: break
                case .end:
                    if length == 0 { return .end }
                    break
                case .signal(let signal): return .terminated(signal: signal)
                case .failed(let number): return .failed(errno: number)
                }
                if position == filled { break }
            }
            if let newline = buffer[position..<filled].firstIndex(of: 0x0A) {
                let take = newline - position
                if length + take <= maximumLineBytes { line.append(contentsOf: buffer[position..<newline]) }
                length += take
                position = newline + 1
                return finish(line, length: length)
            }
            let take = filled - position
            if length + take <= maximumLineBytes { line.append(contentsOf: buffer[position..<filled]) }
            length += take
            position = filled
        }
        return finish(line, length: length)
    }

    private func finish(_ line: [UInt8], length: Int) -> LineInput {
        if length > maximumLineBytes { return .tooLong(byteCount: length) }
        var line = line
        if line.last == 0x0D { line.removeLast() }
        return .reading(line[...])
    }

    private enum Fill {
        case filled
        case end
        case signal(Int32)
        case failed(Int32)
    }

    private func fill() -> Fill {
        // Asked before the output is flushed: input that is there already was sent without
        // seeing it.
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 0) == 0 { lastLineWasAwaited = true }
        beforeWaiting()
        while true {
            if watchesSignals {
                if let signal = Signals.endingSignal { return .signal(signal) }
                if !Signals.waitReadable(descriptor), let signal = Signals.endingSignal { return .signal(signal) }
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN {
                    // Standard input was left non-blocking by whoever started trendsh: wait for it.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if count == 0 {
                atEnd = true
                return .end
            }
            position = 0
            filled = count
            return .filled
        }
    }
}

/// Lines given up front, for `--check` and tests.
@MainActor
public final class ScriptLineReader: LineReader {
    private var lines: ArraySlice<String>

    public init(lines: [String]) { self.lines = lines[...] }

    public var lastLineWasAwaited: Bool { false }

    public func readLine(prompt: String) -> LineInput {
        guard let line = lines.popFirst() else { return .end }
        return line.utf8.count > maximumLineBytes ? .tooLong(byteCount: line.utf8.count) : .line(line)
    }
}

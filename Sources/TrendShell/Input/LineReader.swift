#if canImport(Glibc)
    import Glibc
#endif

/// What one read produced.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// End of input (Ctrl-D on an empty line, or the pipe closed).
    case end
    /// Ctrl-C: the line being typed was discarded.
    case interrupted
    /// A line longer than `maximumLineBytes`; it was read and discarded whole.
    case tooLong(byteCount: Int)
    /// SIGTERM or SIGHUP arrived.
    case terminated(signal: Int32)
}

/// A source of command lines: a terminal, a pipe, or a script.
@MainActor
public protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` where there is a terminal to show it on.
    func readLine(prompt: String) -> LineInput
}

/// The longest line trendsh reads; longer lines are refused, never cut.
public let maximumLineBytes = 4096

/// Reads lines from a file descriptor (a pipe or file) with a bounded buffer.
@MainActor
public final class DescriptorLineReader: LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    public init(descriptor: Int32 = STDIN_FILENO) { self.descriptor = descriptor }

    public func readLine(prompt: String) -> LineInput {
        var line: [UInt8] = []
        var length = 0
        while true {
            if position == buffer.count {
                guard !atEnd, fill() else {
                    if length == 0 { return .end }
                    break
                }
            }
            let byte = buffer[position]
            position += 1
            if byte == 0x0A { break }
            length += 1
            if length <= maximumLineBytes { line.append(byte) }
        }
        if length > maximumLineBytes { return .tooLong(byteCount: length) }
        if line.last == 0x0D { line.removeLast() }
        return .line(String(decoding: line, as: UTF8.self))
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                return false
            }
            buffer = Array(chunk[0..<count])
            position = 0
            return true
        }
    }
}

/// Lines given up front, for `--check` and tests.
@MainActor
public final class ScriptLineReader: LineReader {
    private var lines: ArraySlice<String>

    public init(lines: [String]) { self.lines = lines[...] }

    public func readLine(prompt: String) -> LineInput {
        guard let line = lines.popFirst() else { return .end }
        return line.utf8.count > maximumLineBytes ? .tooLong(byteCount: line.utf8.count) : .line(line)
    }
}

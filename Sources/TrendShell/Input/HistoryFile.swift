#if canImport(Glibc)
    import Glibc
#endif

/// The interactive history, appended line by line as each is entered so a crash loses none.
/// Lines are stored one per line, with backslash escapes for control characters.
@MainActor
public final class HistoryFile {
    /// The most lines kept.
    public static let limit = 1000

    public let path: String
    public private(set) var entries: [String] = []
    /// Lines in the file as far as this session knows: those loaded plus those it appended.
    private var linesOnDisk = 0

    /// Loads the file (creating nothing yet); keeps the newest `limit` lines.
    public init(path: String) {
        self.path = path
        entries = Self.load(path)
        linesOnDisk = entries.count
        if entries.count > Self.limit {
            entries.removeFirst(entries.count - Self.limit)
            trim()
        }
    }

    /// Adds a line unless it is blank or repeats the previous one, appending it to the file at
    /// once. Returns an error sentence when the file could not be written.
    @discardableResult
    public func add(_ line: String) -> String? {
        guard !line.allSatisfy(\.isWhitespace), line != entries.last else { return nil }
        entries.append(line)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        if let problem = append(Self.encode(line) + "\n") { return problem }
        linesOnDisk += 1
        return linesOnDisk > Self.limit ? trim() : nil
    }

    private func append(_ text: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "The history file \(path) could not be opened." }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : "The history file \(path) could not be written."
    }

    /// Rewrites the file with its newest `limit` lines. It is read again first, so lines
    /// another session appended meanwhile are kept.
    @discardableResult
    private func trim() -> String? {
        let kept = Self.load(path).suffix(Self.limit)
        let temporary = path + ".tmp.\(getpid())"
        let text = kept.map { Self.encode($0) + "\n" }.joined()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "The history file \(path) could not be rewritten." }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "The history file \(path) could not be rewritten."
        }
        linesOnDisk = kept.count
        return nil
    }

    static func load(_ path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) > 0, let buffer {
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            lines.append(decode(line))
        }
        return lines
    }

    /// Backslash, and every control character, as an escape.
    static func encode(_ line: String) -> String {
        var result = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func decode(_ line: String) -> String {
        var result = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "x":
                let digits = [scalars.next(), scalars.next()].compactMap { $0 }.map(Character.init)
                if let value = UInt32(String(digits), radix: 16), let decoded = Unicode.Scalar(value) {
                    result.unicodeScalars.append(decoded)
                }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}

import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive history, appended line by line as each is entered so a crash loses none.
/// Lines are stored one per line, with backslash escapes for control characters. The file is
/// opened as trendsh's other files are: never through a symbolic link, never another's.
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
            _ = trim()
        }
    }

    /// Adds a line unless it is blank or repeats the previous one, appending it to the file at
    /// once. Returns why the file could not be written, if it could not.
    @discardableResult
    public func add(_ line: String) -> PrivateFileError? {
        guard !line.allSatisfy(\.isWhitespace), line != entries.last else { return nil }
        entries.append(line)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        if let problem = append(Self.encode(line) + "\n") { return problem }
        linesOnDisk += 1
        return linesOnDisk > Self.limit ? trim() : nil
    }

    /// Appends `text` after a line break when the file's last line has none (a file cut
    /// short, or edited by hand), so that line and this one stay two lines.
    private func append(_ text: String) -> PrivateFileError? {
        let descriptor: Int32
        do {
            descriptor = try PrivateFile.openForAppending(path)
        } catch {
            return error
        }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var info = stat()
        var last: UInt8 = 0x0A
        if fstat(descriptor, &info) == 0, info.st_size > 0, pread(descriptor, &last, 1, info.st_size - 1) == 1,
            last != 0x0A
        {
            bytes.insert(0x0A, at: 0)
        }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : PrivateFileError(path: path, reason: .system(written < 0 ? errno : EIO))
    }

    /// Rewrites the file with its newest `limit` lines. It is read again first, so lines
    /// another session appended meanwhile are kept.
    private func trim() -> PrivateFileError? {
        let kept = Self.load(path).suffix(Self.limit)
        do {
            try PrivateFile.replace(path, with: Array(kept.map { Self.encode($0) + "\n" }.joined().utf8))
        } catch {
            return error
        }
        linesOnDisk = kept.count
        return nil
    }

    static func load(_ path: String) -> [String] {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFile.read(path, limit: 16 << 20)
        } catch {
            // An unreadable history is no history; the first line typed reports the file.
            return []
        }
        guard let bytes else { return [] }
        return bytes.split(separator: 0x0A).map { decode($0) }
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

    /// Reads a line `encode` wrote, undoing its escapes byte by byte. What comes out is
    /// UTF-8, or it is shown with each byte that is not as `\xFF` (`UTF8Text.showing`): a
    /// history file is only trendsh's to write, but anyone's editor can put bytes in it.
    static func decode(_ line: some Collection<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count)
        var iterator = line.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\"), let next = iterator.next() else {
                bytes.append(byte)
                continue
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "x"):
                if let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) {
                    bytes.append(high << 4 | low)
                }
            default: bytes.append(next)
            }
        }
        return UTF8Text.showing(bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

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
        return bytes.split(separator: 0x0A).map { decode(String(decoding: $0, as: UTF8.self)) }
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

#if canImport(Glibc)
    import Glibc
#endif

/// What every fuzz target shares: the input read as trendsh reads outside bytes, a few ways
/// to cut it into parts, and the check that stops the run when a property does not hold.
enum Fuzz {
    /// The input's bytes.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Bytes as text, invalid UTF-8 replaced, as trendsh's line reader and file readers do.
    static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes cut at each NUL, so one input can hold several texts.
    static func parts(_ bytes: [UInt8], count: Int) -> [String] {
        var parts = bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map(text)
        while parts.count < count { parts.append("") }
        return parts
    }

    /// Stops the run when a property does not hold. libFuzzer sees the crash and keeps the
    /// input that caused it; the message says which property broke.
    static func check(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fatalError("property violated: " + message(), file: file, line: line) }
    }

    /// True when `text` holds a character that can drive a terminal or reorder what it
    /// shows: C0 controls, DEL, C1 controls, the line and paragraph separators, and the
    /// bidirectional embeddings, overrides and isolates. Written out here, apart from
    /// `DisplayText`, so the check does not trust the code it checks.
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
    }

    /// Sets a variable of the environment once, for the whole run.
    static func setEnvironment(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }
}

extension Fuzz {
    /// A folder of this process's own, for targets whose decoder reads a file: made once in
    /// `TMPDIR` (which `fuzz/run` points at a folder it removes afterwards).
    static let folder: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/trendsh-fuzz.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot make a folder in \(base)") }
        return String(cString: made)
    }()

    /// Writes `bytes` to the file `name` in `folder`, replacing it, and returns its path.
    static func file(_ name: String, holding bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write \(path)") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { fatalError("cannot write \(path)") }
            written += count
        }
        return path
    }
}

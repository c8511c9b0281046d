#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and writes for the transcripts the tests copy and change.
enum TextFile {
    /// The file's text, or nil when it cannot be read.
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Writes `text` to `path`, replacing it; false when that failed.
    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }

    /// True when `path` names a file this process may execute.
    static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The names in the folder at `path`, sorted, without `.` and `..`; nil when it cannot be read.
    static func entries(of path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

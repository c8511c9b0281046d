#if canImport(Glibc)
    import Glibc
#endif

/// A directory of its own under /tmp for one test, removed with its files when released.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/trendshell-tests-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let created else { preconditionFailure("mkdtemp failed: errno \(errno)") }
        path = created
    }

    deinit {
        for name in Self.names(in: path) { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// A path inside the directory; nothing is created.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` inside the directory with exactly `mode`, and returns its path.
    @discardableResult
    func write(_ text: String, to name: String, mode: mode_t = 0o600) -> String {
        let path = file(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        precondition(descriptor >= 0 && fchmod(descriptor, mode) == 0, "could not create \(path)")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        precondition(written == bytes.count, "could not write \(path)")
        return path
    }

    /// The file's text, or nil when it does not exist.
    func read(_ name: String) -> String? {
        guard let handle = fopen(file(name), "r") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The permission bits of a file inside the directory, or nil when it does not exist.
    func permissions(of name: String) -> mode_t? {
        var info = stat()
        guard stat(file(name), &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

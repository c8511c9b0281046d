import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A directory of its own under /tmp for one test; the test removes it with `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/trendkit-tests-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard created != nil else { throw SystemCallError(errno: errno) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path inside the directory; nothing is created.
    func file(_ name: String) -> String { path + "/" + name }

    /// Deletes the directory and everything in it.
    func remove() {
        // Cleanup only: a leftover directory under /tmp must not turn a passing test red.
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = file(name)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw SystemCallError(errno: errno)
        }
        return path
    }
}

/// The bytes of the file at `path`, or nil when it does not exist.
func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
}

/// The permission bits of the file at `path` (`0o600`), or nil when it does not exist.
func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

func fileExists(_ path: String) -> Bool { permissions(of: path) != nil }

/// A system call failed while a test arranged its files.
struct SystemCallError: Error, Equatable {
    var errno: Int32
}

#if canImport(Glibc)
    import Glibc
#endif

/// A directory under /tmp, removed with everything in it when released (or by `remove()`).
public final class TemporaryDirectory: @unchecked Sendable {
    // Unchecked: the path is immutable after init.
    public let path: String

    public init() {
        var template = Array("/tmp/trendsh-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else { preconditionFailure("mkdtemp failed: errno \(errno)") }
        path = made
    }

    deinit { remove() }

    /// Deletes the directory and everything in it. Cleanup only: what cannot be deleted is
    /// left under /tmp rather than turning a passing test red.
    public func remove() { Self.removeTree(path) }

    /// A path inside the directory; nothing is created.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Creates the folder `name` inside the directory, with any missing parents (mode 0700),
    /// and returns its path.
    @discardableResult
    public func makeFolder(_ name: String) -> String {
        var made = path
        for part in name.split(separator: "/") {
            made += "/" + part
            guard mkdir(made, 0o700) == 0 || errno == EEXIST else {
                preconditionFailure("could not make \(made): errno \(errno)")
            }
        }
        return made
    }

    /// Writes `bytes` to `name` inside the directory with exactly `mode`, and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String, mode: mode_t = 0o600) throws(SystemCallError) -> String {
        let path = file(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw SystemCallError(errno: errno) }
        defer { close(descriptor) }
        guard fchmod(descriptor, mode) == 0 else { throw SystemCallError(errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw SystemCallError(errno: errno) }
            offset += written
        }
        return path
    }

    /// Writes `text` to `name` inside the directory with exactly `mode`, and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String, mode: mode_t = 0o600) -> String {
        do {
            return try write(Array(text.utf8), to: name, mode: mode)
        } catch {
            preconditionFailure("could not write \(file(name)): errno \(error.errno)")
        }
    }

    /// The file's text, or nil when it does not exist.
    public func read(_ name: String) -> String? {
        fileBytes(file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The permission bits of a file inside the directory, or nil when it does not exist.
    public func permissions(of name: String) -> mode_t? {
        TrendshTestSupport.permissions(of: file(name))
    }

    /// Deletes `path` and, when it is a directory, everything in it; symbolic links are
    /// deleted, not followed.
    private static func removeTree(_ path: String) {
        if isDirectory(path) {
            for name in names(in: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

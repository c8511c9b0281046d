#if canImport(Glibc)
    import Glibc
#endif

/// Small file operations that keep files private (mode 0600) and replace them atomically.
enum PrivateFile {
    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a
    /// crash leaves either the old file or the new one, never half of one.
    static func replace(_ path: String, with bytes: [UInt8]) throws(PrivateFileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(errno: errno) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                unlink(temporary)
                throw PrivateFileError(errno: failure)
            }
            written += result
        }
        guard close(descriptor) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PrivateFileError(errno: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PrivateFileError(errno: failure)
        }
    }

    /// The whole file, or nil when it does not exist.
    static func read(_ path: String, limit: Int = 1 << 20) throws(PrivateFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw PrivateFileError(errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PrivateFileError(errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw PrivateFileError(errno: EFBIG)
    }

    /// Removes the file; a file that is already gone is not an error.
    static func remove(_ path: String) throws(PrivateFileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw PrivateFileError(errno: errno) }
    }
}

/// A failed system call, with its errno.
struct PrivateFileError: Error {
    var errno: Int32
}

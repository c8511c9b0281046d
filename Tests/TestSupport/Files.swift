#if canImport(Glibc)
    import Glibc
#endif

/// The permission bits of the file at `path` (`0o600`), or nil when it does not exist.
public func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

/// Whether a file exists at `path` (a symbolic link counts when what it names exists).
public func fileExists(_ path: String) -> Bool { permissions(of: path) != nil }

/// The size in bytes of the file at `path`, or nil when it does not exist.
public func fileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
}

/// The bytes of the file at `path`, or nil when it does not exist or cannot be read.
public func fileBytes(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return count == 0 ? bytes : nil }
        bytes.append(contentsOf: chunk[0..<count])
    }
}

/// The names in a directory (not `.` and `..`), unsorted; none when it cannot be read.
func names(in path: String) -> [String] {
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

/// Whether `path` is a directory itself, not a symbolic link to one.
func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}

/// The names in a directory and, recursively, in its subdirectories, relative to it, sorted.
public func filesUnder(_ path: String) -> [String] {
    names(in: path).flatMap { name in
        [name] + (isDirectory(path + "/" + name) ? filesUnder(path + "/" + name).map { name + "/" + $0 } : [])
    }.sorted()
}

/// Writes `bytes` as the whole file at `path` (created 0600 when missing); false on failure.
@discardableResult
public func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
    }
    return true
}

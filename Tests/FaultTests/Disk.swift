import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The few file operations the fault tests arrange stores with. Each failure names its call.
enum Disk {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemCallFailure(call: "open \(path)", errno: errno) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw SystemCallFailure(call: "write \(path)", errno: errno) }
            offset += written
        }
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// The whole file, or nil when it cannot be read (usually: it does not exist).
    static func read(_ path: String) -> [UInt8]? { fileBytes(path) }

    static func text(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The file's inode number: a file replaced by rename has a new one, whatever it holds.
    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// The names in a folder, without "." and "..".
    static func names(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw SystemCallFailure(call: "opendir \(folder)", errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 else { throw SystemCallFailure(call: "mkdir \(path)", errno: errno) }
    }

    static func rename(_ from: String, to: String) throws {
        guard Glibc.rename(from, to) == 0 else { throw SystemCallFailure(call: "rename \(from)", errno: errno) }
    }

    /// Removes a file; one that is already gone is fine.
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw SystemCallFailure(call: "unlink \(path)", errno: errno)
        }
    }
}

/// A system call a test made while arranging files failed.
struct SystemCallFailure: Error, Equatable {
    var call: String
    var errno: Int32
}

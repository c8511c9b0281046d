#if canImport(Glibc)
    import Glibc
#endif

/// A file could not be read or written by the test itself.
struct FileError: Error, Equatable {
    var path: String
}

func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw FileError(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        guard count > 0 else { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "w") else { throw FileError(path: path) }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw FileError(path: path) }
}

/// The permission bits of a file or folder.
func fileMode(_ path: String) throws -> mode_t {
    var information = stat()
    guard stat(path, &information) == 0 else { throw FileError(path: path) }
    return information.st_mode & 0o777
}

/// Waits until a file exists, as a sign from another process.
func waitForFile(_ path: String, timeout: Duration = .seconds(10)) async throws {
    let deadline = ContinuousClock.now + timeout
    while access(path, F_OK) != 0 {
        guard ContinuousClock.now < deadline else { throw FileError(path: path) }
        try await Task.sleep(for: .milliseconds(10))
    }
}

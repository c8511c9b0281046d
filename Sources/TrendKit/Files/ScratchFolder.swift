#if canImport(Glibc)
    import Glibc
#endif

/// A private folder for a run that needs real files for a while (`--check` replaying two
/// sessions over one store, which `:memory:` cannot share): made with mode 0700 under
/// `$TMPDIR` (or `/tmp`), and removed, with every file in it, by `remove()`.
public struct ScratchFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes a new, empty folder only this user can enter; nil when none can be made.
    /// - Parameter base: the folder to make it in, `$TMPDIR`; `/tmp` when nil or empty.
    public static func make(in base: String?) -> ScratchFolder? {
        var base = base ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/trendsh-check-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        guard made else { return nil }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkdtemp makes it 0700 whatever the umask; say so again, in case.
        chmod(path, 0o700)
        return ScratchFolder(path: path)
    }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Removes every file in the folder, then the folder. It holds no folders of its own.
    public func remove() {
        if let folder = opendir(path) {
            var names: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(folder)
            for name in names { unlink(file(name)) }
        }
        rmdir(path)
    }
}

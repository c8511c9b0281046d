#if canImport(Glibc)
    import Glibc
#endif

/// A private folder for a run that needs real files for a while: `--check` replaying two
/// sessions over one store, which `:memory:` cannot share, and `--learn` practising on a
/// store of its own. Made with mode 0700 in the temporary folder (`$TMPDIR`, else `/tmp`),
/// named from the prefix its own-file declaration gives (`OwnFileDeclaration.Name.scratchFolder`),
/// so the registry knows every file in it; removed, with every file in it, by `remove()`.
public struct ScratchFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// How many random characters `mkdtemp` puts after the prefix.
    static let randomLength = 6

    /// The folder scratch folders are made in: `base` (`$TMPDIR`), `/tmp` when nil, empty or
    /// not an absolute path (a run that changes its working folder must still find it),
    /// without a trailing slash.
    public static func base(_ base: String?) -> String {
        var base = base ?? "/tmp"
        if !base.hasPrefix("/") { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Makes a new, empty folder only this user can enter, for the own file `file` (a
    /// declared scratch folder); nil when none can be made.
    /// - Parameter base: the folder to make it in, `$TMPDIR`; `/tmp` when nil or empty.
    public static func make(for file: OwnFile = .replayFolder, in base: String?) -> ScratchFolder? {
        guard case .scratchFolder(let prefix) = OwnFiles.declaration(of: file).name else {
            // A programming error, which ScratchFolderTests catches.
            preconditionFailure("OwnFile.\(file) is not declared as a scratch folder")
        }
        let base = Self.base(base)
        var template = Array((base + "/" + prefix + String(repeating: "X", count: randomLength)).utf8CString)
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

    /// Removes every file in the folder, leaving it empty. It holds no folders of its own.
    public func empty() {
        for name in FolderNames.names(in: path) { unlink(file(name)) }
    }

    /// Removes every file in the folder, then the folder.
    public func remove() {
        empty()
        rmdir(path)
    }

    /// True while the folder exists.
    public var exists: Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// A file as the system knows it, whatever name reaches it: its device and inode. Two paths
/// with one identity are one file (a hard link, a link to a folder, a bind mount).
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The file at `path`, a symbolic link followed; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The regular file open at `descriptor`; nil for a pipe, a terminal or a closed descriptor.
    public init?(regularFileAt descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

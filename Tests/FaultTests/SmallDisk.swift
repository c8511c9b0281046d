import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real, small disk: a tmpfs mounted on a temporary folder, which a test can fill to the
/// last byte and free again. Mounting needs root (CAP_SYS_ADMIN), as the CI run has.
final class SmallDisk {
    let directory = TemporaryDirectory()
    var path: String { directory.path }
    private var filler: String { directory.file("filler") }

    init(kilobytes: Int) throws {
        let options = "size=\(kilobytes)k,mode=0700"
        guard mount("tmpfs", directory.path, "tmpfs", 0, options) == 0 else {
            throw SmallDiskError(reason: "mounting a tmpfs failed (errno \(errno)); the test needs root")
        }
    }

    deinit {
        umount2(directory.path, Int32(MNT_DETACH))
    }

    /// Writes a filler file until the disk refuses another byte.
    func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SmallDiskError(reason: "open filler: errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x46, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, 1) }) > 0 {}
        guard errno == ENOSPC else { throw SmallDiskError(reason: "filling stopped with errno \(errno)") }
    }

    /// Deletes the filler: the disk has room again.
    func free() { unlink(filler) }
}

struct SmallDiskError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

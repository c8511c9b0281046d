#if canImport(Glibc)
    import Glibc
#endif

/// A file named for import, read front to back in large chunks and never held whole. As the
/// bytes pass it checks that they are UTF-8 and builds the digest of the file's content; a
/// byte-order mark at the start is skipped. Readers take bytes from `buffer[position..<count]`
/// and call `refill()` when they have used them all.
final class ByteStream {
    /// Bytes read per system call: large enough to keep calls few, small enough to stay in cache.
    static let defaultChunkSize = 256 * 1024

    let path: String
    /// Size and time when the file was opened.
    let stamp: FileFingerprint
    private(set) var buffer: [UInt8]
    /// The next byte a reader has not used.
    var position = 0
    /// How many bytes of `buffer` hold the current chunk.
    private(set) var count = 0
    /// True once the end of the file was reached.
    private(set) var isAtEnd = false
    private var descriptor: Int32
    /// Bytes read per system call (another pass over the file reads as this one does).
    let chunkSize: Int
    private var hash = ContentHash()
    private var validator = UTF8Validator()
    /// The file offset of the current chunk's first byte.
    private var chunkOffset: Int64 = 0
    private var nextOffset: Int64 = 0
    /// The error a read met; every later read throws it again.
    private var failure: ImportFileError?
    /// Bytes that are not UTF-8, met in the current chunk after the bytes it still holds:
    /// thrown by the next read, so a reader meets the file's problems in the order they
    /// stand in the file, whatever the size of the chunks.
    private var pendingFailure: ImportFileError?

    /// Opens `path` (following a symbolic link, as any reader would); only a regular file is read.
    init(path: String, chunkSize: Int = ByteStream.defaultChunkSize) throws(ImportFileError) {
        self.path = path
        // At least four bytes, so the first chunk holds a whole byte-order mark.
        self.chunkSize = max(4, chunkSize)
        // Non-blocking, so that opening a named pipe cannot hang before it is refused.
        let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard opened >= 0 else { throw .cannotOpen(errno: errno) }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let number = errno
            close(opened)
            throw .cannotOpen(errno: number)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw .notARegularFile(Self.kind(info.st_mode))
        }
        var signature = [UInt8](repeating: 0, count: 4)
        let signatureRead = signature.withUnsafeMutableBytes { pread(opened, $0.baseAddress, 4, 0) }
        if signatureRead == 4 && signature == [0x50, 0x4B, 0x03, 0x04] {
            close(opened)
            throw .zipArchive
        }
        descriptor = opened
        stamp = FileFingerprint(
            size: Int64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int64(info.st_mtim.tv_nsec), hash: nil)
        buffer = [UInt8](repeating: 0, count: self.chunkSize)
    }

    deinit { closeFile() }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// The fingerprint of everything read, once the whole file has been read.
    var fingerprint: FileFingerprint? {
        guard isAtEnd else { return nil }
        var whole = stamp
        whole.hash = hash.value
        return whole
    }

    /// How many bytes of the file have been read and used so far.
    var bytesUsed: Int64 { nextOffset - Int64(count - position) }

    /// True when nothing is left to read in the current chunk.
    var isEmpty: Bool { position >= count }

    /// Replaces the buffer with the next chunk; false at the end of the file. Throws for bytes
    /// that are not UTF-8, naming the line they are on, and for a failed read; once it has
    /// thrown, it throws the same again.
    func refill() throws(ImportFileError) -> Bool { try fill(keepingUnread: false) }

    /// Reads on until at least `needed` unread bytes sit in the buffer, keeping the unread
    /// ones; false when the file ends first (the unread bytes stay readable).
    func carryOver(_ needed: Int) throws(ImportFileError) -> Bool {
        while count - position < needed {
            guard try fill(keepingUnread: true) else { return false }
        }
        return true
    }

    private func fill(keepingUnread: Bool) throws(ImportFileError) -> Bool {
        if let failure { throw failure }
        if let pendingFailure { throw fail(pendingFailure) }
        guard !isAtEnd else { return false }
        let kept = keepingUnread ? max(0, count - position) : 0
        if kept > 0 {
            let from = position
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + from, kept)
            }
        }
        position = 0
        count = kept
        if kept == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: chunkSize)) }
        var filled = 0
        while filled == 0 {
            let room = buffer.count - kept
            let result = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + kept }, room) }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw fail(.readFailed(errno: errno))
            }
            if result == 0 {
                isAtEnd = true
                closeFile()
                guard validator.isComplete else { throw fail(.invalidUTF8(line: try lineOf(offset: nextOffset))) }
                return false
            }
            filled = result
        }
        let isFirst = nextOffset == 0
        chunkOffset = nextOffset
        nextOffset += Int64(filled)
        let invalid = buffer.withUnsafeBytes { raw -> Int? in
            let chunk = UnsafeRawBufferPointer(rebasing: raw[kept..<kept + filled])
            hash.add(chunk)
            return validator.check(chunk)
        }
        if let invalid {
            let error = ImportFileError.invalidUTF8(line: try lineOf(offset: chunkOffset + Int64(invalid)))
            guard invalid > 0 else { throw fail(error) }
            pendingFailure = error
            filled = invalid
        }
        count = kept + filled
        if isFirst && filled >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
        return true
    }

    /// Remembers `error`, so every later read throws it too, and leaves nothing readable.
    private func fail(_ error: ImportFileError) -> ImportFileError {
        failure = error
        count = 0
        position = 0
        return error
    }

    /// The byte at `position`, reading the next chunk when needed; nil at the end.
    @inline(__always)
    func peek() throws(ImportFileError) -> UInt8? {
        if position >= count {
            guard try refill() else { return nil }
        }
        return buffer[position]
    }

    /// The 1-based line of the byte at `offset`, counted afresh from the file's start: only an
    /// error needs it, so the common path counts nothing.
    private func lineOf(offset: Int64) throws(ImportFileError) -> Int {
        let counting = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard counting >= 0 else { throw .readFailed(errno: errno) }
        defer { close(counting) }
        var line = 1
        var done: Int64 = 0
        var block = [UInt8](repeating: 0, count: 65536)
        while done < offset {
            let wanted = Int(min(Int64(block.count), offset - done))
            let got = block.withUnsafeMutableBytes { pread(counting, $0.baseAddress, wanted, off_t(done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            for byte in block[0..<got] where byte == 0x0A { line += 1 }
            done += Int64(got)
        }
        return line
    }

    static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .other
        }
    }
}

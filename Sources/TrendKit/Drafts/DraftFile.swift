import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The open draft, kept on disk beside the store so a crash or `kill -9` loses nothing.
///
/// The file is made once, at its full size, and then neither grows, shrinks nor moves while
/// drafts come and go: a header page, then two slots. (Only a draft bigger than a slot,
/// which no typed line makes, rebuilds it once with bigger slots, and a file of an older
/// format is rebuilt at its first write: a whole new file holding that write's draft, renamed
/// over the old one.) Each change is one `pwrite` into the slot not holding the newest draft,
/// with a sequence number and a CRC-32, so a write that fails or is torn (a full disk, a
/// killed process) leaves the previous draft whole in the other slot. Closing a draft writes
/// an empty record the same way: no file is created or removed in a draft's life. No fsync:
/// the file guards against a crash of trendsh, not a power cut (saved entries are fsynced by
/// the store). A lock file makes sure two sessions never write one draft file.
///
/// The pending-changes file is the same kind of file with its own first line (`format`):
/// one record, the whole queue, kept the same way.
public final class DraftFile {
    static let headerSize = 4096
    static let magic = Array("trendsh draft file, format 2\n".utf8)
    private static let slotMagic = Array("TDS2".utf8)
    /// Bytes before a slot's record: magic, sequence, length, checksum.
    static let slotHeaderSize = 20
    /// Big enough for any draft a line can make (a line holds at most 4096 bytes).
    static let defaultSlotSize = 16384

    public let path: String
    /// The file's first line, which says what it holds: `magic` for the draft file.
    let format: [UInt8]
    private var lockDescriptor: Int32 = -1
    /// The draft file, open for writing once prepared; -1 before.
    private var descriptor: Int32 = -1
    private var slotSize = DraftFile.defaultSlotSize
    /// The newest slot's sequence number; the next write goes to the other slot.
    private var sequence: UInt64 = 0
    /// True when the file on disk is an older format, rewritten at the first write.
    private var holdsOlderFormat = false

    public init(path: String) {
        self.path = path
        format = Self.magic
    }

    /// A file of the same kind that holds something else, said by its first line.
    init(path: String, format: [UInt8]) {
        self.path = path
        self.format = format
    }

    deinit { release() }

    /// Lets go of the lock, and of the file, now. The lock is released by `LOCK_UN`, not only
    /// by closing its descriptor: a copy of the descriptor (a process spawned a moment ago,
    /// not yet at its `exec`) would keep a lock held past a close. The file can be taken again
    /// with `acquire`.
    public func release() {
        if lockDescriptor >= 0 {
            flock(lockDescriptor, LOCK_UN)
            close(lockDescriptor)
            lockDescriptor = -1
        }
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }

    /// What taking the draft lock found.
    public enum Acquisition: Equatable, Sendable {
        case acquired
        /// Another session holds the lock and so owns the draft file.
        case heldByAnotherSession
        /// The lock file could not be opened; why.
        case unavailable(PrivateFileError)
    }

    /// Takes the draft lock for this session.
    public func acquire() -> Acquisition {
        if lockDescriptor >= 0 { return .acquired }
        let lock: Int32
        let lockPath = OwnFiles.lockPath(for: path)
        do {
            guard let opened = try PrivateFile.open(lockPath, creating: true) else {
                return .unavailable(PrivateFileError(path: lockPath, reason: .system(ENOENT)))
            }
            lock = opened
        } catch {
            return .unavailable(error)
        }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(lock)
            return failure == EWOULDBLOCK
                ? .heldByAnotherSession : .unavailable(PrivateFileError(path: lockPath, reason: .system(failure)))
        }
        lockDescriptor = lock
        return .acquired
    }

    /// The draft the file holds; nil when it holds none (or does not exist).
    public func load() throws(DraftFileError) -> DraftRecord? {
        let bytes: [UInt8]
        do {
            guard let descriptor = try PrivateFile.open(path, creating: false) else { return nil }
            defer { close(descriptor) }
            bytes = try PrivateFile.readAll(descriptor, path: path, limit: 1 << 22)
        } catch {
            throw .unreadable(path: path, problem: error.reason)
        }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A }) else { return nil }
        if first == UInt8(ascii: "{") && format == Self.magic {
            holdsOlderFormat = true
            guard let record = LegacyWeightDraft.record(from: bytes) else {
                throw .unreadable(path: path, problem: nil)
            }
            return record
        }
        guard let (record, sequence, slotSize) = Self.newest(in: bytes, format: format) else {
            throw .unreadable(path: path, problem: nil)
        }
        self.sequence = sequence
        self.slotSize = slotSize
        return record
    }

    /// Reads the header and both slots; the valid slot with the higher sequence wins.
    static func newest(in bytes: [UInt8], format: [UInt8] = magic) -> (
        record: DraftRecord?, sequence: UInt64, slotSize: Int
    )? {
        guard bytes.count >= headerSize, Array(bytes[0..<format.count]) == format else { return nil }
        var header = ByteReader(bytes: Array(bytes[format.count..<format.count + 4]))
        guard let size = header.uint32().map(Int.init), size > slotHeaderSize, size <= 1 << 20,
            bytes.count >= headerSize + 2 * size
        else { return nil }
        var best: (record: DraftRecord?, sequence: UInt64)?
        var sawSlot = false
        for slot in 0..<2 {
            let start = headerSize + slot * size
            var reader = ByteReader(bytes: Array(bytes[start..<start + slotHeaderSize]))
            let magic = reader.take(4).map(Array.init)
            if magic != [0, 0, 0, 0] { sawSlot = true }
            guard magic == slotMagic, let sequence = reader.uint64(), let length = reader.uint32().map(Int.init),
                let checksum = reader.uint32(), length <= size - slotHeaderSize
            else { continue }
            let payload = bytes[(start + slotHeaderSize)..<(start + slotHeaderSize + length)]
            guard CRC32.checksum(payload, startingWith: UInt32(truncatingIfNeeded: sequence)) == checksum else {
                continue
            }
            let record: DraftRecord?
            if length == 0 {
                record = nil
            } else {
                guard let decoded = DraftRecord(decoding: Array(payload)) else { continue }
                record = decoded
            }
            if best.map({ sequence > $0.sequence }) ?? true { best = (record, sequence) }
        }
        if let best { return (best.record, best.sequence, size) }
        // A prepared file no draft was ever written to has no slot header at all.
        return sawSlot ? nil : (nil, 0, size)
    }

    /// Makes the file at its full size now, so later draft writes need no new disk space.
    /// A file of an older format is left as it is: it may hold a draft, and only the first
    /// write, which rebuilds the file with that write's draft in it, may replace it.
    public func prepare() throws(DraftFileError) {
        if holdsOlderFormat { return }
        try openForWriting()
    }

    /// Writes `record` (nil: no draft) into the slot not holding the newest one. Either way
    /// a crash, a full disk or a failed write leaves the previous draft readable. A draft too
    /// big for a slot, or a file of an older format, is written by rebuilding the file whole
    /// with `record` in it: the old file stays until the new one is renamed over it.
    public func write(_ record: DraftRecord?) throws(DraftFileError) {
        let payload = record?.encoded() ?? []
        if holdsOlderFormat || payload.count > slotSize - Self.slotHeaderSize {
            try rebuild(slotSize: Self.slotSize(fitting: payload.count), first: payload)
            return
        }
        try openForWriting()
        let next = sequence &+ 1
        var bytes = Self.slotMagic
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: next >> UInt64(shift))) }
        for value in [UInt32(payload.count), CRC32.checksum(payload, startingWith: UInt32(truncatingIfNeeded: next))] {
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
        }
        bytes += payload
        let offset = Self.headerSize + Int(next % 2) * slotSize
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else {
            throw .cannotWrite(path: path, errno: written < 0 ? errno : ENOSPC)
        }
        sequence = next
    }

    private static func slotSize(fitting payload: Int) -> Int {
        var size = defaultSlotSize
        while size - slotHeaderSize < payload { size *= 2 }
        return size
    }

    /// Opens the file, creating and sizing it when new. Never called while the file is of an
    /// older format (`write` rebuilds that one, `prepare` leaves it alone), which sizing would
    /// write over.
    private func openForWriting() throws(DraftFileError) {
        if descriptor >= 0 { return }
        let file: Int32?
        do {
            file = try PrivateFile.open(path, creating: true)
        } catch {
            if let number = error.errno { throw .cannotWrite(path: path, errno: number) }
            throw .unsafe(path: path, problem: error.reason)
        }
        guard let opened = file else { throw .cannotWrite(path: path, errno: ENOENT) }
        var info = stat()
        fstat(opened, &info)
        let needed = Self.headerSize + 2 * slotSize
        if Int(info.st_size) >= needed {
            // A file already made: write after its newest draft, whether or not it was loaded.
            do {
                let bytes = try PrivateFile.readAll(opened, path: path, limit: 1 << 22)
                if let (_, newest, size) = Self.newest(in: bytes, format: format) {
                    sequence = newest
                    slotSize = size
                }
            } catch {
                close(opened)
                throw .cannotWrite(path: path, errno: error.errno ?? EIO)
            }
        } else {
            let header = self.header(slotSize: slotSize)
            let failure = posix_fallocate(opened, 0, off_t(needed))
            let written = header.withUnsafeBytes { pwrite(opened, $0.baseAddress, $0.count, 0) }
            guard failure == 0, written == header.count else {
                let reason = failure != 0 ? failure : (written < 0 ? errno : ENOSPC)
                // A file that could not be made whole holds no draft; nothing worth keeping is lost.
                ftruncate(opened, 0)
                close(opened)
                throw .cannotWrite(path: path, errno: reason)
            }
        }
        descriptor = opened
    }

    /// Writes a whole new file (header, `payload`'s record in slot 1 with sequence 1) beside
    /// the old one and renames it into place: for an older format, or a draft bigger than a
    /// slot. Until the rename the old file holds what it held; after it, the new draft.
    private func rebuild(slotSize size: Int, first payload: [UInt8]) throws(DraftFileError) {
        var bytes = header(slotSize: size) + [UInt8](repeating: 0, count: 2 * size)
        let next: UInt64 = 1
        var slot = Self.slotMagic
        for shift in stride(from: 0, to: 64, by: 8) {
            slot.append(UInt8(truncatingIfNeeded: next >> UInt64(shift)))
        }
        for value in [UInt32(payload.count), CRC32.checksum(payload, startingWith: UInt32(next))] {
            for shift in stride(from: 0, to: 32, by: 8) {
                slot.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
        }
        slot += payload
        bytes.replaceSubrange(Self.headerSize + size..<Self.headerSize + size + slot.count, with: slot)
        do {
            try PrivateFile.replace(path, with: bytes)
        } catch {
            if error.reason == .system(ENOSPC) || error.errno != nil {
                throw .cannotWrite(path: path, errno: error.errno ?? EIO)
            }
            throw .unsafe(path: path, problem: error.reason)
        }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        holdsOlderFormat = false
        slotSize = size
        sequence = next
        try openForWriting()
    }

    private func header(slotSize: Int) -> [UInt8] {
        var header = format
        for shift in stride(from: 0, to: 32, by: 8) { header.append(UInt8(truncatingIfNeeded: slotSize >> shift)) }
        return header + [UInt8](repeating: 0, count: Self.headerSize - header.count)
    }
}

/// The draft file written by trendsh 0.1 (JSON: `draft`, `editingID`, `unit`), read back as
/// a weight draft record.
enum LegacyWeightDraft {
    private struct Contents: Decodable {
        struct Draft: Decodable {
            var id: DraftID
            var date: Date
            var value: String
            var note: String
        }
        var draft: Draft
        var editingID: Int64?
        var unit: WeightUnit?
    }

    static func record(from bytes: [UInt8]) -> DraftRecord? {
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            return nil
        }
        var fields = [
            "id": contents.draft.id.rawValue, "date": StoredTime.text(contents.draft.date),
            "value": contents.draft.value, "note": contents.draft.note, "legacy": "1",
        ]
        if let unit = contents.unit { fields["unit"] = unit.rawValue }
        if let id = contents.editingID { fields["editing"] = String(id) }
        return DraftRecord(kind: "weight", fields: fields)
    }
}

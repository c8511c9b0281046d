/// What a preview saw of a file: its size, its modification time and a digest of its bytes.
/// `save` refuses a file whose fingerprint is no longer this one.
public struct FileFingerprint: Equatable, Sendable {
    public var size: Int64
    /// Seconds and nanoseconds since 1970.
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
    /// The content digest; nil until the whole file has been read.
    public var hash: UInt64?

    public init(size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, hash: UInt64?) {
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.hash = hash
    }

    /// True when the size and time are the same (the digest is compared once the file is read).
    public func hasSameStamp(as other: FileFingerprint) -> Bool {
        size == other.size && modifiedSeconds == other.modifiedSeconds
            && modifiedNanoseconds == other.modifiedNanoseconds
    }

    /// `size seconds.nanoseconds hash`, as the draft file keeps it.
    var text: String {
        let digest = hash.map { String($0, radix: 16) } ?? "-"
        return "\(size) \(modifiedSeconds).\(modifiedNanoseconds) \(digest)"
    }

    /// Reads `text` back; nil for anything else.
    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let size = Int64(parts[0]) else { return nil }
        let time = parts[1].split(separator: ".")
        guard time.count == 2, let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]) else { return nil }
        var hash: UInt64?
        if parts[2] != "-" {
            guard let value = UInt64(parts[2], radix: 16) else { return nil }
            hash = value
        }
        self.init(size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds, hash: hash)
    }
}

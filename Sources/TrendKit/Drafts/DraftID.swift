/// The identity of one draft, stored with the entry it becomes so a retry never writes twice.
public struct DraftID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A fresh random identity.
    public static func make() -> DraftID { DraftID(rawValue: RandomIdentifier.make()) }

    /// The identity of the operation that saves this draft.
    public var operation: OperationID { OperationID(rawValue: rawValue) }

    public var description: String { rawValue }
}

/// The identity of one change to the store (a save, an edit, a delete, an undo), recorded
/// with it so that a retry, in this session or another, applies it once.
public struct OperationID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func make() -> OperationID { OperationID(rawValue: RandomIdentifier.make()) }

    public var description: String { rawValue }
}

/// A random version-4 UUID in lower case, from the system's generator (`getrandom`), which
/// costs two system calls rather than opening and reading /dev/urandom for each draft.
enum RandomIdentifier {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for word in [high, low] {
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        // Plain loops: `joined` on strings costs a protocol lookup at first use in every run.
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(0x2D) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

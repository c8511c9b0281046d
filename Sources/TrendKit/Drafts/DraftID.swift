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
        var bytes = (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(
            separator: "-")
    }
}

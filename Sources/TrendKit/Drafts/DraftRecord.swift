/// A draft as the draft file keeps it: its kind (`weight`, `habit`, `import`) and named text
/// fields. Each kind turns itself into a record and back; the file and the slot never look
/// inside. Encoded as length-prefixed UTF-8, so no text is escaped or grows.
public struct DraftRecord: Equatable, Sendable {
    public var kind: String
    public var fields: [String: String]

    public init(kind: String, fields: [String: String]) {
        self.kind = kind
        self.fields = fields
    }

    public subscript(key: String) -> String? { fields[key] }

    /// The field that names the store a draft was made on (`SessionStore.identity`).
    static let storeField = "store"
    /// The field that names the person whose log a draft was made on (`SessionStore.personName`).
    static let personField = "person"

    /// The log this draft was made on, as far as the file says.
    var stamp: LogStamp { LogStamp(store: fields[Self.storeField], person: fields[Self.personField]) }

    /// The person whose log the draft was made on, when the file names one.
    public var person: String? { fields[Self.personField] }

    /// This record as the draft file keeps it: with the store's identity and the person,
    /// where they are known.
    func stamped(_ stamp: LogStamp) -> DraftRecord {
        guard stamp.store != nil || stamp.person != nil else { return self }
        var record = self
        if let store = stamp.store { record.fields[Self.storeField] = store }
        if let person = stamp.person { record.fields[Self.personField] = person }
        return record
    }

    /// This record as its editor knows it: without the log's stamp.
    var unstamped: DraftRecord {
        var record = self
        record.fields[Self.storeField] = nil
        record.fields[Self.personField] = nil
        return record
    }

    private static let magic: [UInt8] = Array("TDR2".utf8)

    /// `TDR2`, then the kind and each field (sorted by key) as a UTF-8 string prefixed by
    /// its length in four bytes, little-endian; the field count comes first.
    public func encoded() -> [UInt8] {
        // Every draft edit writes one: sized once and filled in place (sorting the pairs and
        // copying each text into an array of its own cost some 20,000 instructions a record).
        let keys = fields.keys.sorted()
        var size = Self.magic.count + 4 + kind.utf8.count + 4
        for key in keys { size += 8 + key.utf8.count + (fields[key]?.utf8.count ?? 0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes.append(contentsOf: Self.magic)
        Self.append(kind, to: &bytes)
        Self.append(UInt32(keys.count), to: &bytes)
        for key in keys {
            Self.append(key, to: &bytes)
            Self.append(fields[key] ?? "", to: &bytes)
        }
        return bytes
    }

    /// Reads what `encoded()` wrote; nil for anything else (wrong magic, short or trailing
    /// bytes, invalid UTF-8, a key twice).
    public init?(decoding bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard reader.take(Self.magic.count).map(Array.init) == Self.magic, let kind = reader.string(),
            let count = reader.uint32(),
            Int(count) <= bytes.count / 8
        else { return nil }
        var fields: [String: String] = [:]
        for _ in 0..<count {
            guard let key = reader.string(), let value = reader.string(), fields[key] == nil else { return nil }
            fields[key] = value
        }
        guard reader.isAtEnd else { return nil }
        self.init(kind: kind, fields: fields)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        append(UInt32(text.utf8.count), to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }
}

/// Reads little-endian numbers and length-prefixed strings, never past the end.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func uint32() -> UInt32? {
        guard let slice = take(4) else { return nil }
        return slice.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64() -> UInt64? {
        guard let slice = take(8) else { return nil }
        return slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func string() -> String? {
        guard let length = uint32(), let slice = take(Int(length)) else { return nil }
        return String(validating: slice, as: UTF8.self)
    }
}

/// The log a draft or a queue of pending changes belongs to: the store (a server's
/// identity; nil for SQLite, whose files live beside it) and the person. Either part may be
/// unknown: not yet reached, or written by an older trendsh.
public struct LogStamp: Equatable, Sendable {
    public var store: String?
    public var person: String?

    public init(store: String? = nil, person: String? = nil) {
        self.store = store
        self.person = person
    }

    /// Each part as this stamp knows it, else as `earlier` did.
    func filled(from earlier: LogStamp?) -> LogStamp {
        LogStamp(store: store ?? earlier?.store, person: person ?? earlier?.person)
    }

    /// Why a file stamped `made` must not be used on the log stamped `self`, at `path`:
    /// another store, or another person's log. Nil when every part both know agrees.
    func refusal(of made: LogStamp, at path: String) -> DraftFileError? {
        if let theirs = made.store, let ours = store, theirs != ours { return .madeForAnotherStore(path: path) }
        if let theirs = made.person, let ours = person, theirs != ours {
            return .madeForAnotherPerson(path: path, person: theirs)
        }
        return nil
    }

    /// True when `made` has a part this stamp does not know yet, so the check must wait.
    func awaits(_ made: LogStamp?) -> Bool {
        guard let made else { return false }
        return (made.store != nil && store == nil) || (made.person != nil && person == nil)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// The name of a person whose log a store holds: on SQLite a row of `people`, on a server
/// their login role. It starts with a letter or `_` and holds letters, digits, `_`, `-` and
/// `.`, at most 63 bytes (the longest name PostgreSQL gives a role), so it is the same word
/// in a command, a file, a JSON answer and a role.
public struct PersonName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// The longest name, in bytes.
    public static let maximumLength = 63

    /// Nil when `text` is not a name a person can have.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= Self.maximumLength else { return nil }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard isLetter(first) || first == 0x5F else { return nil }
        for byte in bytes {
            let allowed =
                isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x2D || byte == 0x2E
            guard allowed else { return nil }
        }
        rawValue = text
    }

    public var description: String { rawValue }

    public static func < (lhs: PersonName, rhs: PersonName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name a store's first person has when nobody was named: no `--person`, and neither
    /// `LOGNAME` nor `USER` holds a name.
    public static let unnamed = PersonName(uncheckedName: "me")

    private init(uncheckedName: String) { rawValue = uncheckedName }

    /// The person the environment names: `LOGNAME`, else `USER` (the first that holds a name
    /// a person can have). Nil when neither does.
    public static func fromEnvironment(_ lookup: (String) -> String? = PersonName.environmentValue) -> PersonName? {
        for variable in ["LOGNAME", "USER"] {
            if let value = lookup(variable), let name = PersonName(value) { return name }
        }
        return nil
    }

    public static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}

/// Whose log a session asks for, and where the name came from: a name given on the command
/// line or by `person NAME` must be one the store holds; one read from the environment is
/// only a guess, so a store that holds a single person opens on theirs.
public struct PersonRequest: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// `--person NAME` or `person NAME`.
        case named
        /// `LOGNAME` or `USER`.
        case environment
        /// Nobody was named.
        case nobody
    }

    public let name: PersonName
    public let source: Source

    public init(name: PersonName, source: Source) {
        self.name = name
        self.source = source
    }

    /// Nobody named, whatever the environment holds: a lesson's or a transcript's session,
    /// whose store's first person is `me` wherever it runs.
    public static let nobody = PersonRequest(name: .unnamed, source: .nobody)

    /// `--person NAME` when given, else the environment's name, else nobody.
    public static func resolve(named: PersonName?, environment: PersonName? = PersonName.fromEnvironment())
        -> PersonRequest
    {
        if let named { return PersonRequest(name: named, source: .named) }
        if let environment { return PersonRequest(name: environment, source: .environment) }
        return PersonRequest(name: .unnamed, source: .nobody)
    }
}

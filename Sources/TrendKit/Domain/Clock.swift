import FoundationEssentials

/// The source of "now", passed in so logic never reads the system clock directly.
public struct Clock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    /// The system's real time.
    public static let system = Clock { Date() }

    /// A clock stopped at one moment, for reproducible transcripts and tests.
    public static func fixed(_ date: Date) -> Clock { Clock { date } }
}

/// A time zone whose local days the per-day table counts: a name that tells it from other
/// zones (with a fingerprint of its rules), and the local day of a moment in it.
public struct TrendZone: Sendable {
    /// What the table's rows for this zone are keyed by.
    public let identity: String
    private let dayOfSeconds: @Sendable (Int64) -> Int

    public init(identity: String, day: @escaping @Sendable (Int64) -> Int) {
        self.identity = identity
        dayOfSeconds = day
    }

    /// The zone trendsh runs in (`TZ`, or `/etc/localtime`), as it is now.
    public static var local: TrendZone {
        TrendZone(identity: LocalCalendar.zoneIdentity(), day: { LocalCalendar.dayNumber(unixSeconds: $0) })
    }

    /// The local day (days since 1970-01-01) of a moment given in whole seconds since 1970.
    public func day(unixSeconds: Int64) -> Int { dayOfSeconds(unixSeconds) }
}

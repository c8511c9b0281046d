import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Calendar arithmetic in the process's local time zone (`TZ`), through the C library.
/// FoundationEssentials has no local-time calendar without ICU; the C library has one.
public enum LocalCalendar {
    /// The fields of a local date and time.
    public struct Fields: Equatable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// Breaks a date into local fields.
    public static func fields(of date: Date) -> Fields {
        // A date read from a damaged row may be anything: clamp rather than trap.
        let interval = date.timeIntervalSince1970
        var seconds = interval.isFinite ? time_t(max(-1e15, min(1e15, interval.rounded(.down)))) : 0
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Fields(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The local moment with these fields, or nil when they name no real date (February 30).
    public static func date(from fields: Fields) -> Date? {
        var parts = tm()
        parts.tm_year = Int32(fields.year - 1900)
        parts.tm_mon = Int32(fields.month - 1)
        parts.tm_mday = Int32(fields.day)
        parts.tm_hour = Int32(fields.hour)
        parts.tm_min = Int32(fields.minute)
        parts.tm_sec = Int32(fields.second)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        guard seconds != -1,
            Int(parts.tm_year) + 1900 == fields.year, Int(parts.tm_mon) + 1 == fields.month,
            Int(parts.tm_mday) == fields.day
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The same local time of day, `days` calendar days later (earlier when negative).
    public static func adding(days: Int, to date: Date) -> Date? {
        var parts = fields(of: date)
        parts.day += days
        var normalized = tm()
        normalized.tm_year = Int32(parts.year - 1900)
        normalized.tm_mon = Int32(parts.month - 1)
        normalized.tm_mday = Int32(parts.day)
        normalized.tm_hour = Int32(parts.hour)
        normalized.tm_min = Int32(parts.minute)
        normalized.tm_sec = Int32(parts.second)
        normalized.tm_isdst = -1
        let seconds = mktime(&normalized)
        return seconds == -1 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `2026-11-29 08:05` in local time.
    public static func minuteText(_ date: Date) -> String {
        let f = fields(of: date)
        return "\(dayText(f)) \(pad(f.hour)):\(pad(f.minute))"
    }

    /// `2026-11-29` in local time.
    public static func dayText(_ date: Date) -> String { dayText(fields(of: date)) }

    static func dayText(_ f: Fields) -> String {
        "\(pad(f.year, width: 4))-\(pad(f.month))-\(pad(f.day))"
    }

    static func pad(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

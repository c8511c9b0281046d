import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Calendar arithmetic in the process's local time zone (`TZ`), through the C library.
/// FoundationEssentials has no local-time calendar without ICU; the C library has one.
public enum LocalCalendar {
    /// The years trendsh reads and writes: four digits, and no calendar reform in between.
    public static let years = 1900...9999

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

    /// What a local date and time names, given the zone's daylight-saving changes.
    public enum Resolution: Equatable, Sendable {
        /// One moment.
        case exact(Date)
        /// The clocks went back, so the time happened twice; `earlier` is the first.
        case ambiguous(earlier: Date, later: Date)
        /// The clocks went forward over this time, so it never happened.
        case nonexistent
        /// The fields name no date (February 30) or a year outside 1900–9999.
        case invalid

        /// The moment, or the first of two; nil when there is none.
        public var earliest: Date? {
            switch self {
            case .exact(let date), .ambiguous(let date, _): return date
            case .nonexistent, .invalid: return nil
            }
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

    /// Every moment whose local fields are exactly `fields`: none in a spring-forward gap,
    /// two in an autumn overlap. `mktime` is asked with each daylight-saving guess, and only
    /// answers whose own fields match are kept (its -1 is a real time, 1969-12-31 23:59:59
    /// UTC, so failure is told by the unchanged weekday instead).
    public static func resolve(_ fields: Fields) -> Resolution {
        guard years.contains(fields.year), (0..<24).contains(fields.hour), (0..<60).contains(fields.minute),
            (0..<60).contains(fields.second),
            Timestamp.daysFromCivil(year: fields.year, month: fields.month, day: fields.day) != nil
        else { return .invalid }
        var found: [time_t] = []
        for guess: Int32 in [-1, 0, 1] {
            guard let seconds = makeTime(fields, isDaylightSaving: guess) else { continue }
            var copy = seconds
            var parts = tm()
            localtime_r(&copy, &parts)
            let back = Fields(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
            if back == fields && !found.contains(seconds) { found.append(seconds) }
        }
        found.sort()
        switch found.count {
        case 0: return .nonexistent
        case 1: return .exact(Date(timeIntervalSince1970: TimeInterval(found[0])))
        default:
            return .ambiguous(
                earlier: Date(timeIntervalSince1970: TimeInterval(found[0])),
                later: Date(timeIntervalSince1970: TimeInterval(found[found.count - 1])))
        }
    }

    /// The first moment after the spring-forward gap that swallowed `fields`: the local
    /// time the clocks jumped to (03:00 for a 02:30 that never happened). Nil when the fields
    /// are in no gap or name no date.
    public static func firstMomentAfterGap(_ fields: Fields) -> Date? {
        guard resolve(fields) == .nonexistent else { return nil }
        var later = fields
        later.second = 0
        // A gap is an hour or two where clocks change; a zone that moved across the date
        // line skipped a whole day. Two days of minutes cover any of them.
        for _ in 0..<(2 * 24 * 60) {
            later.minute += 1
            if later.minute == 60 {
                later.minute = 0
                later.hour += 1
            }
            if later.hour == 24 {
                guard let day = Timestamp.daysFromCivil(year: later.year, month: later.month, day: later.day) else {
                    return nil
                }
                let next = Timestamp.civilFromDays(day + 1)
                later = Fields(year: next.year, month: next.month, day: next.day)
            }
            if let moment = resolve(later).earliest { return moment }
        }
        return nil
    }

    /// The last millisecond of the local day `date` falls on: the moment before the next
    /// day's first (its midnight, or the first time after a change that skipped it). On the
    /// last day trendsh keeps (9999-12-31), whose next day it cannot name, `date` itself.
    ///
    /// Every save asks this, so it reads the clock's rules through `localtime_r` alone: the
    /// next day's first second is found by halving the two days after `date` (a few dozen
    /// conversions), where `mktime` would search for it once per guess of daylight saving.
    public static func lastMomentOfDay(of date: Date) -> Date {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return date }
        let today = dayNumber(of: date)
        guard let lastKept = Timestamp.daysFromCivil(year: years.upperBound, month: 12, day: 31), today < lastKept
        else { return date }
        // `low` is on today (or before), `high` after it: a local day is at most 26 hours
        // long, so two days on is always after it.
        var low = Int64(interval.rounded(.down))
        var high = low + 2 * 86_400
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if dayNumber(unixSeconds: middle) > today { high = middle } else { low = middle }
        }
        return Date(timeIntervalSince1970: max(interval, Double(high) - 0.001))
    }

    /// `mktime` for these fields, normalising out-of-range ones; nil when it fails.
    private static func makeTime(_ fields: Fields, isDaylightSaving: Int32) -> time_t? {
        var parts = tm()
        parts.tm_year = Int32(clamping: fields.year - 1900)
        parts.tm_mon = Int32(clamping: fields.month - 1)
        parts.tm_mday = Int32(clamping: fields.day)
        parts.tm_hour = Int32(clamping: fields.hour)
        parts.tm_min = Int32(clamping: fields.minute)
        parts.tm_sec = Int32(clamping: fields.second)
        parts.tm_isdst = isDaylightSaving
        parts.tm_wday = -1
        let seconds = mktime(&parts)
        return parts.tm_wday == -1 ? nil : seconds
    }

    /// The local moment with these fields: the first of two in an autumn overlap; nil when
    /// they name no real moment.
    public static func date(from fields: Fields) -> Date? { resolve(fields).earliest }

    /// The same local time of day, `days` calendar days later (earlier when negative). In a
    /// spring-forward gap the time moves forward with the clocks; nil outside 1900–9999.
    public static func adding(days: Int, to date: Date) -> Date? {
        var parts = fields(of: date)
        parts.day += days
        guard let seconds = makeTime(parts, isDaylightSaving: -1) else { return nil }
        let result = Date(timeIntervalSince1970: TimeInterval(seconds))
        return years.contains(fields(of: result).year) ? result : nil
    }

    /// The local calendar day of a date, as days since 1970-01-01.
    public static func dayNumber(of date: Date) -> Int {
        let f = fields(of: date)
        return Timestamp.daysFromCivil(year: f.year, month: f.month, day: f.day) ?? 0
    }

    /// The local calendar day of a moment given in whole seconds since 1970 (rounded down).
    public static func dayNumber(unixSeconds: Int64) -> Int {
        var seconds = time_t(max(-1_000_000_000_000, min(1_000_000_000_000, unixSeconds)))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Timestamp.daysFromCivil(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) ?? 0
    }

    /// `2026-11-29 08:05` in local time.
    public static func minuteText(_ date: Date) -> String {
        let f = fields(of: date)
        return "\(dayText(f)) \(pad(f.hour)):\(pad(f.minute))"
    }

    /// `2026-11-29` in local time.
    public static func dayText(_ date: Date) -> String { dayText(fields(of: date)) }

    /// `2026-11-29` for a day number (days since 1970-01-01).
    public static func dayText(dayNumber: Int) -> String {
        let (year, month, day) = Timestamp.civilFromDays(dayNumber)
        return dayText(Fields(year: year, month: month, day: day))
    }

    static func dayText(_ f: Fields) -> String {
        "\(pad(f.year, width: 4))-\(pad(f.month))-\(pad(f.day))"
    }

    static func pad(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension LocalCalendar {
    /// Names the local time zone well enough to tell when it changed: `TZ`, or where
    /// `/etc/localtime` points, with the UTC offsets of a winter and a summer day (so a
    /// zone file replaced in place is noticed too). Per-day figures are kept for one zone
    /// and rebuilt when this changes.
    public static func zoneIdentity() -> String {
        let name: String
        if let value = getenv("TZ") {
            name = "TZ=" + String(cString: value)
        } else {
            // Into uninitialised memory: a zeroed array and a copy of it cost more than the call.
            name = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
                guard let start = buffer.baseAddress else { return "/etc/localtime" }
                let count = readlink("/etc/localtime", start, buffer.count - 1)
                return count > 0
                    ? String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
                    : "/etc/localtime"
            }
        }
        // The offsets are worked out once for each name: within a run the C library keeps the
        // rules it read for a zone until `TZ` names another, so the same name gives the same.
        if let known = lastIdentity.withLock({ $0 }), known.name == name { return known.identity }
        // 2026-01-15 and 2026-07-15, noon UTC.
        func offset(at instant: time_t) -> Int {
            var seconds = instant
            var parts = tm()
            localtime_r(&seconds, &parts)
            return parts.tm_gmtoff
        }
        let identity = "\(name) \(offset(at: 1_768_478_400))/\(offset(at: 1_784_116_800))"
        lastIdentity.withLock { $0 = (name, identity) }
        return identity
    }

    /// The last identity worked out, and the zone name it was worked out for.
    private static let lastIdentity = Mutex<(name: String, identity: String)?>(nil)
}

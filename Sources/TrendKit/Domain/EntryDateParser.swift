import FoundationEssentials

/// Reads the date forms a person types for an entry: `today`, `yesterday`, `-3d`,
/// `2026-11-28` (keeps the current time of day) and `2026-11-28 07:30`, in local time.
public enum EntryDateParser {
    /// What a typed date names.
    public struct Parsed: Equatable, Sendable {
        public var date: Date
        /// True when the local time happened twice (the clocks went back) and the first was taken.
        public var tookEarlierOfTwo: Bool
        /// The time of day kept from the draft when it did not happen on the day typed (the
        /// clocks went forward over it), so `date` is the first moment after the change.
        public var movedPastGap: LocalCalendar.Fields?

        public init(date: Date, tookEarlierOfTwo: Bool = false, movedPastGap: LocalCalendar.Fields? = nil) {
            self.date = date
            self.tookEarlierOfTwo = tookEarlierOfTwo
            self.movedPastGap = movedPastGap
        }
    }

    /// - Parameters:
    ///   - now: the moment `today`, `yesterday` and `-Nd` count from.
    ///   - timeOfDay: the moment whose local time of day a bare `YYYY-MM-DD` keeps (the
    ///     draft's or the entry's date); `now` when nil.
    public static func date(from text: String, now: Date, timeOfDay: Date? = nil) throws(DateTextError)
        -> Parsed
    {
        let trimmed = text.trimmingWhitespace()
        let lowered = trimmed.lowercased()
        let relative: Date?
        switch lowered {
        case "now", "today": return Parsed(date: now)
        case "yesterday": relative = LocalCalendar.adding(days: -1, to: now)
        default:
            guard lowered.hasPrefix("-"), lowered.hasSuffix("d"), lowered.count >= 3,
                lowered.dropFirst().dropLast().allSatisfy(\.isASCIIDigitCharacter),
                let days = Int(lowered.dropFirst().dropLast()), days <= 36_500
            else { return try absoluteDate(trimmed, timeOfDay: timeOfDay ?? now) }
            relative = LocalCalendar.adding(days: -days, to: now)
        }
        guard let relative else { throw .outOfRange(trimmed) }
        return Parsed(date: relative)
    }

    /// `YYYY-MM-DD` (at the local time of day of `timeOfDay`) or `YYYY-MM-DD HH:MM`, in local time.
    static func absoluteDate(_ text: String, timeOfDay: Date) throws(DateTextError) -> Parsed {
        let halves = text.split(separator: " ", omittingEmptySubsequences: true)
        guard halves.count == 1 || halves.count == 2, var fields = dayFields(halves[0], anyYear: true) else {
            throw .unreadable(text)
        }
        guard LocalCalendar.years.contains(fields.year) else { throw .outOfRange(text) }
        if halves.count == 2 {
            guard let (hour, minute) = timeFields(halves[1]) else { throw .unreadable(text) }
            fields.hour = hour
            fields.minute = minute
        } else {
            let kept = LocalCalendar.fields(of: timeOfDay)
            fields.hour = kept.hour
            fields.minute = kept.minute
            fields.second = kept.second
        }
        switch LocalCalendar.resolve(fields) {
        case .exact(let date): return Parsed(date: date)
        case .ambiguous(let earlier, _): return Parsed(date: earlier, tookEarlierOfTwo: true)
        case .nonexistent:
            // A time typed is the person's: it did not happen, and they say which to use. A
            // time kept from the draft moves to the first moment after the change.
            guard halves.count == 1, let moved = LocalCalendar.firstMomentAfterGap(fields) else {
                throw .nonexistentLocalTime(text)
            }
            return Parsed(date: moved, movedPastGap: fields)
        case .invalid: throw .unreadable(text)
        }
    }

    /// `YYYY-MM-DD` with four-digit years; only 1900–9999 unless `anyYear`.
    static func dayFields(_ text: Substring, anyYear: Bool = false) -> LocalCalendar.Fields? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigitCharacter) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            anyYear || LocalCalendar.years.contains(year),
            Timestamp.daysFromCivil(year: year, month: month, day: day) != nil
        else { return nil }
        return LocalCalendar.Fields(year: year, month: month, day: day)
    }

    static func timeFields(_ text: Substring) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigitCharacter) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return (hour, minute)
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

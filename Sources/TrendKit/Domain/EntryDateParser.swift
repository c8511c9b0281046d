import FoundationEssentials

/// Reads the date forms a person types for an entry: `today`, `yesterday`, `-3d`,
/// `2026-11-28` (keeps the current time of day) and `2026-11-28 07:30`.
public enum EntryDateParser {
    /// The forms accepted, for help and error text.
    public static let acceptedForms = "YYYY-MM-DD, YYYY-MM-DD HH:MM, today, yesterday or -Nd"

    public static func date(from text: String, now: Date) throws(WeightValidationError) -> Date {
        let trimmed = text.trimmingWhitespace()
        let lowered = trimmed.lowercased()
        let result: Date?
        switch lowered {
        case "now", "today": result = now
        case "yesterday": result = LocalCalendar.adding(days: -1, to: now)
        default:
            if lowered.hasPrefix("-"), lowered.hasSuffix("d"), lowered.count >= 3,
                let days = Int(lowered.dropFirst().dropLast()), days >= 0, days <= 36_500,
                lowered.dropFirst().dropLast().allSatisfy(\.isASCIIDigitCharacter)
            {
                result = LocalCalendar.adding(days: -days, to: now)
            } else {
                result = absoluteDate(trimmed, now: now)
            }
        }
        guard let result else { throw .unreadableDate(trimmed) }
        return result
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, in local time.
    static func absoluteDate(_ text: String, now: Date) -> Date? {
        let halves = text.split(separator: " ", omittingEmptySubsequences: true)
        guard halves.count == 1 || halves.count == 2, let day = dayFields(halves[0]) else { return nil }
        var fields = day
        if halves.count == 2 {
            guard let (hour, minute) = timeFields(halves[1]) else { return nil }
            fields.hour = hour
            fields.minute = minute
        } else {
            let current = LocalCalendar.fields(of: now)
            fields.hour = current.hour
            fields.minute = current.minute
            fields.second = current.second
        }
        return LocalCalendar.date(from: fields)
    }

    static func dayFields(_ text: Substring) -> LocalCalendar.Fields? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigitCharacter) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
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

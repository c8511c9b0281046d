import FoundationEssentials

/// The form every time takes in the store: ISO 8601 in UTC with milliseconds,
/// `2026-11-29T08:00:00.000Z`. SQLite's date functions, `sqlite3` and Datasette read it
/// directly, and it sorts in time order (years 1900–9999 have four digits).
public enum StoredTime {
    /// The moment rounded to the millisecond, which is what the store keeps.
    public static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// Milliseconds since 1970, rounded half away from zero.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.toNearestOrAwayFromZero)
        guard value.isFinite else { return 0 }
        return Int64(max(-1e17, min(1e17, value)))
    }

    /// `2026-11-29T08:00:00.000Z`.
    public static func text(_ date: Date) -> String {
        let total = milliseconds(date)
        let millis = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millis)) / 1000
        let days = Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = Timestamp.civilFromDays(days)
        return "\(LocalCalendar.pad(year, width: 4))-\(LocalCalendar.pad(month))-\(LocalCalendar.pad(day))T"
            + "\(LocalCalendar.pad(secondOfDay / 3600)):\(LocalCalendar.pad(secondOfDay % 3600 / 60)):"
            + "\(LocalCalendar.pad(secondOfDay % 60)).\(LocalCalendar.pad(millis, width: 3))Z"
    }

    /// True for a moment whose UTC year is within 1900–9999, so its text has four digits
    /// and sorts in time order.
    public static func isKeepable(_ date: Date) -> Bool {
        let text = self.text(date)
        guard text.utf8.count == 24, let year = Int(text.prefix(4)) else { return false }
        return LocalCalendar.years.contains(year)
    }

    /// Reads the stored form back; nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let millis = number(20..<23), (1...12).contains(month), hour < 24, minute < 60, second < 60,
            let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        else { return nil }
        let total = (Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000 + Int64(millis)
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }
}

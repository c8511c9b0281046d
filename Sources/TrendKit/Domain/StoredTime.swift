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
        // The years the store keeps, written digit by digit: a draft file's record and every
        // save write several of these, and interpolation cost some 8,000 instructions each.
        if (0...9999).contains(year) {
            return String(unsafeUninitializedCapacity: 24) { buffer in
                var index = 0
                func put(_ value: Int, digits: Int) {
                    var divisor = 1
                    for _ in 1..<digits { divisor *= 10 }
                    while divisor > 0 {
                        buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                        index += 1
                        divisor /= 10
                    }
                }
                func put(_ character: Unicode.Scalar) {
                    buffer[index] = UInt8(ascii: character)
                    index += 1
                }
                put(year, digits: 4)
                put("-")
                put(month, digits: 2)
                put("-")
                put(day, digits: 2)
                put("T")
                put(secondOfDay / 3600, digits: 2)
                put(":")
                put(secondOfDay % 3600 / 60, digits: 2)
                put(":")
                put(secondOfDay % 60, digits: 2)
                put(".")
                put(millis, digits: 3)
                put("Z")
                return index
            }
        }
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
        guard let total = bytes.withUnsafeBufferPointer({ TimeText.milliseconds(stored: $0) }) else { return nil }
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }
}

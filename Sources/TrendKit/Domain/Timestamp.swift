import FoundationEssentials

/// Parses the ISO 8601 timestamps used for a fixed clock (`--now`, `# now:`):
/// `2026-11-29T08:00:00Z`, `2026-11-29T08:00Z`, `2026-11-29T08:00:00+01:00`, or without a
/// zone (local time). A space may stand for the `T`. Years 1900–9999 only.
public enum Timestamp {
    public static func parse(_ text: String) -> Date? {
        var body = Substring(text.trimmingWhitespace())
        guard body.count >= 16 else { return nil }
        var offsetSeconds: Int?
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            offsetSeconds = 0
            body = body.dropLast()
        } else if body.count > 19 || (body.count > 16 && body.dropFirst(16).contains(where: { $0 == "+" || $0 == "-" }))
        {
            let tail = body.dropFirst(16)
            if let signIndex = tail.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                let zone = body[signIndex...]
                guard let offset = zoneOffset(zone) else { return nil }
                offsetSeconds = offset
                body = body[..<signIndex]
            }
        }
        let dateEnd = body.index(body.startIndex, offsetBy: 10)
        let separator = body[dateEnd]
        guard separator == "T" || separator == "t" || separator == " ",
            let day = EntryDateParser.dayFields(body[..<dateEnd])
        else { return nil }
        let clock = body[body.index(after: dateEnd)...]
        let clockParts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard clockParts.count == 2 || clockParts.count == 3,
            let (hour, minute) = EntryDateParser.timeFields(clockParts[0] + ":" + clockParts[1])
        else { return nil }
        var second = 0
        if clockParts.count == 3 {
            guard clockParts[2].count == 2, clockParts[2].allSatisfy(\.isASCIIDigitCharacter),
                let value = Int(clockParts[2]), value < 60
            else { return nil }
            second = value
        }
        var fields = day
        fields.hour = hour
        fields.minute = minute
        fields.second = second
        let moment: Date
        if let offsetSeconds {
            guard let days = daysFromCivil(year: day.year, month: day.month, day: day.day) else { return nil }
            let utc = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
            moment = Date(timeIntervalSince1970: TimeInterval(utc))
        } else {
            guard let local = LocalCalendar.resolve(fields).earliest else { return nil }
            moment = local
        }
        return StoredTime.isKeepable(moment) ? moment : nil
    }

    /// `+01:00`, `-0530`, `+01`.
    static func zoneOffset(_ zone: Substring) -> Int? {
        let sign = zone.first == "-" ? -1 : 1
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy(\.isASCIIDigitCharacter), digits.count == 2 || digits.count == 4,
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.count == 4 ? String(digits.suffix(2)) : "0"),
            hours < 24, minutes < 60
        else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
    /// algorithm); nil for a day the month does not have.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
        let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        guard (1...12).contains(month), day >= 1, day <= monthLengths[month - 1] + (month == 2 && leap ? 1 : 0)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (the inverse of `daysFromCivil`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

import FoundationEssentials

/// Reads the dates and times that exports write, without the process locale:
/// `2026-11-29T08:00:00.000+01:00`, `2026-11-29 08:00:00 -0800`, `2026-11-29 08:00`,
/// `2026-11-29T08:00:00Z`, `2026-11-29` with a separate `08:00[:00]`, and Fitbit's
/// `11/29/26`, and a spreadsheet's `29.11.2026` or `29/11/2026` (day first) and
/// `11/29/2026` (month first), each with a time or not. A time without a zone is local time
/// (the first of two in an autumn overlap; none in a spring gap). A day without a time, in any layout, is kept at 12:00
/// local time on that day (or at the first time after the clocks' change, in a zone whose
/// clocks skip noon), whatever the hour of the import, so importing it again finds it.
enum ImportDateParser {
    /// What a row's date reads as.
    struct Reading: Equatable {
        /// The moment to store, as milliseconds since 1970.
        var milliseconds: Int64
        /// For a row without a time, the day it names (days since 1970, local calendar),
        /// by which it is judged; nil for a row with a time.
        var day: Int?
    }

    /// Milliseconds since 1970, or nil when the text is not such a date or falls outside
    /// the years 1900–9999 (UTC years, when the text has an offset).
    static func milliseconds(_ row: RawRow) -> Int64? { read(row)?.milliseconds }

    /// The row's moment, and its day when it names no time; nil when the text is not such a
    /// date or falls outside the years 1900–9999.
    static func read(_ row: RawRow) -> Reading? {
        row.bytes.withUnsafeBufferPointer { bytes in
            var date = Cursor(bytes, row.date)
            let read: LocalCalendar.Fields?
            switch row.dateOrder {
            case .yearMonthDay: read = date.yearMonthDay()
            case .monthDayYear: read = date.monthDayYear()
            case .dayMonthYear: read = date.dayMonthYear()
            }
            guard var fields = read else { return nil }
            var millis = 0
            var zone: Int?
            var hasTime = false
            if date.skipSeparator() {
                guard date.time(into: &fields, millis: &millis) else { return nil }
                hasTime = true
                date.skipSpaces()
                if !date.isAtEnd {
                    guard let offset = date.zone() else { return nil }
                    zone = offset
                }
            }
            guard date.isAtEnd else { return nil }
            if let timeRange = row.time {
                var time = Cursor(bytes, timeRange)
                if !time.isAtEnd {
                    guard !hasTime, time.time(into: &fields, millis: &millis) else { return nil }
                    hasTime = true
                    time.skipSpaces()
                    if !time.isAtEnd {
                        guard let offset = time.zone() else { return nil }
                        zone = offset
                    }
                    guard time.isAtEnd else { return nil }
                }
            }
            guard hasTime else {
                fields.hour = 12
                guard let day = Timestamp.daysFromCivil(year: fields.year, month: fields.month, day: fields.day),
                    let milliseconds = moment(fields, millis: 0, zone: nil, afterGap: true)
                else { return nil }
                return Reading(milliseconds: milliseconds, day: day)
            }
            return moment(fields, millis: millis, zone: zone).map { Reading(milliseconds: $0, day: nil) }
        }
    }

    /// `afterGap`: a local time the clocks skipped is the first time after the change,
    /// rather than no moment at all (for the noon of a day without a time).
    private static func moment(_ fields: LocalCalendar.Fields, millis: Int, zone: Int?, afterGap: Bool = false)
        -> Int64?
    {
        // With an offset, the instant decides: 1900-01-01T00:00Z is written
        // 1899-12-31T19:00-05:00 in New York, and it is a moment the store keeps.
        let years =
            zone == nil ? LocalCalendar.years : (LocalCalendar.years.lowerBound - 1)...LocalCalendar.years.upperBound
        guard years.contains(fields.year), fields.hour < 24, fields.minute < 60, fields.second < 60,
            let days = Timestamp.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
        else { return nil }
        let seconds: Int64
        if let zone {
            seconds =
                Int64(days) * 86_400 + Int64(fields.hour * 3_600 + fields.minute * 60 + fields.second) - Int64(zone)
        } else {
            guard
                let local = LocalCalendar.resolve(fields).earliest
                    ?? (afterGap ? LocalCalendar.firstMomentAfterGap(fields) : nil)
            else { return nil }
            seconds = Int64(local.timeIntervalSince1970)
        }
        let total = seconds * 1_000 + Int64(millis)
        guard keepable.contains(total) else { return nil }
        return total
    }

    /// The moments whose UTC year is within 1900–9999, as milliseconds: what the store keeps.
    private static let keepable: ClosedRange<Int64> = {
        let first = Int64(Timestamp.daysFromCivil(year: 1900, month: 1, day: 1) ?? 0) * 86_400_000
        let last = Int64(Timestamp.daysFromCivil(year: 9999, month: 12, day: 31) ?? 0) * 86_400_000 + 86_399_999
        return first...last
    }()

    /// Walks a range of bytes, trimmed of spaces at both ends.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            self.bytes = bytes
            var start = range.lowerBound
            var end = range.upperBound
            while start < end && Self.isSpace(bytes[start]) { start += 1 }
            while end > start && Self.isSpace(bytes[end - 1]) { end -= 1 }
            index = start
            self.end = end
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

        var isAtEnd: Bool { index >= end }

        func peek() -> UInt8? { index < end ? bytes[index] : nil }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int? {
            guard end - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }

        /// One or two digits.
        mutating func shortNumber() -> Int? {
            guard let first = digits(1) else { return nil }
            if let byte = peek(), byte >= 0x30 && byte <= 0x39 {
                index += 1
                return first * 10 + Int(byte - 0x30)
            }
            return first
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            index += 1
            return true
        }

        mutating func yearMonthDay() -> LocalCalendar.Fields? {
            guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
                return nil
            }
            return LocalCalendar.Fields(year: year, month: month, day: day)
        }

        /// `MM/DD/YY` (20YY) or `MM/DD/YYYY`; one-digit months and days too.
        mutating func monthDayYear() -> LocalCalendar.Fields? {
            guard let month = shortNumber(), expect(0x2F), let day = shortNumber(), expect(0x2F) else { return nil }
            let start = index
            while let byte = peek(), byte >= 0x30 && byte <= 0x39 { index += 1 }
            let length = index - start
            index = start
            guard length == 2 || length == 4, let year = digits(length) else { return nil }
            return LocalCalendar.Fields(year: length == 2 ? 2000 + year : year, month: month, day: day)
        }

        /// `DD.MM.YYYY` or `DD/MM/YYYY` (one separator, twice); one-digit days and months too.
        mutating func dayMonthYear() -> LocalCalendar.Fields? {
            guard let day = shortNumber(), let separator = peek(), separator == 0x2E || separator == 0x2F else {
                return nil
            }
            index += 1
            guard let month = shortNumber(), expect(separator), let year = digits(4) else { return nil }
            if let byte = peek(), byte >= 0x30 && byte <= 0x39 { return nil }
            return LocalCalendar.Fields(year: year, month: month, day: day)
        }

        /// The `T` or spaces between a date and its time; false at the end of the text.
        mutating func skipSeparator() -> Bool {
            guard let byte = peek() else { return false }
            if byte == 0x54 || byte == 0x74 {
                index += 1
                return true
            }
            guard Self.isSpace(byte) else { return false }
            skipSpaces()
            return !isAtEnd
        }

        mutating func skipSpaces() {
            while let byte = peek(), Self.isSpace(byte) { index += 1 }
        }

        /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff…` (rounded to the millisecond); one-digit hours too.
        mutating func time(into fields: inout LocalCalendar.Fields, millis: inout Int) -> Bool {
            guard let hour = shortNumber(), expect(0x3A), let minute = digits(2) else { return false }
            fields.hour = hour
            fields.minute = minute
            fields.second = 0
            millis = 0
            guard expect(0x3A) else { return true }
            guard let second = digits(2) else { return false }
            fields.second = second
            guard peek() == 0x2E || peek() == 0x2C else { return true }
            index += 1
            var value = 0
            var places = 0
            var roundUp = false
            while let byte = peek(), byte >= 0x30 && byte <= 0x39 {
                if places < 3 {
                    value = value * 10 + Int(byte - 0x30)
                } else if places == 3 {
                    roundUp = byte >= 0x35
                }
                places += 1
                index += 1
            }
            guard places > 0 else { return false }
            while places < 3 {
                value *= 10
                places += 1
            }
            millis = value + (roundUp ? 1 : 0)
            return true
        }

        /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, as seconds east of UTC.
        mutating func zone() -> Int? {
            guard let byte = peek() else { return nil }
            if byte == 0x5A || byte == 0x7A {
                index += 1
                return 0
            }
            guard byte == 0x2B || byte == 0x2D else { return nil }
            index += 1
            let sign = byte == 0x2D ? -1 : 1
            guard let hours = digits(2), hours < 24 else { return nil }
            var minutes = 0
            if !isAtEnd {
                _ = expect(0x3A)
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}

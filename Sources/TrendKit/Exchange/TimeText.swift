#if canImport(Glibc)
    import Glibc
#endif

/// Times as bytes, for reading and writing a million of them without building a `String`
/// for each: the store's form (`2026-11-29T08:00:00.000Z`) and local time with its offset
/// (`2026-11-29T09:00:00.000+01:00`), as exports write it.
enum TimeText {
    /// Appends the store's form of `milliseconds` since 1970 (24 bytes).
    static func appendStored(_ milliseconds: Int64, to bytes: inout [UInt8]) {
        let millis = Int(((milliseconds % 1_000) + 1_000) % 1_000)
        let seconds = (milliseconds - Int64(millis)) / 1_000
        let days = Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = Timestamp.civilFromDays(days)
        appendDate(year, month, day, to: &bytes)
        bytes.append(0x54)
        appendClock(secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60, millis, to: &bytes)
        bytes.append(0x5A)
    }

    /// Appends `milliseconds` since 1970 as local time with its offset from UTC. An offset
    /// of odd seconds (local mean time before a zone's standard time, such as Paris's
    /// +00:09:21 before 1911) has no ISO 8601 form, so such a time is written in UTC.
    static func appendLocal(_ milliseconds: Int64, to bytes: inout [UInt8]) {
        appendLocal(milliseconds, parts: localParts(milliseconds), to: &bytes)
    }

    /// The local calendar fields of `milliseconds` since 1970, read once for both the text
    /// and the day (`localDay`).
    static func localParts(_ milliseconds: Int64) -> tm {
        let millis = ((milliseconds % 1_000) + 1_000) % 1_000
        var seconds = time_t((milliseconds - millis) / 1_000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts
    }

    /// The local day of `parts`, as days since 1970-01-01.
    static func localDay(_ parts: tm) -> Int {
        Timestamp.daysFromCivil(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? 0
    }

    /// `appendLocal` with the local fields already read by `localParts(milliseconds)`.
    static func appendLocal(_ milliseconds: Int64, parts: tm, to bytes: inout [UInt8]) {
        let millis = Int(((milliseconds % 1_000) + 1_000) % 1_000)
        guard parts.tm_gmtoff % 60 == 0 else { return appendStored(milliseconds, to: &bytes) }
        appendDate(Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), to: &bytes)
        bytes.append(0x54)
        appendClock(Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis, to: &bytes)
        let offset = Int(parts.tm_gmtoff)
        bytes.append(offset < 0 ? 0x2D : 0x2B)
        let minutes = abs(offset) / 60
        appendDigits(minutes / 60, 2, to: &bytes)
        bytes.append(0x3A)
        appendDigits(minutes % 60, 2, to: &bytes)
    }

    /// Reads the store's form back; nil for anything else.
    static func milliseconds(stored bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
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
        return (Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)) * 1_000 + Int64(millis)
    }

    private static func appendDate(_ year: Int, _ month: Int, _ day: Int, to bytes: inout [UInt8]) {
        appendDigits(year, 4, to: &bytes)
        bytes.append(0x2D)
        appendDigits(month, 2, to: &bytes)
        bytes.append(0x2D)
        appendDigits(day, 2, to: &bytes)
    }

    private static func appendClock(_ hour: Int, _ minute: Int, _ second: Int, _ millis: Int, to bytes: inout [UInt8]) {
        appendDigits(hour, 2, to: &bytes)
        bytes.append(0x3A)
        appendDigits(minute, 2, to: &bytes)
        bytes.append(0x3A)
        appendDigits(second, 2, to: &bytes)
        bytes.append(0x2E)
        appendDigits(millis, 3, to: &bytes)
    }

    /// `value` in exactly `width` decimal digits (the years trendsh keeps have four).
    static func appendDigits(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = abs(value) % (divisor * 10)
        while divisor > 0 {
            bytes.append(UInt8(0x30 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

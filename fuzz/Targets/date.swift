import FoundationEssentials

@testable import TrendKit
@testable import TrendShell

#if canImport(Glibc)
    import Glibc
#endif

/// Zones with daylight saving both ways, half-hour and odd offsets, as POSIX TZ strings (so
/// no zone files are needed), and clocks at the edges of the years trendsh keeps and on the
/// days the clocks change.
private let zones = [
    "UTC0", "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0",
    "<+1345>-13:45<+1245>-12:45,M9.5.0/2:45,M4.1.0/3:45",
    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
]
private let clocks = [
    "2026-11-29T08:00:00.000Z", "2026-03-29T01:30:00.000Z", "2026-10-25T00:30:00.000Z", "2026-03-08T07:30:00.000Z",
    "1900-01-02T12:00:00.000Z", "9999-12-30T12:00:00.000Z", "1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z",
].compactMap(StoredTime.date)

/// The date parser, `EntryDateParser`. Whatever is typed, a date it accepts lies in the
/// years 1900–9999 and shows as what was typed: `YYYY-MM-DD HH:MM` as itself, `YYYY-MM-DD`
/// as that day, `-Nd` and `yesterday` as the day N days before the clock's; and the
/// sentence for a date it refuses holds no control character once escaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard bytes.count >= 2 else { return 0 }
    Fuzz.setEnvironment("TZ", zones[Int(bytes[0]) % zones.count])
    tzset()
    let now = clocks[Int(bytes[1]) % clocks.count]
    let text = Fuzz.text(bytes.dropFirst(2))
    let parsed: EntryDateParser.Parsed
    do {
        parsed = try EntryDateParser.date(from: text, now: now)
    } catch {
        let shown = DisplayText.escaped(Messages.reason(error))
        Fuzz.check(!Fuzz.hasControl(shown), "the message for \(text.debugDescription) holds a control character")
        return 0
    }
    let trimmed = text.trimmingWhitespace()
    let lowered = trimmed.lowercased()
    if lowered == "now" || lowered == "today" {
        Fuzz.check(parsed.date == now, "\(text.debugDescription) is not the clock's time")
        return 0
    }
    let year = LocalCalendar.fields(of: parsed.date).year
    Fuzz.check(LocalCalendar.years.contains(year), "\(text.debugDescription) reads as the year \(year)")
    if lowered == "yesterday" || lowered.hasPrefix("-") {
        let days = lowered == "yesterday" ? 1 : Int(lowered.dropFirst().dropLast()) ?? -1
        Fuzz.check(
            LocalCalendar.dayNumber(of: now) - LocalCalendar.dayNumber(of: parsed.date) == days,
            "\(text.debugDescription) is \(LocalCalendar.minuteText(parsed.date)), the clock \(LocalCalendar.minuteText(now))"
        )
        return 0
    }
    let halves = trimmed.split(separator: " ")
    let shown = halves.count == 2 ? LocalCalendar.minuteText(parsed.date) : LocalCalendar.dayText(parsed.date)
    Fuzz.check(
        shown == halves.joined(separator: " "), "\(text.debugDescription) reads as \(shown)")
    return 0
}

import FoundationEssentials
import Testing
import TrendKit

/// Expectations are computed with `LocalCalendar`, so these hold in any `TZ`.
@Suite struct EntryDateParserTests {
    private func parse(_ text: String) throws(DateTextError) -> Date {
        try EntryDateParser.date(from: text, now: Fixtures.now).date
    }

    @Test(arguments: ["today", "TODAY", " now ", "Today\n"])
    func todayAndNowMeanTheCurrentMoment(text: String) throws {
        #expect(try parse(text) == Fixtures.now)
    }

    @Test func yesterdayIsTheSameTimeOneCalendarDayEarlier() throws {
        let date = try parse("yesterday")
        #expect(date == LocalCalendar.adding(days: -1, to: Fixtures.now))
        // A calendar day is 23 to 25 hours long, whatever the zone's daylight saving rules.
        #expect((23 * Fixtures.hour...25 * Fixtures.hour).contains(Fixtures.now.timeIntervalSince(date)))
    }

    @Test(arguments: [0, 1, 3, 30, 365])
    func daysAgoCountsBackCalendarDays(days: Int) throws {
        let date = try parse("-\(days)d")
        #expect(date == LocalCalendar.adding(days: -days, to: Fixtures.now))
        let hours = Fixtures.now.timeIntervalSince(date) / Fixtures.hour
        #expect(abs(hours - Double(24 * days)) <= 1)
    }

    @Test func aDayKeepsTheCurrentTimeOfDay() throws {
        let clock = LocalCalendar.fields(of: Fixtures.now)
        let date = try parse("2026-11-20")
        #expect(
            LocalCalendar.fields(of: date)
                == LocalCalendar.Fields(
                    year: 2026, month: 11, day: 20, hour: clock.hour, minute: clock.minute, second: clock.second))
    }

    @Test func aDayAndTimeIsReadInLocalTime() throws {
        let date = try parse(" 2026-11-20 07:30 ")
        #expect(
            LocalCalendar.fields(of: date) == LocalCalendar.Fields(year: 2026, month: 11, day: 20, hour: 7, minute: 30))
        #expect(LocalCalendar.minuteText(date) == "2026-11-20 07:30")
    }

    @Test(arguments: [
        "", "soon", "tomorrow", "2026-13-01", "2026-00-10", "2026-02-30", "2026-11-31", "2026-11-20 24:00",
        "2026-11-20 07:60", "2026-11-20 7:30", "2026-11-20T07:30", "26-11-20", "2026/11/20", "2026-11-20 07:30 pm",
        "-d", "-3", "3d", "-3days", "-x3d", "-+3d", "-\u{0663}d",
    ])
    func anythingElseIsAnUnreadableDate(text: String) {
        let error = #expect(throws: DateTextError.self) { try parse(text) }
        #expect(error == .unreadable(text))
    }

    @Test func anUnreadableDateNamesTheTextWithoutItsSurroundingSpaces() {
        #expect(throws: DateTextError.unreadable("next week")) { try parse("  next week ") }
    }

    @Test(arguments: ["1899-12-31", "0001-01-01", "1899-12-31 23:59"])
    func aDateBefore1900IsOutOfRange(text: String) {
        #expect(throws: DateTextError.outOfRange(text)) { try parse(text) }
    }

    @Test(arguments: ["1900-01-01 00:00", "9999-12-31 23:59"])
    func theFirstAndLastYearsAreReadable(text: String) throws {
        let date = try parse(text)
        #expect(LocalCalendar.minuteText(date) == text)
    }

    @Test(arguments: ["today", "now", "yesterday", "-3d"])
    func aRelativeDateIsNeverTheEarlierOfTwo(text: String) throws {
        #expect(try EntryDateParser.date(from: text, now: Fixtures.now).tookEarlierOfTwo == false)
    }

    @Test func aDayAndTimeIsTheMomentTheCalendarResolves() throws {
        let parsed = try EntryDateParser.date(from: "2026-11-20 07:30", now: Fixtures.now)
        let resolution = LocalCalendar.resolve(
            LocalCalendar.Fields(year: 2026, month: 11, day: 20, hour: 7, minute: 30))
        #expect(parsed.date == resolution.earliest)
        if case .ambiguous = resolution {
            #expect(parsed.tookEarlierOfTwo)
        } else {
            #expect(parsed.tookEarlierOfTwo == false)
        }
    }
}

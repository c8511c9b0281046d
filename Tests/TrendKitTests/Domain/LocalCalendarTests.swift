import FoundationEssentials
import Testing
import TrendKit

/// Expectations are computed with `LocalCalendar` itself or hold in every zone, so these pass in any `TZ`.
@Suite struct LocalCalendarTests {
    @Test(arguments: [
        LocalCalendar.Fields(year: 2026, month: 2, day: 30),
        LocalCalendar.Fields(year: 2027, month: 2, day: 29),
        LocalCalendar.Fields(year: 2026, month: 13, day: 1),
        LocalCalendar.Fields(year: 2026, month: 11, day: 29, hour: 24),
        LocalCalendar.Fields(year: 2026, month: 11, day: 29, minute: 60),
        LocalCalendar.Fields(year: 2026, month: 11, day: 29, second: 60),
        LocalCalendar.Fields(year: 1899, month: 12, day: 31, hour: 23),
        LocalCalendar.Fields(year: 10_000, month: 1, day: 1),
    ])
    func fieldsThatNameNoDateOrAYearOutside1900To9999AreInvalid(fields: LocalCalendar.Fields) {
        #expect(LocalCalendar.resolve(fields) == .invalid)
        #expect(LocalCalendar.date(from: fields) == nil)
    }

    @Test func theLastMomentOfADayIsOnItAndTheNextMillisecondIsOnTheNextDay() {
        for offset in stride(from: 0.0, to: 400 * Fixtures.day, by: Fixtures.day + 7 * Fixtures.hour + 0.25) {
            let date = Fixtures.now - offset
            let last = LocalCalendar.lastMomentOfDay(of: date)
            #expect(last >= date)
            #expect(LocalCalendar.dayNumber(of: last) == LocalCalendar.dayNumber(of: date), "\(date)")
            #expect(LocalCalendar.dayNumber(of: last + 0.001) == LocalCalendar.dayNumber(of: date) + 1, "\(date)")
        }
    }

    @Test func theLocalFieldsOfAMomentResolveBackToIt() throws {
        for offset in stride(from: 0.0, to: 400 * Fixtures.day, by: 7 * Fixtures.day + 3 * Fixtures.hour) {
            let date = Fixtures.now - offset
            let resolution = LocalCalendar.resolve(LocalCalendar.fields(of: date))
            switch resolution {
            case .exact(let resolved): #expect(resolved == date)
            case .ambiguous(let earlier, let later): #expect(earlier == date || later == date)
            case .nonexistent, .invalid: Issue.record("\(date) resolved to \(resolution)")
            }
        }
    }

    @Test func aDayAddedKeepsTheLocalTimeOfDay() throws {
        let later = try #require(LocalCalendar.adding(days: 3, to: Fixtures.now))
        let before = LocalCalendar.fields(of: Fixtures.now)
        let after = LocalCalendar.fields(of: later)
        #expect(LocalCalendar.dayNumber(of: later) == LocalCalendar.dayNumber(of: Fixtures.now) + 3)
        #expect(after.hour == before.hour && after.minute == before.minute)
    }

    @Test func addingDaysPastTheLastYearIsRefused() throws {
        let last = try #require(
            LocalCalendar.date(from: LocalCalendar.Fields(year: 9999, month: 12, day: 31, hour: 12)))
        #expect(LocalCalendar.adding(days: 1, to: last) == nil)
        #expect(LocalCalendar.adding(days: -1, to: last) != nil)
    }

    @Test func dayNumbersCountFrom1970() {
        #expect(LocalCalendar.dayText(dayNumber: 0) == "1970-01-01")
        #expect(LocalCalendar.dayText(dayNumber: 20_786) == "2026-11-29")
        #expect(LocalCalendar.dayText(dayNumber: -1) == "1969-12-31")
    }
}

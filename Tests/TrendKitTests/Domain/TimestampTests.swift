import FoundationEssentials
import Testing
import TrendKit

@Suite struct TimestampTests {
    @Test(arguments: [
        "2026-11-29T08:00:00Z",
        "2026-11-29T08:00Z",
        "2026-11-29 08:00:00z",
        " 2026-11-29T08:00:00Z\n",
        "2026-11-29T09:00:00+01:00",
        "2026-11-29T09:00+01",
        "2026-11-29T03:00-05:00",
        "2026-11-29T13:30:00+0530",
        "2026-11-28T23:00:00-09:00",
    ])
    func aTimestampWithAZoneNamesOneInstant(text: String) {
        #expect(Timestamp.parse(text) == Fixtures.now)
    }

    @Test func leapDaysAndTheEpochAreCounted() {
        #expect(Timestamp.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(Timestamp.parse("2028-02-29T00:00Z") == Date(timeIntervalSince1970: 1_835_395_200))
        #expect(Timestamp.parse("2000-03-01T00:00:00Z") == Date(timeIntervalSince1970: 951_868_800))
    }

    @Test(arguments: ["2026-11-29T08:00:00", "2026-11-29 08:00", "2026-11-29t08:00:00"])
    func aTimestampWithoutAZoneIsLocalTime(text: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(LocalCalendar.fields(of: date) == LocalCalendar.Fields(year: 2026, month: 11, day: 29, hour: 8))
    }

    @Test(arguments: [
        "", "garbage", "2026-11-29", "2026-11-29T08", "2026-11-29T25:00Z", "2026-11-29T08:60Z", "2026-11-29T08:00:60Z",
        "2026-02-30T08:00Z", "2027-02-29T00:00Z", "2026-13-01T08:00Z", "2026-11-29X08:00Z", "2026-11-29T08:00:00+25:00",
        "2026-11-29T08:00:00+1", "2026-11-29T08:00:00.5Z", "2026-11-29T8:00Z", "2026-11-29T08:00+", "ZZZZZZZZZZZZZZZZZ",
        String(repeating: "\u{1F600}", count: 16) + "Z",
    ])
    func anythingElseIsNotATimestamp(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test(arguments: [
        "1899-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1899-12-31T23:59",
        "10000-01-01T00:00:00Z",
    ])
    func aYearOutside1900To9999IsNotATimestamp(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func theFirstAndLastMomentsOfTheYearsAreTimestamps() {
        #expect(Timestamp.parse("1900-01-01T00:00:00Z") == Date(timeIntervalSince1970: -2_208_988_800))
        #expect(Timestamp.parse("9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: 253_402_300_799))
    }
}

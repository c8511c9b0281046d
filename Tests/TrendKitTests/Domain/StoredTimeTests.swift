import FoundationEssentials
import Testing
import TrendKit

@Suite struct StoredTimeTests {
    @Test func aStoredTimeIsISO8601InUTCWithMilliseconds() {
        #expect(StoredTime.text(Fixtures.now) == "2026-11-29T08:00:00.000Z")
        #expect(StoredTime.text(Fixtures.now + 0.25) == "2026-11-29T08:00:00.250Z")
        #expect(StoredTime.text(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(StoredTime.text(Date(timeIntervalSince1970: -2_208_988_800)) == "1900-01-01T00:00:00.000Z")
        #expect(StoredTime.text(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
    }

    /// Years outside 0–9999 are written as they always were (`isKeepable` refuses them);
    /// those within it digit by digit.
    @Test(arguments: [
        (253_402_300_800.0, "10000-01-01T00:00:00.000Z"),
        (-62_167_219_200.0, "0000-01-01T00:00:00.000Z"),
        (-62_135_596_800.0, "0001-01-01T00:00:00.000Z"),
        (946_684_799.999, "1999-12-31T23:59:59.999Z"),
    ])
    func aTimeAtTheEdgeOfTheYearsIsWrittenWithAllItsDigits(seconds: Double, text: String) {
        #expect(StoredTime.text(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test(arguments: [
        (1_795_939_200.1234, "2026-11-29T08:00:00.123Z"),
        (1_795_939_200.1236, "2026-11-29T08:00:00.124Z"),
        (1_795_939_200.9996, "2026-11-29T08:00:01.000Z"),
        (1_795_939_199.9994, "2026-11-29T07:59:59.999Z"),
        (-0.0004, "1970-01-01T00:00:00.000Z"),
        (-0.0016, "1969-12-31T23:59:59.998Z"),
        (-1.5, "1969-12-31T23:59:58.500Z"),
    ])
    func aTimeIsRoundedToTheNearestMillisecond(seconds: Double, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(StoredTime.text(date) == text)
        #expect(StoredTime.text(StoredTime.rounded(date)) == text)
        #expect(StoredTime.date(text) == StoredTime.rounded(date))
    }

    @Test(arguments: [
        Fixtures.now, Fixtures.now + 0.001, Fixtures.now - 0.999,
        Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789),
        Date(timeIntervalSince1970: -2_208_988_800), Date(timeIntervalSince1970: -1.5),
        Date(timeIntervalSince1970: 253_402_300_799.999),
    ])
    func aStoredTimeReadsBackAsTheRoundedMoment(date: Date) throws {
        let read = try #require(StoredTime.date(StoredTime.text(date)))
        #expect(read == StoredTime.rounded(date))
        #expect(StoredTime.rounded(read) == read)
        #expect(abs(read.timeIntervalSince(date)) <= 0.0005)
    }

    @Test func storedTimesSortInTimeOrder() {
        let dates = [
            Fixtures.now, Fixtures.now + 0.001, Fixtures.now - 0.001, Fixtures.now + 1, Fixtures.now - Fixtures.day,
            Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 9.5),
            Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: -2_208_988_800),
            Date(timeIntervalSince1970: 253_402_300_799),
        ]
        let byText = dates.sorted { StoredTime.text($0) < StoredTime.text($1) }
        #expect(byText == dates.sorted())
    }

    @Test(arguments: [
        "", "2026-11-29T08:00:00Z", "2026-11-29T08:00:00.00Z", "2026-11-29 08:00:00.000Z", "2026-11-29T08:00:00.000",
        "2026-11-29T08:00:00.000+01:00", "2026-02-30T08:00:00.000Z", "2026-13-29T08:00:00.000Z",
        "2026-11-29T24:00:00.000Z", "2026-11-29T08:60:00.000Z", "2026-11-29T08:00:60.000Z", "2026-11-29T08:00:00.0a0Z",
        "2026-11-29t08:00:00.000z", "817632000.0",
    ])
    func anythingElseIsNotAStoredTime(text: String) {
        #expect(StoredTime.date(text) == nil)
    }

    @Test func aNewEntryAndAChangeKeepTheirDateToTheMillisecond() {
        let date = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789)
        let new = NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft"))
        let change = EntryChange(
            id: 1, date: date, kilograms: 75, note: "", expectedRevision: 1, operation: OperationID(rawValue: "op"))
        #expect(new.date == StoredTime.rounded(date))
        #expect(change.date == StoredTime.rounded(date))
        #expect(new.date != date)
        #expect(StoredTime.text(new.date) == "2025-11-28T05:20:00.123Z")
    }
}

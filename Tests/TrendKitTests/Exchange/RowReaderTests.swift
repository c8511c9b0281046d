import FoundationEssentials
import Testing

@testable import TrendKit

/// A row without a time, in any layout, is kept at 12:00 local time on its day, and judged
/// "in the future" by its day, not by that 12:00: a row dated today is read at any hour. A
/// row with a time is judged by its time. The tests take the process's own `TZ`, whatever it is.
@Suite struct RowReaderTests {
    /// A local time on 2026-11-`day`, as milliseconds since 1970.
    static func local(day: Int = 29, _ hour: Int, _ minute: Int = 0) throws -> Int64 {
        let fields = LocalCalendar.Fields(year: 2026, month: 11, day: day, hour: hour, minute: minute)
        return StoredTime.milliseconds(try #require(LocalCalendar.date(from: fields)))
    }

    /// A row with this date text (and time column), weighing 80 kg.
    static func row(date: String, time: String? = nil) -> RawRow {
        var row = RawRow()
        row.reset(line: 2)
        row.date = row.add(date)
        row.time = time.map { row.add($0) }
        row.weight = row.add("80")
        return row
    }

    static func reader(now: Int64) -> RowReader { RowReader(unit: .kilograms, latestMilliseconds: now) }

    @Test(arguments: [(0, 1), (7, 59), (11, 59), (12, 0), (23, 59)])
    func aRowDatedTodayWithoutATimeIsReadAtAnyHourAndKeptAtNoon(hour: Int, minute: Int) throws {
        let now = try Self.local(hour, minute)
        let noon = try Self.local(12)
        for row in [Self.row(date: "2026-11-29"), Self.row(date: "2026-11-29", time: ""), Self.row(date: "11/29/26")] {
            var read = row
            if row.text(row.date).contains("/") { read.dateOrder = .monthDayYear }
            #expect(
                Self.reader(now: now).read(read)
                    == .success(ImportedEntry(milliseconds: noon, kilograms: 80, note: "")),
                "\(read.text(read.date)) at \(hour):\(minute)")
        }
    }

    @Test func aRowDatedTomorrowWithoutATimeIsInTheFutureByItsDayEvenAtTheLastMinuteOfToday() throws {
        let reader = Self.reader(now: try Self.local(23, 59))
        let tomorrow = try #require(Timestamp.daysFromCivil(year: 2026, month: 11, day: 30))
        #expect(reader.read(Self.row(date: "2026-11-30")) == .failure(.dayInFuture(day: tomorrow)))
        #expect(
            reader.read(Self.row(date: "2026-11-28"))
                == .success(ImportedEntry(milliseconds: try Self.local(day: 28, 12), kilograms: 80, note: "")))
    }

    @Test func aRowWithATimeIsStillJudgedByItsTime() throws {
        let reader = Self.reader(now: try Self.local(11, 59))
        let noon = try Self.local(12)
        #expect(
            reader.read(Self.row(date: "2026-11-29 12:00"))
                == .failure(.dateInFuture(Date(timeIntervalSince1970: Double(noon) / 1_000))))
        #expect(
            reader.read(Self.row(date: "2026-11-29", time: "12:00"))
                == .failure(.dateInFuture(Date(timeIntervalSince1970: Double(noon) / 1_000))))
        #expect(
            reader.read(Self.row(date: "2026-11-29", time: "11:59"))
                == .success(ImportedEntry(milliseconds: try Self.local(11, 59), kilograms: 80, note: "")))
    }

    @Test func theSameDayReadsAsTheSameMomentAtAnyHourSoAnImportAgainFindsIt() throws {
        let morning = Self.reader(now: try Self.local(6)).read(Self.row(date: "2026-11-20"))
        let evening = Self.reader(now: try Self.local(21)).read(Self.row(date: "2026-11-20"))
        #expect(morning == evening)
        #expect(morning == .success(ImportedEntry(milliseconds: try Self.local(day: 20, 12), kilograms: 80, note: "")))
    }
}

import Testing

@testable import TrendKit

/// `stats week|month|year`: which days make each period, and the figures of each.
struct PeriodReportTests {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
        Timestamp.daysFromCivil(year: year, month: month, day: day)!
    }

    static func trendDay(_ day: Int, mean: Double, entries: Int = 1, low: Double? = nil, high: Double? = nil)
        -> TrendDay
    {
        TrendDay(
            point: TrendPoint(day: day, meanKilograms: mean, trendKilograms: mean), entries: entries,
            minimumKilograms: low ?? mean, maximumKilograms: high ?? mean)
    }

    @Test func weeksStartOnMonday() {
        // 2026-12-02 is a Wednesday; its week began on Monday 2026-11-30.
        #expect(ReportPeriod.week.start(of: Self.day(2026, 12, 2)) == Self.day(2026, 11, 30))
        #expect(ReportPeriod.week.start(of: Self.day(2026, 11, 30)) == Self.day(2026, 11, 30))
        #expect(ReportPeriod.week.start(of: Self.day(2026, 11, 29)) == Self.day(2026, 11, 23))
        // Before 1970 the remainder still counts back to a Monday (1969-12-29).
        #expect(ReportPeriod.week.start(of: Self.day(1969, 12, 31)) == Self.day(1969, 12, 29))
        #expect(ReportPeriod.week.label(of: Self.day(2026, 12, 6)) == "2026-11-30")
    }

    @Test func monthsAndYearsFollowTheCalendar() {
        #expect(ReportPeriod.month.start(of: Self.day(2024, 3, 1)) == Self.day(2024, 3, 1))
        #expect(ReportPeriod.month.start(before: Self.day(2024, 3, 15)) == Self.day(2024, 2, 1))
        #expect(ReportPeriod.month.start(after: Self.day(2024, 2, 29)) == Self.day(2024, 3, 1))
        #expect(ReportPeriod.month.start(after: Self.day(2026, 12, 31)) == Self.day(2027, 1, 1))
        #expect(ReportPeriod.year.start(before: Self.day(2026, 6, 1)) == Self.day(2025, 1, 1))
        #expect(ReportPeriod.month.label(of: Self.day(2026, 2, 14)) == "2026-02")
        #expect(ReportPeriod.year.label(of: Self.day(2026, 2, 14)) == "2026")
    }

    @Test func noPeriodEndsBeforeTheEarliestMomentAndNoReportShowsMoreThanTheMaximum() {
        let today = Self.day(2026, 12, 2)
        let utc = Self.day(1900, 1, 1)
        // 1900 through 2026: 127 years, whatever more is asked for.
        #expect(ReportPeriod.year.count(520, endingWith: today, earliest: utc) == 127)
        #expect(ReportPeriod.year.count(5, endingWith: today, earliest: utc) == 5)
        #expect(ReportPeriod.year.count(0, endingWith: today, earliest: utc) == 1)
        #expect(ReportPeriod.month.count(520, endingWith: today, earliest: utc) == 520)
        #expect(ReportPeriod.month.count(520, endingWith: Self.day(1920, 3, 4), earliest: utc) == 20 * 12 + 3)
        // 1900-01-01 was a Monday: its week is the first.
        #expect(ReportPeriod.week.count(520, endingWith: Self.day(1900, 1, 10), earliest: utc) == 2)
        #expect(ReportPeriod.week.count(600, endingWith: today, earliest: utc) == ReportPeriod.maximumCount)
        // West of UTC the earliest moment falls on 1899-12-31: 1899, its December and its
        // last week can hold an entry, and are shown.
        let west = Self.day(1899, 12, 31)
        #expect(ReportPeriod.year.count(520, endingWith: today, earliest: west) == 128)
        #expect(ReportPeriod.month.count(520, endingWith: Self.day(1900, 2, 4), earliest: west) == 3)
        #expect(ReportPeriod.week.count(520, endingWith: Self.day(1900, 1, 10), earliest: west) == 3)
    }

    @Test func eachPeriodHasTheMeanOfItsDailyMeansItsRangeAndItsChange() {
        let today = Self.day(2026, 12, 2)
        let first = PeriodReport.firstDayRead(period: .week, count: 3, today: today)
        // Three weeks shown, and the week before them for the oldest one's change.
        #expect(first == Self.day(2026, 11, 9))
        let window = TrendWindow(
            firstDay: first, lastDay: today, before: nil,
            days: [
                Self.trendDay(Self.day(2026, 11, 10), mean: 80),
                // The week of 11-16 has no weigh-in.
                Self.trendDay(Self.day(2026, 11, 23), mean: 79, entries: 2, low: 78.5, high: 79.5),
                Self.trendDay(Self.day(2026, 11, 29), mean: 78),
                Self.trendDay(Self.day(2026, 11, 30), mean: 77.5, entries: 3, low: 77, high: 78.2),
            ])
        let report = PeriodReport.make(kind: .weight, period: .week, count: 3, today: today, window: window)
        #expect(
            report.periods.map(\.firstDay) == [Self.day(2026, 11, 30), Self.day(2026, 11, 23), Self.day(2026, 11, 16)])
        #expect(report.periods.map(\.isPartial) == [true, false, false])
        let current = report.periods[0]
        #expect(current.mean == 77.5 && current.lowest == 77 && current.highest == 78.2 && current.weighIns == 3)
        // The mean of the daily means (79 and 78), not of the three entries.
        let before = report.periods[1]
        #expect(before.mean == 78.5 && before.weighIns == 3 && before.daysWithWeighIns == 2)
        #expect(current.change == -1)
        // The week before had no weigh-in, so the change has nothing to start from.
        #expect(before.change == nil && before.changeGap == .noneBefore)
        let empty = report.periods[2]
        #expect(empty.mean == nil && empty.weighIns == 0 && empty.valuesGap == .noWeighIns)
        #expect(empty.changeGap == .noWeighIns)
        #expect(report.hasData)
    }

    @Test func aReportWithoutWeighInsHasNoData() {
        let today = Self.day(2026, 12, 2)
        let window = TrendWindow(firstDay: today - 400, lastDay: today, before: nil, days: [])
        let report = PeriodReport.make(kind: .weight, period: .year, count: 1, today: today, window: window)
        #expect(report.periods.count == 1 && !report.hasData)
        #expect(
            report.periods[0].firstDay == Self.day(2026, 1, 1) && report.periods[0].lastDay == Self.day(2026, 12, 31))
    }
}

extension PeriodReportTests {
    /// The week of 9999-12-31 begins on Monday the 27th and would end in year 10000, which
    /// trendsh does not keep: the report ends it on the last day kept.
    @Test func aPeriodEndsOnTheLastDayKept() {
        let today = Self.day(9999, 12, 31)
        let window = TrendWindow(firstDay: today - 14, lastDay: today, before: nil, days: [])
        let report = PeriodReport.make(kind: .weight, period: .week, count: 1, today: today, window: window)
        #expect(report.periods.map(\.firstDay) == [Self.day(9999, 12, 27)])
        #expect(report.periods.map(\.lastDay) == [today])
        #expect(report.periods.map(\.isPartial) == [true])
    }
}

/// The calendar periods `stats week|month|year` groups days by, in the local zone: a week
/// from Monday through Sunday, a calendar month, a calendar year. Days are local day numbers
/// (days since 1970-01-01), as the per-day table keeps them.
public enum ReportPeriod: String, Sendable, CaseIterable, Hashable {
    case week
    case month
    case year

    /// How many periods a report shows when not told: two months of weeks, a year of months,
    /// five years.
    public var defaultCount: Int {
        switch self {
        case .week: 8
        case .month: 12
        case .year: 5
        }
    }

    /// The most periods one report shows: about ten years of weeks, and far more months and
    /// years than a log holds. It bounds the days one report reads, whatever the store holds.
    public static let maximumCount = 520

    /// The local day of the earliest moment the store keeps, 1900-01-01T00:00Z: 1899-12-31
    /// west of UTC, 1900-01-01 east of it.
    public static var earliestLocalDay: Int { LocalCalendar.dayNumber(unixSeconds: -2_208_988_800) }

    /// How many periods a report of `requested` shows, ending with the one that holds
    /// `today`: at most `maximumCount`, and none that ends before `earliest` (the local day
    /// of the earliest moment the store keeps), which could hold no entry: `stats year 520`
    /// in 2026 shows the 127 years 1900–2026 in UTC, and 1899 too in New York.
    public func count(_ requested: Int, endingWith today: Int, earliest: Int = earliestLocalDay) -> Int {
        var count = 1
        var first = start(of: today)
        while count < min(requested, Self.maximumCount) {
            first = start(before: first)
            guard start(after: first) > earliest else { break }
            count += 1
        }
        return count
    }

    /// The first day of the period that holds `day`.
    public func start(of day: Int) -> Int {
        switch self {
        case .week:
            // Day 4 (1970-01-05) was a Monday; the remainder is taken towards minus infinity.
            let sinceMonday = ((day - 4) % 7 + 7) % 7
            return day - sinceMonday
        case .month:
            let (year, month, _) = Timestamp.civilFromDays(day)
            return Timestamp.daysFromCivil(year: year, month: month, day: 1) ?? day
        case .year:
            let (year, _, _) = Timestamp.civilFromDays(day)
            return Timestamp.daysFromCivil(year: year, month: 1, day: 1) ?? day
        }
    }

    /// The first day of the period after the one that holds `day`.
    public func start(after day: Int) -> Int {
        let first = start(of: day)
        switch self {
        case .week:
            return first + 7
        case .month:
            let (year, month, _) = Timestamp.civilFromDays(first)
            let next = month == 12 ? (year + 1, 1) : (year, month + 1)
            return Timestamp.daysFromCivil(year: next.0, month: next.1, day: 1) ?? first + 31
        case .year:
            let (year, _, _) = Timestamp.civilFromDays(first)
            return Timestamp.daysFromCivil(year: year + 1, month: 1, day: 1) ?? first + 366
        }
    }

    /// The first day of the period before the one that holds `day`.
    public func start(before day: Int) -> Int { start(of: start(of: day) - 1) }

    /// How a period is named in a report: `2026-11-30` (the week's Monday), `2026-11`, `2026`.
    public func label(of day: Int) -> String {
        let first = start(of: day)
        let (year, month, _) = Timestamp.civilFromDays(first)
        switch self {
        case .week: return LocalCalendar.dayText(dayNumber: first)
        case .month: return LocalCalendar.pad(year, width: 4) + "-" + LocalCalendar.pad(month)
        case .year: return LocalCalendar.pad(year, width: 4)
        }
    }
}

/// One period of a report: the mean of its daily means, its lowest and highest value, how
/// many weigh-ins it counts, and the change of its mean from the period before. Values are
/// in the kind's canonical unit (kilograms for the weight).
public struct PeriodSummary: Sendable, Equatable {
    /// Why a figure is missing. Each case is a code in the JSON output's schema.
    public enum Gap: String, Sendable, Equatable {
        /// The period has no weigh-in with a value of the kind.
        case noWeighIns = "no-weigh-ins"
        /// The period before has none, so there is nothing to compare with.
        case noneBefore = "none-before"
    }

    /// The period's first and last day (local day numbers).
    public let firstDay: Int
    public let lastDay: Int
    /// True for the period that holds today: it is not over, and its figures may change.
    public let isPartial: Bool
    /// How many entries the period counts (the weigh-ins with a value of the kind).
    public let weighIns: Int
    /// How many of its days have one.
    public let daysWithWeighIns: Int
    public let mean: Double?
    public let lowest: Double?
    public let highest: Double?
    /// This period's mean less the period before's.
    public let change: Double?

    /// Why `mean`, `lowest` and `highest` are missing, if they are.
    public var valuesGap: Gap? { mean == nil ? .noWeighIns : nil }

    /// Why `change` is missing, if it is.
    public var changeGap: Gap? {
        guard change == nil else { return nil }
        return mean == nil ? .noWeighIns : .noneBefore
    }
}

/// `stats week|month|year`: the last periods of one kind, the current one first. Read from
/// the per-day table, so its cost follows the days it covers, not the entries the store holds.
public struct PeriodReport: Sendable, Equatable {
    /// The last day trendsh keeps (9999-12-31): a week that runs past it ends there.
    static let lastKeptDay = Timestamp.daysFromCivil(year: LocalCalendar.years.upperBound, month: 12, day: 31) ?? 0

    public let kind: MeasurementKind
    public let period: ReportPeriod
    /// Newest first: the current period, then the ones before it.
    public let periods: [PeriodSummary]
    /// How many values the trend leaves out (outside the kind's range, or dated after now).
    public let leftOut: Int

    /// True when at least one period shown has a weigh-in.
    public var hasData: Bool { periods.contains { $0.weighIns > 0 } }

    /// The first day a report of `count` periods ending with the one that holds `today`
    /// reads: the start of the period before the oldest shown, whose mean the oldest's
    /// change is measured from.
    public static func firstDayRead(period: ReportPeriod, count: Int, today: Int) -> Int {
        var start = period.start(of: today)
        for _ in 0..<count { start = period.start(before: start) }
        return start
    }

    /// The report of the `count` periods ending with the one that holds `today`, from the
    /// days of `window` (which starts at `firstDayRead`).
    public static func make(
        kind: MeasurementKind, period: ReportPeriod, count: Int, today: Int, window: TrendWindow
    ) -> PeriodReport {
        var starts: [Int] = [period.start(of: today)]
        for _ in 0..<count { starts.append(period.start(before: starts[starts.count - 1])) }
        // Oldest first, so each period meets its days in order and knows the one before.
        starts.reverse()
        var summaries: [PeriodSummary] = []
        var days = window.days[...]
        var previousMean: Double?
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : period.start(after: today)
            var sum = 0.0
            var counted = 0
            var weighIns = 0
            var lowest: Double?
            var highest: Double?
            while let day = days.first, day.day < end {
                days = days.dropFirst()
                guard day.day >= start else { continue }
                sum += day.point.meanKilograms
                counted += 1
                weighIns += day.entries
                lowest = min(lowest ?? day.minimumKilograms, day.minimumKilograms)
                highest = max(highest ?? day.maximumKilograms, day.maximumKilograms)
            }
            let mean = counted > 0 ? sum / Double(counted) : nil
            if index > 0 {
                summaries.append(
                    PeriodSummary(
                        firstDay: start, lastDay: min(end - 1, Self.lastKeptDay),
                        isPartial: start <= today && today < end,
                        weighIns: weighIns, daysWithWeighIns: counted, mean: mean, lowest: lowest, highest: highest,
                        change: mean.flatMap { mean in previousMean.map { mean - $0 } }))
            }
            previousMean = mean
        }
        return PeriodReport(kind: kind, period: period, periods: summaries.reversed(), leftOut: window.leftOut)
    }
}

import TrendKit

/// What a chart shows, in the unit it is drawn in: each weigh-in day's mean weight and trend
/// over a run of days, the trend of the last weigh-in before the run, and the goal.
/// Text and SVG charts are drawn from the same data and the same scales.
public struct ChartData: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public var day: Int
        /// The mean of the day's entries.
        public var weight: Double
        public var trend: Double
        public var entries: Int
    }

    public var firstDay: Int
    public var lastDay: Int
    public var unit: MeasureUnit
    /// What is drawn, in sentences: `weight`, `body fat`.
    public var kindName: String
    public var days: [Day]
    /// The trend of the last weigh-in before `firstDay`, and its day.
    public var before: (day: Int, trend: Double)?
    public var goal: Double?

    public init(window: TrendWindow, unit: WeightUnit, goalKilograms: Double?) {
        self.init(window: window, kind: .weight, unit: unit.measureUnit, goal: goalKilograms)
    }

    /// The chart of `kind` in `unit`; a goal (in the canonical unit) only for the weight.
    /// Stone is drawn in pounds: an axis counts in one unit, and stone is a display form of them.
    public init(window: TrendWindow, kind: MeasurementKind, unit shown: MeasureUnit, goal: Double? = nil) {
        let unit = shown == .stones ? MeasureUnit.pounds : shown
        firstDay = window.firstDay
        lastDay = window.lastDay
        self.unit = unit
        kindName = kind.name
        days = window.days.map {
            Day(
                day: $0.day, weight: unit.value(fromCanonical: $0.point.meanKilograms),
                trend: unit.value(fromCanonical: $0.point.trendKilograms), entries: $0.entries)
        }
        before = window.before.map { ($0.day, unit.value(fromCanonical: $0.trendKilograms)) }
        self.goal = goal.map(unit.value(fromCanonical:))
    }

    public static func == (lhs: ChartData, rhs: ChartData) -> Bool {
        lhs.firstDay == rhs.firstDay && lhs.lastDay == rhs.lastDay && lhs.unit == rhs.unit
            && lhs.kindName == rhs.kindName && lhs.days == rhs.days
            && lhs.before?.day == rhs.before?.day && lhs.before?.trend == rhs.before?.trend && lhs.goal == rhs.goal
    }

    /// How many weigh-in days a chart needs.
    public static let daysNeeded = 2

    /// How many days the run covers.
    public var dayCount: Int { lastDay - firstDay + 1 }

    /// True when the goal is drawn: it is set and near enough that drawing it leaves the
    /// weights at least half the chart's height.
    public var showsGoal: Bool {
        guard let goal, let low = dataRange?.lowerBound, let high = dataRange?.upperBound else { return false }
        let span = max(high - low, 1)
        return goal >= low - span && goal <= high + span
    }

    /// The lowest and highest weight and trend drawn.
    public var dataRange: ClosedRange<Double>? {
        var values = days.flatMap { [$0.weight, $0.trend] }
        if let before { values.append(before.trend) }
        guard let low = values.min(), let high = values.max() else { return nil }
        return low...high
    }
}

/// The vertical scale: rows at round steps in the chart's unit, counted in tenths so that
/// every label is exact.
public struct ChartScale: Sendable, Equatable {
    /// The value of the bottom row, in tenths of the unit.
    public var bottom: Int
    /// The step between rows, in tenths of the unit.
    public var step: Int
    public var rows: Int

    /// The steps a scale may take, in tenths: 0.1, 0.2, 0.5, 1, 2, 5, 10…
    static let steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000]

    /// The smallest round step that fits `range` in `rows` rows, with the data centred.
    public init(range: ClosedRange<Double>, rows: Int) {
        let low = Int((range.lowerBound * 10).rounded(.down))
        let high = Int((range.upperBound * 10).rounded(.up))
        let step =
            Self.steps.first { high / $0 + (high % $0 == 0 ? 0 : 1) - low / $0 + 1 <= rows }
            ?? Self.steps[Self.steps.count - 1]
        let used = (high + step - 1) / step - low / step + 1
        let bottom = max(0, (low / step - (rows - used) / 2) * step)
        self.bottom = bottom
        self.step = step
        self.rows = rows
    }

    /// The row (0 at the bottom) nearest a value, clamped to the chart.
    public func row(of value: Double) -> Int {
        let raw = ((value * 10 - Double(bottom)) / Double(step)).rounded()
        guard raw.isFinite else { return 0 }
        return Int(max(0, min(Double(rows - 1), raw)))
    }

    /// The exact value of a row, in tenths.
    public func tenths(ofRow row: Int) -> Int { bottom + row * step }

    /// The value of a row, in the unit.
    public func value(ofRow row: Int) -> Double { Double(tenths(ofRow: row)) / 10 }

    /// Rows that carry a label: every other row, on multiples of two steps.
    public func isLabelled(_ row: Int) -> Bool { tenths(ofRow: row) % (2 * step) == 0 }

    /// `75.0`: one decimal, as every weight is shown.
    public func label(ofRow row: Int) -> String {
        let tenths = self.tenths(ofRow: row)
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Where date labels go along the x-axis: every `interval` days from the first day.
public enum ChartDates {
    /// Day intervals a label step may take.
    static let intervals = [1, 2, 7, 14, 28, 56, 91, 182, 364, 728, 1820, 3640]

    /// `11-29`, or `2026-11` when the run is longer than a year.
    public static func label(day: Int, dayCount: Int) -> String {
        let text = LocalCalendar.dayText(dayNumber: day)
        return dayCount > 366 ? String(text.prefix(7)) : String(text.dropFirst(5))
    }

    /// The smallest interval that leaves `spacing` units between labels, when one day is
    /// `unitsPerDay` wide.
    public static func interval(unitsPerDay: Double, spacing: Double) -> Int {
        intervals.first { Double($0) * unitsPerDay >= spacing } ?? intervals[intervals.count - 1]
    }
}

extension ChartData {
    /// Where a day's weight is drawn against its trend, as the Hacker's Diet names it: above
    /// (a float), below (a sinker), or on the line (neither), judged at the one decimal every
    /// weight is shown with, so a weight that reads the same as its trend is on it.
    public enum Side: Sendable, Equatable {
        case above, below, on
    }

    public static func side(weight: Double, trend: Double) -> Side {
        let shown = (weight * 10).rounded()
        let line = (trend * 10).rounded()
        if shown == line { return .on }
        return shown > line ? .above : .below
    }
}

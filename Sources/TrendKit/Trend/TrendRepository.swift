import FoundationEssentials

/// One local day with weigh-ins, as the per-day table keeps it.
public struct TrendDay: Sendable, Equatable {
    public var point: TrendPoint
    /// How many entries the day has.
    public var entries: Int
    public var minimumKilograms: Double
    public var maximumKilograms: Double

    public init(point: TrendPoint, entries: Int, minimumKilograms: Double, maximumKilograms: Double) {
        self.point = point
        self.entries = entries
        self.minimumKilograms = minimumKilograms
        self.maximumKilograms = maximumKilograms
    }

    public var day: Int { point.day }
}

/// The weigh-in days of a run of days, and the last weigh-in day before the run (the trend
/// carries on from it).
public struct TrendWindow: Sendable, Equatable {
    public var firstDay: Int
    public var lastDay: Int
    public var before: TrendPoint?
    public var days: [TrendDay]
    /// How many entries in the store break a rule (`EntryRule`) and are left out of every day.
    public var leftOut: Int

    public init(firstDay: Int, lastDay: Int, before: TrendPoint?, days: [TrendDay], leftOut: Int = 0) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.before = before
        self.days = days
        self.leftOut = leftOut
    }

    /// The points in the run.
    public var points: [TrendPoint] { days.map(\.point) }

    /// The point before the run, then the points in it.
    public var pointsWithBefore: [TrendPoint] {
        guard let before else { return points }
        return [before] + points
    }
}

/// Where the trend is read from. Every read returns confirmed data or throws. The trend
/// counts only entries that keep the rules at `now` (`EntryRule`): none dated after it.
@MainActor
public protocol TrendRepository: AnyObject {
    /// The weigh-in days from `firstDay` through `lastDay` (local day numbers), as they stand at `now`.
    func window(from firstDay: Int, through lastDay: Int, asOf now: Date) throws(StorageError) -> TrendWindow
    /// The latest weigh-in day, up to `now`, whose trend was within `inside` kilograms of
    /// `goal`, or more than `outside` from it: the last time the goal status could have changed.
    func latestGoalCrossing(goal: Double, inside: Double, outside: Double, asOf now: Date) throws(StorageError)
        -> TrendPoint?
    /// The newest entry the trend counts at `now`: the latest weight `stats` shows.
    func latestCountedEntry(asOf now: Date) throws(StorageError) -> WeightEntry?
    /// The days with values of `kind` (one with a trend, other than weight) from `firstDay`
    /// through `lastDay`, as they stand at `now`: each day's mean and trend in the kind's
    /// canonical unit. Values outside the kind's range are left out, and counted.
    func window(of kind: MeasurementKind, from firstDay: Int, through lastDay: Int, asOf now: Date) throws(StorageError)
        -> TrendWindow
    /// The newest entry whose value of `kind` the trend counts at `now`.
    func latestCountedEntry(with kind: MeasurementKind, asOf now: Date) throws(StorageError) -> WeightEntry?
}

import FoundationEssentials

/// The trend feature: reads the smoothed trend and the figures built on it. What it read
/// last, its load state and its retained error are separate values; a failed read keeps
/// the last days read (so `status` still shows them) and sets the retained error.
@MainActor
public final class TrendReport {
    /// The last 30 days as last read, for the sparkline.
    public private(set) var recent: TrendWindow?
    public private(set) var loadState: LoadState = .idle
    public private(set) var retainedError: TrendError?

    /// How many days the sparkline covers.
    public static let recentDays = 30

    private let repository: any TrendRepository
    private let settings: SettingsFeature
    private let clock: Clock

    public init(repository: any TrendRepository, settings: SettingsFeature, clock: Clock) {
        self.repository = repository
        self.settings = settings
        self.clock = clock
    }

    /// Today's local day number.
    public var today: Int { LocalCalendar.dayNumber(of: clock.now()) }

    /// Reads the last 30 days again.
    public func refresh() {
        do {
            _ = try window(days: Self.recentDays)
        } catch {
            // Kept as the retained error, which `status` and `refresh` report.
        }
    }

    /// The weigh-in days of the `days` days ending today, as they stand now.
    public func window(days: Int) throws(TrendError) -> TrendWindow {
        let now = clock.now()
        let today = LocalCalendar.dayNumber(of: now)
        let window = try read { () throws(StorageError) in
            try repository.window(from: today - max(days, 1) + 1, through: today, asOf: now)
        }
        if days == Self.recentDays { recent = window }
        return window
    }

    /// The days with values of `kind` among the `days` days ending today; the weight's as `window(days:)`.
    public func window(days: Int, kind: MeasurementKind) throws(TrendError) -> TrendWindow {
        guard kind.id != .weight else { return try window(days: days) }
        let now = clock.now()
        let today = LocalCalendar.dayNumber(of: now)
        return try read { () throws(StorageError) in
            try repository.window(of: kind, from: today - max(days, 1) + 1, through: today, asOf: now)
        }
    }

    /// The figures `stats KIND` shows for a kind other than weight: its latest value, its
    /// trend, the trend's rates and the range of the window; no goal, no energy, no habits.
    /// The weight's are `stats(days:habits:)`.
    public func stats(days: Int, kind: MeasurementKind, habits: [Habit]) throws(TrendError) -> TrendStats {
        guard kind.id != .weight else { return try stats(days: days, habits: habits) }
        let now = clock.now()
        let today = LocalCalendar.dayNumber(of: now)
        return try read { () throws(StorageError) in
            let window = try repository.window(
                of: kind, from: today - max(days, 28) + 1, through: today, asOf: now)
            let latest = try repository.latestCountedEntry(with: kind, asOf: now)
            return TrendStats.make(
                days: days, today: today, window: window, latestEntry: latest, goal: nil, atGoal: false,
                unit: .kilograms, habits: [])
        }
    }

    /// The last `count` periods of `kind` (`stats week|month|year`), the one that holds today
    /// first. One read of the per-day table, over those periods and the one before them.
    public func periods(_ period: ReportPeriod, count: Int, kind: MeasurementKind) throws(TrendError) -> PeriodReport {
        let now = clock.now()
        let today = LocalCalendar.dayNumber(of: now)
        let count = period.count(count, endingWith: today)
        let firstDay = PeriodReport.firstDayRead(period: period, count: count, today: today)
        return try read { () throws(StorageError) in
            let window =
                kind.id == .weight
                ? try repository.window(from: firstDay, through: today, asOf: now)
                : try repository.window(of: kind, from: firstDay, through: today, asOf: now)
            return PeriodReport.make(kind: kind, period: period, count: count, today: today, window: window)
        }
    }

    /// The trend at the end of each local day the entries fall on, by day number.
    public func trendByDay(for entries: [WeightEntry]) throws(TrendError) -> [Int: Double] {
        let days = entries.map { LocalCalendar.dayNumber(of: $0.date) }
        guard let first = days.min(), let last = days.max() else { return [:] }
        let now = clock.now()
        let window = try read { () throws(StorageError) in
            try repository.window(from: first, through: last, asOf: now)
        }
        var byDay: [Int: Double] = [:]
        for day in window.days { byDay[day.day] = day.point.trendKilograms }
        return byDay
    }

    /// The figures `stats` shows for the `days` days ending today, with the latest weight
    /// they count.
    public func stats(days: Int, habits: [Habit]) throws(TrendError) -> TrendStats {
        let now = clock.now()
        let today = LocalCalendar.dayNumber(of: now)
        let goal = settings.goalKilograms
        let unit = settings.unit
        let height = settings.settings.heightCentimetres
        return try read { () throws(StorageError) in
            let window = try repository.window(from: today - max(days, 28) + 1, through: today, asOf: now)
            var atGoal = false
            if let goal {
                let inside = GoalForecast.band(unit)
                let crossing = try repository.latestGoalCrossing(
                    goal: goal, inside: inside, outside: inside + GoalForecast.hysteresis(unit), asOf: now)
                atGoal = GoalForecast.isAtGoal(latestCrossing: crossing, goal: goal, unit: unit)
            }
            let latest = try repository.latestCountedEntry(asOf: now)
            var stats = TrendStats.make(
                days: days, today: today, window: window, latestEntry: latest, goal: goal, atGoal: atGoal,
                unit: unit, habits: habits)
            stats.heightCentimetres = height
            return stats
        }
    }

    /// Runs a read; a failure keeps what was read before and becomes the retained error.
    private func read<T>(_ body: () throws(StorageError) -> T) throws(TrendError) -> T {
        loadState = .loading
        do {
            let value = try body()
            loadState = .ready
            retainedError = nil
            return value
        } catch {
            loadState = .failed
            retainedError = .storage(error)
            throw .storage(error)
        }
    }
}

extension TrendReport: FeatureStatus {
    public nonisolated var featureID: FeatureID { .trend }
    public var featureLoadState: LoadState? { loadState }
}

extension FeatureID {
    /// The trend, read from the weights.
    public static let trend = FeatureID("trend")
}

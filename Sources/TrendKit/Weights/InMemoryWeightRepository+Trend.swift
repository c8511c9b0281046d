/// The trend computed from the entries on every read: the model the per-day table must
/// agree with.
extension InMemoryWeightRepository: TrendRepository {
    public func window(from firstDay: Int, through lastDay: Int) throws(StorageError) -> TrendWindow {
        try faults.check(.open, feature: .trend)
        try faults.check(.refresh, feature: .trend)
        let days = Self.days(of: allEntries)
        return TrendWindow(
            firstDay: firstDay, lastDay: lastDay, before: days.last { $0.day < firstDay }?.point,
            days: days.filter { $0.day >= firstDay && $0.day <= lastDay })
    }

    public func latestGoalCrossing(goal: Double, inside: Double, outside: Double) throws(StorageError)
        -> TrendPoint?
    {
        try faults.check(.open, feature: .trend)
        return Self.days(of: allEntries).last {
            abs($0.point.trendKilograms - goal) <= inside || abs($0.point.trendKilograms - goal) > outside
        }?.point
    }

    /// Every weigh-in day of `entries` in `zone` with its trend, the way the per-day table
    /// builds them.
    static func days(of entries: [WeightEntry], in zone: TrendZone = .local) -> [TrendDay] {
        var rows: [DayRow] = []
        let ordered = entries.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        for entry in ordered {
            let seconds = Int64((entry.date.timeIntervalSince1970).rounded(.down))
            let day = zone.day(unixSeconds: seconds)
            if rows.last?.day == day {
                rows[rows.count - 1].add(entry.kilograms)
            } else {
                rows.append(DayRow(day: day, kilograms: entry.kilograms))
            }
        }
        rows = DayRow.merged(rows)
        let points = TrendModel.smooth(rows.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        return zip(rows, points).map {
            TrendDay(point: $1, entries: $0.count, minimumKilograms: $0.minimum, maximumKilograms: $0.maximum)
        }
    }
}

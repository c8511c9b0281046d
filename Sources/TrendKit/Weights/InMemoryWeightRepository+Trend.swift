import FoundationEssentials

/// The trend computed from the entries on every read: the model the per-day table must
/// agree with. It counts only the entries that keep the rules at `now` (`EntryRule`).
extension InMemoryWeightRepository: TrendRepository {
    public func window(from firstDay: Int, through lastDay: Int, asOf now: Date) throws(StorageError) -> TrendWindow {
        try faults.check(.open, feature: .trend)
        try faults.check(.refresh, feature: .trend)
        let days = Self.days(of: counted(asOf: now))
        return TrendWindow(
            firstDay: firstDay, lastDay: lastDay, before: days.last { $0.day < firstDay }?.point,
            days: days.filter { $0.day >= firstDay && $0.day <= lastDay },
            leftOut: allEntries.count { $0.brokenRule(asOf: now) != nil })
    }

    public func latestGoalCrossing(goal: Double, inside: Double, outside: Double, asOf now: Date)
        throws(StorageError) -> TrendPoint?
    {
        try faults.check(.open, feature: .trend)
        return Self.days(of: counted(asOf: now)).last {
            abs($0.point.trendKilograms - goal) <= inside || abs($0.point.trendKilograms - goal) > outside
        }?.point
    }

    public func latestCountedEntry(asOf now: Date) throws(StorageError) -> WeightEntry? {
        try faults.check(.open, feature: .trend)
        return counted(asOf: now).max { ($0.date, $0.id) < ($1.date, $1.id) }
    }

    public func window(of kind: MeasurementKind, from firstDay: Int, through lastDay: Int, asOf now: Date)
        throws(StorageError) -> TrendWindow
    {
        try faults.check(.open, feature: .trend)
        try faults.check(.refresh, feature: .trend)
        let latest = EntryRule.latestCountedDate(asOf: now)
        let days = Self.days(of: allEntries.filter { StoredTime.rounded($0.date) <= StoredTime.rounded(latest) }, kind)
        return TrendWindow(
            firstDay: firstDay, lastDay: lastDay, before: days.last { $0.day < firstDay }?.point,
            days: days.filter { $0.day >= firstDay && $0.day <= lastDay },
            leftOut: allEntries.count { entry in
                entry.measurements[kind.id].map {
                    !kind.range.contains($0) || StoredTime.rounded(entry.date) > StoredTime.rounded(latest)
                } ?? false
            })
    }

    public func latestCountedEntry(with kind: MeasurementKind, asOf now: Date) throws(StorageError) -> WeightEntry? {
        try faults.check(.open, feature: .trend)
        let latest = StoredTime.rounded(EntryRule.latestCountedDate(asOf: now))
        return allEntries.filter { entry in
            entry.measurements[kind.id].map { kind.range.contains($0) } == true
                && StoredTime.rounded(entry.date) <= latest
        }.max { ($0.date, $0.id) < ($1.date, $1.id) }
    }

    /// Every day with values of `kind` in `entries`, with its trend, the way the kind's
    /// per-day table builds them: leaving out values outside the kind's range.
    static func days(of entries: [WeightEntry], _ kind: MeasurementKind, in zone: TrendZone = .local) -> [TrendDay] {
        var rows: [DayRow] = []
        let values = entries.compactMap { entry in
            entry.measurements[kind.id].flatMap { kind.range.contains($0) ? (entry, $0) : nil }
        }
        for (entry, value) in values.sorted(by: { ($0.0.date, $0.0.id) < ($1.0.date, $1.0.id) }) {
            let day = zone.day(unixSeconds: Int64((entry.date.timeIntervalSince1970).rounded(.down)))
            if rows.last?.day == day {
                rows[rows.count - 1].add(value)
            } else {
                rows.append(DayRow(day: day, kilograms: value))
            }
        }
        rows = DayRow.merged(rows)
        let points = TrendModel.smooth(rows.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        return zip(rows, points).map {
            TrendDay(point: $1, entries: $0.count, minimumKilograms: $0.minimum, maximumKilograms: $0.maximum)
        }
    }

    /// The weighings that keep every rule at `now`: entries with a weight.
    private func counted(asOf now: Date) -> [WeightEntry] {
        allEntries.filter { $0.kilograms != nil && $0.brokenRule(asOf: now) == nil }
    }

    /// Every weigh-in day of `entries` in `zone` with its trend, the way the per-day table
    /// builds them: whatever their dates, leaving out weights that break the rule.
    static func days(of entries: [WeightEntry], in zone: TrendZone = .local) -> [TrendDay] {
        var rows: [DayRow] = []
        let weighings = entries.compactMap { entry in
            entry.kilograms.flatMap { EntryRule.weightKeepsRule($0) ? (entry, $0) : nil }
        }
        let ordered = weighings.sorted { ($0.0.date, $0.0.id) < ($1.0.date, $1.0.id) }
        for (entry, kilograms) in ordered {
            let seconds = Int64((entry.date.timeIntervalSince1970).rounded(.down))
            let day = zone.day(unixSeconds: seconds)
            if rows.last?.day == day {
                rows[rows.count - 1].add(kilograms)
            } else {
                rows.append(DayRow(day: day, kilograms: kilograms))
            }
        }
        rows = DayRow.merged(rows)
        let points = TrendModel.smooth(rows.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        return zip(rows, points).map {
            TrendDay(point: $1, entries: $0.count, minimumKilograms: $0.minimum, maximumKilograms: $0.maximum)
        }
    }
}

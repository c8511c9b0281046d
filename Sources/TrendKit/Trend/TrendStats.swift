/// What `stats` reports over a window of days ending today.
public struct TrendStats: Sendable, Equatable {
    /// How many days the window covers, ending `today`.
    public var days: Int
    public var today: Int
    /// The last weigh-in day on or before today, with its trend; nil with no weigh-ins.
    public var latestDay: TrendPoint?
    public var weekChange: Figure<Double>
    public var weeklyRate: Figure<Double>
    public var monthlyRate: Figure<Double>
    /// The entries in the window: how many, and their lowest, highest and mean weights.
    public var entries: Int
    public var minimumKilograms: Double?
    public var maximumKilograms: Double?
    public var meanKilograms: Double?
    /// How many days of the window had a weigh-in.
    public var weighInDays: Int
    /// The goal and the forecast against it; nil without a goal or without a trend.
    public var goalKilograms: Double?
    public var forecast: GoalForecast?
    /// Each habit's flag analysis over the window, in the habits' order.
    public var habits: [HabitFlags]
    /// The newest entry the trend counts (the latest weight); nil with none.
    public var latestEntry: WeightEntry?
    /// How many entries break a rule (`EntryRule`) and are left out of every figure.
    public var leftOut: Int
    /// The person's height (`set height`), for the body-mass index; nil when not set.
    public var heightCentimetres: Double? = nil

    /// One habit's flag analysis.
    public struct HabitFlags: Sendable, Equatable {
        public var name: String
        public var analysis: FlagAnalysis
    }

    /// The figures from the days the store holds. `window` must reach back at least 28 days
    /// before today and `days` days, so every figure sees the days it needs.
    public static func make(
        days: Int, today: Int, window: TrendWindow, latestEntry: WeightEntry? = nil, goal: Double?, atGoal: Bool,
        unit: WeightUnit, habits: [Habit]
    ) -> TrendStats {
        let points = window.pointsWithBefore.filter { $0.day <= today }
        let firstDay = today - days + 1
        let inWindow = window.days.filter { $0.day >= firstDay && $0.day <= today }
        let entries = inWindow.reduce(0) { $0 + $1.entries }
        let weeklyRate = TrendFigures.weeklyRate(points, today: today)
        let latest = points.last
        var stats = TrendStats(
            days: days, today: today, latestDay: latest, weekChange: TrendFigures.weekChange(points, today: today),
            weeklyRate: weeklyRate, monthlyRate: TrendFigures.monthlyRate(points, today: today), entries: entries,
            minimumKilograms: inWindow.map(\.minimumKilograms).min(),
            maximumKilograms: inWindow.map(\.maximumKilograms).max(),
            meanKilograms: entries > 0
                ? inWindow.reduce(0) { $0 + $1.point.meanKilograms * Double($1.entries) } / Double(entries) : nil,
            weighInDays: inWindow.count, goalKilograms: goal, forecast: nil, habits: [], latestEntry: latestEntry,
            leftOut: window.leftOut)
        if let goal, let latest {
            stats.forecast = GoalForecast.make(
                trend: latest.trendKilograms, goal: goal, atGoal: atGoal, weeklyRate: weeklyRate, today: today)
        }
        stats.habits = habits.map {
            HabitFlags(
                name: $0.name, analysis: FlagAnalysis.make(points, doneDays: $0.doneDays, from: firstDay, to: today))
        }
        return stats
    }
}

extension TrendStats {
    /// The body-mass index of the latest weight, with the height set; nil without either.
    public var bodyMassIndex: Double? {
        guard let height = heightCentimetres, let kilograms = latestEntry?.kilograms else { return nil }
        return BodyComposition.bodyMassIndex(kilograms: kilograms, heightCentimetres: height)
    }

    /// The body-mass index of the trend, with the height set.
    public var trendBodyMassIndex: Double? {
        guard let height = heightCentimetres, let trend = latestDay?.trendKilograms else { return nil }
        return BodyComposition.bodyMassIndex(kilograms: trend, heightCentimetres: height)
    }

    /// The latest weigh-in's body fat, when it has a weight and a body fat within its range.
    public var latestFatPercent: Double? {
        guard latestEntry?.kilograms != nil, let fat = latestEntry?.measurements[MeasurementKind.bodyFat.id],
            MeasurementKind.bodyFat.range.contains(fat)
        else { return nil }
        return fat
    }

    /// The latest weigh-in's fat and lean mass, in kilograms, when it has a weight and a body fat.
    public var latestComposition: (fat: Double, lean: Double)? {
        guard let kilograms = latestEntry?.kilograms, let fat = latestFatPercent else { return nil }
        return (
            BodyComposition.fatMass(kilograms: kilograms, fatPercent: fat),
            BodyComposition.leanMass(kilograms: kilograms, fatPercent: fat)
        )
    }
}

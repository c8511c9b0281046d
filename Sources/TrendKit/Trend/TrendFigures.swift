import FoundationEssentials

/// A figure that needs enough weigh-ins: its value, or how many days it had and needed.
public enum Figure<Value: Sendable & Equatable>: Sendable, Equatable {
    case value(Value)
    /// Too few weigh-in days: `have` of the last `window` days had one; `need` are needed.
    case tooFew(have: Int, need: Int, window: Int)

    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// The figures a weight log is kept for, computed from the trend. Pure functions.
public enum TrendFigures {
    /// Energy in a kilogram of body weight, by the usual estimate (kcal).
    public static let kcalPerKilogram = 7716.0
    /// Energy in a pound of body weight (kcal).
    public static let kcalPerPound = 3500.0

    /// The change of the trend over the last 7 days (kg): the trend today less the trend 7
    /// days ago. Needs 4 weigh-in days among those 7.
    public static func weekChange(_ points: [TrendPoint], today: Int) -> Figure<Double> {
        let have = weighInDays(points, window: 7, today: today)
        guard have >= 4, let now = TrendModel.trend(on: today, in: points),
            let before = TrendModel.trend(on: today - 7, in: points) ?? points.first?.trendKilograms
        else { return .tooFew(have: have, need: 4, window: 7) }
        return .value(now - before)
    }

    /// The weekly rate (kg a week): the least-squares slope of the trend over the last 14
    /// days, times 7. Needs 9 weigh-in days among those 14.
    public static func weeklyRate(_ points: [TrendPoint], today: Int) -> Figure<Double> {
        rate(points, window: 14, need: 9, today: today)
    }

    /// The same rate fitted over the last 28 days. Needs 19 weigh-in days among those 28.
    public static func monthlyRate(_ points: [TrendPoint], today: Int) -> Figure<Double> {
        rate(points, window: 28, need: 19, today: today)
    }

    static func rate(_ points: [TrendPoint], window: Int, need: Int, today: Int) -> Figure<Double> {
        let inWindow = points.filter { $0.day > today - window && $0.day <= today }
        guard inWindow.count >= need, let slope = slope(inWindow.map { (Double($0.day), $0.trendKilograms) }) else {
            return .tooFew(have: inWindow.count, need: need, window: window)
        }
        return .value(slope * 7)
    }

    /// The least-squares slope of `y` on `x`; nil for fewer than two distinct x.
    static func slope(_ pairs: [(x: Double, y: Double)]) -> Double? {
        guard pairs.count >= 2 else { return nil }
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.x } / n
        let meanY = pairs.reduce(0) { $0 + $1.y } / n
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in pairs {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return variance > 0 ? covariance / variance : nil
    }

    /// The energy balance a weekly rate implies, in kcal a day: negative is a deficit.
    /// Computed in the unit the rate is shown in (7,716 kcal a kg, 3,500 a pound).
    public static func kcalPerDay(weeklyRateKilograms rate: Double, unit: WeightUnit) -> Double {
        switch unit {
        case .kilograms: return rate * kcalPerKilogram / 7
        case .pounds, .stones: return WeightUnit.pounds.value(fromKilograms: rate) * kcalPerPound / 7
        }
    }

    /// How many of the last `window` days (ending today) had a weigh-in.
    public static func weighInDays(_ points: [TrendPoint], window: Int, today: Int) -> Int {
        points.reduce(0) { $0 + (($1.day > today - window && $1.day <= today) ? 1 : 0) }
    }
}

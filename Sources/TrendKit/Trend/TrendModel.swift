import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One calendar day with weigh-ins: its local day number (days since 1970-01-01) and the
/// mean of that day's weights, in kilograms.
public struct DailyWeight: Sendable, Equatable {
    public var day: Int
    public var meanKilograms: Double

    public init(day: Int, meanKilograms: Double) {
        self.day = day
        self.meanKilograms = meanKilograms
    }
}

/// A weigh-in day with its smoothed trend, in kilograms.
public struct TrendPoint: Sendable, Equatable {
    public var day: Int
    public var meanKilograms: Double
    public var trendKilograms: Double

    public init(day: Int, meanKilograms: Double, trendKilograms: Double) {
        self.day = day
        self.meanKilograms = meanKilograms
        self.trendKilograms = trendKilograms
    }
}

/// The trend: exponential smoothing of the daily weights, as The Hacker's Diet defines it.
///
/// `trend += α·(weight − trend)`, with `α = 1 − 0.9^Δt` and Δt the number of days since the
/// previous weigh-in. It starts at the first weight. For someone who weighs daily this is
/// the Hacker's Diet's 10% smoothing; over a gap of Δt days it equals carrying the new
/// weight across every missing day, without storing or showing any made-up point.
public enum TrendModel {
    /// The smoothing factor for a step of `days` days.
    public static func alpha(days: Int) -> Double {
        1 - Glibc.pow(0.9, Double(max(days, 1)))
    }

    /// The trend through `days` (in day order), continuing from `previous` when the series
    /// does not start at the first weigh-in.
    public static func smooth(_ days: [DailyWeight], after previous: TrendPoint? = nil) -> [TrendPoint] {
        var points: [TrendPoint] = []
        points.reserveCapacity(days.count)
        var last = previous
        for daily in days {
            let trend: Double
            if let last {
                trend =
                    last.trendKilograms + alpha(days: daily.day - last.day)
                    * (daily.meanKilograms - last.trendKilograms)
            } else {
                trend = daily.meanKilograms
            }
            let point = TrendPoint(day: daily.day, meanKilograms: daily.meanKilograms, trendKilograms: trend)
            points.append(point)
            last = point
        }
        return points
    }

    /// The trend on `day`: the trend of the last weigh-in on or before it (nothing new is
    /// made up between weigh-ins); nil before the first.
    public static func trend(on day: Int, in points: [TrendPoint]) -> Double? {
        points.last { $0.day <= day }?.trendKilograms
    }
}

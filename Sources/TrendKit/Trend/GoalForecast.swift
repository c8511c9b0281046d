import FoundationEssentials

/// Where the trend stands against the goal, and when it would reach it.
public struct GoalForecast: Sendable, Equatable {
    /// How the trend moves relative to the goal.
    public enum Direction: Sendable, Equatable {
        /// Within the maintenance band around the goal.
        case atGoal
        /// Moving toward the goal; it would be reached on this day (a day number).
        case reaching(day: Int)
        /// Moving away from the goal.
        case movingAway
        /// Moving less than 10 g a week, or so slowly the goal is a century away.
        case flat
        /// Too few weigh-ins to know the rate.
        case unknownRate
    }

    /// The trend less the goal, in kilograms: positive above the goal.
    public var distanceKilograms: Double
    public var direction: Direction

    public init(distanceKilograms: Double, direction: Direction) {
        self.distanceKilograms = distanceKilograms
        self.direction = direction
    }

    /// Half the maintenance band around the goal: 1.134 kg, or 2.5 lb (in pounds or stone).
    public static func band(_ unit: WeightUnit) -> Double {
        unit == .kilograms ? 1.134 : WeightUnit.pounds.kilograms(fromValue: 2.5)
    }

    /// How far past the band the trend must go to leave "at goal": 0.25 kg, or 0.5 lb, so
    /// the status does not flip back and forth on the band's edge.
    public static func hysteresis(_ unit: WeightUnit) -> Double {
        unit == .kilograms ? 0.25 : WeightUnit.pounds.kilograms(fromValue: 0.5)
    }

    /// The latest point where the status could have changed: its trend inside the band, or
    /// beyond band and hysteresis. Between the two, the status stays what it was.
    public static func latestCrossing(_ points: [TrendPoint], goal: Double, unit: WeightUnit) -> TrendPoint? {
        let inside = band(unit)
        let outside = inside + hysteresis(unit)
        return points.last { abs($0.trendKilograms - goal) <= inside || abs($0.trendKilograms - goal) > outside }
    }

    /// At the goal now: the latest crossing entered the band (and none since left it).
    public static func isAtGoal(latestCrossing crossing: TrendPoint?, goal: Double, unit: WeightUnit) -> Bool {
        guard let crossing else { return false }
        return abs(crossing.trendKilograms - goal) <= band(unit)
    }

    /// The forecast from the trend now, whether it is at the goal, and the weekly rate.
    public static func make(
        trend: Double, goal: Double, atGoal: Bool, weeklyRate: Figure<Double>, today: Int
    ) -> GoalForecast {
        let distance = trend - goal
        if atGoal { return GoalForecast(distanceKilograms: distance, direction: .atGoal) }
        guard let rate = weeklyRate.value else {
            return GoalForecast(distanceKilograms: distance, direction: .unknownRate)
        }
        // Less than 10 g a week is no movement worth projecting.
        guard abs(rate) >= 0.01 else { return GoalForecast(distanceKilograms: distance, direction: .flat) }
        guard (distance > 0) == (rate < 0) else {
            return GoalForecast(distanceKilograms: distance, direction: .movingAway)
        }
        let days = (abs(distance) / abs(rate / 7)).rounded(.up)
        guard days < 36_500 else { return GoalForecast(distanceKilograms: distance, direction: .flat) }
        return GoalForecast(distanceKilograms: distance, direction: .reaching(day: today + Int(days)))
    }
}

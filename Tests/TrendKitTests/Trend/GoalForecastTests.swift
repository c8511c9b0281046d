import FoundationEssentials
import Testing

@testable import TrendKit

/// The goal forecast, and the band's hysteresis.
@MainActor
struct GoalForecastTests {
    @Test func aTrendMovingTowardTheGoalIsGivenADate() {
        // 5 kg above, losing 0.5 kg a week: 5 / (0.5 / 7) = 70 days.
        let forecast = GoalForecast.make(trend: 80, goal: 75, atGoal: false, weeklyRate: .value(-0.5), today: 100)
        #expect(forecast == GoalForecast(distanceKilograms: 5, direction: .reaching(day: 170)))
        let below = GoalForecast.make(trend: 70, goal: 72, atGoal: false, weeklyRate: .value(0.25), today: 100)
        #expect(below.direction == .reaching(day: 156))
    }

    @Test func aTrendMovingAwayFlatOrUnknownGetsNoDate() {
        #expect(
            GoalForecast.make(trend: 80, goal: 75, atGoal: false, weeklyRate: .value(0.3), today: 0).direction
                == .movingAway)
        #expect(
            GoalForecast.make(trend: 80, goal: 75, atGoal: false, weeklyRate: .value(-0.005), today: 0).direction
                == .flat)
        #expect(
            GoalForecast.make(
                trend: 80, goal: 75, atGoal: false, weeklyRate: .tooFew(have: 3, need: 9, window: 14), today: 0
            ).direction == .unknownRate)
        #expect(
            GoalForecast.make(trend: 75.5, goal: 75, atGoal: true, weeklyRate: .value(-1), today: 0).direction
                == .atGoal)
    }

    /// The status after each trend value, walked in order (goal 70 kg).
    func statuses(_ trends: [Double], unit: WeightUnit = .kilograms) -> [Bool] {
        let points = trends.enumerated().map {
            TrendPoint(day: $0.offset, meanKilograms: $0.element, trendKilograms: $0.element)
        }
        return (1...points.count).map { count in
            let crossing = GoalForecast.latestCrossing(Array(points.prefix(count)), goal: 70, unit: unit)
            return GoalForecast.isAtGoal(latestCrossing: crossing, goal: 70, unit: unit)
        }
    }

    @Test func atGoalBeginsInTheBandAndEndsOnlyPastTheHysteresis() {
        // Far above; into the band (1.0 above); out to 1.3, past the band but not the
        // hysteresis, so still at goal; out to 1.4, past both; back to 1.3, still not at goal;
        // back into the band.
        #expect(statuses([73, 71.0, 71.3, 71.4, 71.3, 71.1]) == [false, true, true, false, false, true])
        // The same below the goal.
        #expect(statuses([67, 69.0, 68.7, 68.6, 68.7, 68.9]) == [false, true, true, false, false, true])
        // Starting in the strip between the band and the hysteresis is not at goal.
        #expect(statuses([71.3]) == [false])
    }

    @Test func inPoundsTheBandIsTwoAndAHalfPoundsAndTheHysteresisHalfAPound() {
        let pound = WeightUnit.pounds.kilograms(fromValue: 1)
        #expect(abs(GoalForecast.band(.pounds) - 2.5 * pound) < 1e-12)
        #expect(abs(GoalForecast.hysteresis(.pounds) - 0.5 * pound) < 1e-12)
        #expect(GoalForecast.band(.kilograms) == 1.134)
        #expect(GoalForecast.hysteresis(.kilograms) == 0.25)
    }

    @Test func theStoreFindsTheSameLatestCrossingAsTheModel() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"))
        let weights = [75.0, 73, 72, 71.4, 71.2, 71.3, 71.36]
        for (offset, kilograms) in weights.enumerated() {
            _ = try repository.insert(
                TrendFixtures.entry(
                    "g\(offset)", day: TrendFixtures.today - weights.count + offset, kilograms: kilograms))
        }
        let days = try TrendFixtures.storedDays(repository.store.sqlite)
        let inside = GoalForecast.band(.kilograms)
        for goal in [69.5, 70.0, 70.2, 72.0] {
            let stored = try SQLTrendRepository(store: repository.store).latestGoalCrossing(
                goal: goal, inside: inside, outside: inside + GoalForecast.hysteresis(.kilograms), asOf: Fixtures.now)
            #expect(
                stored == GoalForecast.latestCrossing(days.map(\.point), goal: goal, unit: .kilograms), "goal \(goal)")
        }
    }
}

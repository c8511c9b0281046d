import FoundationEssentials
import Testing

@testable import TrendKit

/// The trend against values worked out by hand.
struct TrendModelTests {
    @Test func weighingDailyIsTenPercentSmoothing() {
        #expect(abs(TrendModel.alpha(days: 1) - 0.1) < 1e-15)
        let days = [80.0, 81, 79, 80].enumerated().map { DailyWeight(day: 100 + $0.offset, meanKilograms: $0.element) }
        let trend = TrendModel.smooth(days).map(\.trendKilograms)
        // 80; 80 + 0.1·(81 − 80) = 80.1; 80.1 + 0.1·(79 − 80.1) = 79.99; 79.99 + 0.1·(80 − 79.99) = 79.991.
        let expected = [80, 80.1, 79.99, 79.991]
        #expect(zip(trend, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(trend)")
    }

    @Test func theTrendStartsAtTheFirstWeight() {
        let points = TrendModel.smooth([DailyWeight(day: 5, meanKilograms: 72.4)])
        #expect(points == [TrendPoint(day: 5, meanKilograms: 72.4, trendKilograms: 72.4)])
        #expect(TrendModel.smooth([]).isEmpty)
    }

    @Test(arguments: 1...30)
    func aGapEqualsCarryingTheNewWeightThroughEveryMissingDay(gap: Int) {
        let points = TrendModel.smooth([
            DailyWeight(day: 0, meanKilograms: 80), DailyWeight(day: gap, meanKilograms: 70),
        ])
        // By hand: 80 + (1 − 0.9^gap)·(70 − 80) = 70 + 10·0.9^gap.
        var byHand = 10.0
        for _ in 0..<gap { byHand *= 0.9 }
        #expect(abs(points[1].trendKilograms - (70 + byHand)) < 1e-9)
        // The same as stepping one day at a time with 70 on every day of the gap.
        var carried = 80.0
        for _ in 0..<gap { carried += 0.1 * (70 - carried) }
        #expect(abs(points[1].trendKilograms - carried) < 1e-9)
        // No point is made up for the missing days.
        #expect(points.map(\.day) == [0, gap])
    }

    @Test func theTrendOnADayIsThatOfTheLastWeighInOnOrBeforeIt() {
        let points = TrendModel.smooth([
            DailyWeight(day: 10, meanKilograms: 80), DailyWeight(day: 13, meanKilograms: 79),
        ])
        #expect(TrendModel.trend(on: 9, in: points) == nil)
        #expect(TrendModel.trend(on: 10, in: points) == 80)
        #expect(TrendModel.trend(on: 12, in: points) == 80)
        #expect(TrendModel.trend(on: 13, in: points) == points[1].trendKilograms)
    }

    @Test func smoothingCarriesOnFromAnEarlierPoint() {
        let earlier = TrendPoint(day: 1, meanKilograms: 90, trendKilograms: 85)
        let points = TrendModel.smooth([DailyWeight(day: 3, meanKilograms: 80)], after: earlier)
        // 85 + (1 − 0.81)·(80 − 85) = 84.05
        #expect(abs(points[0].trendKilograms - 84.05) < 1e-12)
    }
}

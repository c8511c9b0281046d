import FoundationEssentials
import Testing

@testable import TrendKit

/// The rate, energy and change figures, and when each has too little to go on.
struct TrendFiguresTests {
    let today = 1_000

    /// A trend falling 0.1 kg a day on each of `days` (days before today).
    func falling(on days: [Int]) -> [TrendPoint] {
        TrendFixtures.points(days.map { (today - $0, 80 - Double(14 - $0) * 0.1) })
    }

    @Test func theWeeklyRateIsTheSlopeOfTheLastFourteenDaysTimesSeven() throws {
        let rate = try #require(TrendFigures.weeklyRate(falling(on: Array(0..<14)), today: today).value)
        #expect(abs(rate - -0.7) < 1e-12)
    }

    @Test func theWeeklyRateNeedsNineWeighInDaysOfFourteen() {
        #expect(
            TrendFigures.weeklyRate(falling(on: Array(0..<8)), today: today) == .tooFew(have: 8, need: 9, window: 14))
        #expect(TrendFigures.weeklyRate(falling(on: Array(0..<9)), today: today).value != nil)
        // Days before the window do not count.
        #expect(
            TrendFigures.weeklyRate(falling(on: Array(0..<8) + [14, 15, 16]), today: today)
                == .tooFew(have: 8, need: 9, window: 14))
    }

    @Test func theTwentyEightDayRateNeedsNineteenOfTwentyEight() {
        let points = TrendFixtures.points((0..<28).map { (today - $0, 90 - Double(28 - $0) * 0.05) })
        #expect(TrendFigures.monthlyRate(Array(points.prefix(18)), today: today).value == nil)
        #expect(
            TrendFigures.monthlyRate(Array(points.prefix(18)), today: today) == .tooFew(have: 18, need: 19, window: 28))
        let rate = TrendFigures.monthlyRate(Array(points.prefix(19)), today: today).value
        #expect(rate.map { abs($0 - -0.35) < 1e-12 } == true)
    }

    @Test func theSevenDayChangeNeedsFourOfSeven() {
        let three = TrendFixtures.points([(today - 7, 80), (today - 2, 79.5), (today - 1, 79.4), (today, 79.2)])
        #expect(TrendFigures.weekChange(three, today: today) == .tooFew(have: 3, need: 4, window: 7))
        let four = TrendFixtures.points([
            (today - 7, 80), (today - 3, 79.6), (today - 2, 79.5), (today - 1, 79.4), (today, 79.2),
        ])
        #expect(TrendFigures.weekChange(four, today: today).value.map { abs($0 - -0.8) < 1e-12 } == true)
    }

    @Test func theEnergyBalanceIsTheRateInKcalADay() {
        // Half a kilogram a week: 0.5 × 7716 / 7 = 551.14… kcal a day.
        #expect(abs(TrendFigures.kcalPerDay(weeklyRateKilograms: -0.5, unit: .kilograms) - -551.142_857) < 1e-3)
        // A pound a week, in pounds: 3500 / 7 = 500 kcal a day.
        let pound = WeightUnit.pounds.kilograms(fromValue: 1)
        #expect(abs(TrendFigures.kcalPerDay(weeklyRateKilograms: pound, unit: .pounds) - 500) < 1e-9)
    }

    @Test func theFlagAnalysisComparesDaysDoneWithDaysNot() {
        // The trend drops 0.2 on days 1, 3, 5 (done) and 0.1 on days 2, 4, 6 (not done).
        var trend = 80.0
        var points = [TrendPoint(day: 0, meanKilograms: 80, trendKilograms: 80)]
        for day in 1...6 {
            trend -= day % 2 == 1 ? 0.2 : 0.1
            points.append(TrendPoint(day: day, meanKilograms: trend, trendKilograms: trend))
        }
        let analysis = FlagAnalysis.make(points, doneDays: [1, 3, 5], from: 0, to: 6)
        #expect(analysis.doneRate.value.map { abs($0 - -1.4) < 1e-9 } == true)
        #expect(analysis.notDoneRate.value.map { abs($0 - -0.7) < 1e-9 } == true)
        let few = FlagAnalysis.make(points, doneDays: [1], from: 0, to: 6)
        #expect(few.doneRate == .tooFew(have: 1, need: 3, window: 7))
    }
}

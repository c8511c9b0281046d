import Testing
import TrendKit

@testable import TrendShell

/// The chart drawn as text at fixed widths, against golden text; and never wider than asked.
struct ChartTests {
    /// Three weeks ending 2026-11-29 (day 20786), with two days missed, a weigh-in before the
    /// run, and the daily weights wandering around a falling trend.
    static let window: TrendWindow = {
        let first = 20_766
        let weights: [Int: Double] = [
            0: 80.4, 1: 79.6, 2: 80.9, 3: 80.1, 5: 79.2, 6: 79.8, 7: 80.6, 8: 79.0, 9: 79.4, 10: 78.7,
            11: 79.9, 12: 78.4, 14: 78.9, 15: 78.1, 16: 79.3, 17: 77.9, 18: 78.5, 19: 77.6, 20: 78.2,
        ]
        let before = TrendPoint(day: first - 3, meanKilograms: 80.8, trendKilograms: 80.5)
        let points = TrendModel.smooth(
            weights.keys.sorted().map { DailyWeight(day: first + $0, meanKilograms: weights[$0] ?? 0) }, after: before)
        return TrendWindow(
            firstDay: first, lastDay: first + 20, before: before,
            days: points.map {
                TrendDay(point: $0, entries: 1, minimumKilograms: $0.meanKilograms, maximumKilograms: $0.meanKilograms)
            })
    }()

    static func text(_ data: ChartData, width: Int, unicode: Bool) -> String {
        TextChart(data: data, width: width, unicode: unicode).lines().map { $0.map(\.text).joined() }.joined(
            separator: "\n")
    }

    @Test func asciiChartWithAGoalAtSixtyColumns() {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 77.5)
        #expect(
            Self.text(data, width: 60, unicode: false) == """
                83.0 +
                     |
                82.0 +
                     |
                81.0 +      o
                     |-o-----------      o
                80.0 +   |     o   ---o------------o--
                     |   o          |      |  o  |    ----------o---
                79.0 +              o      o     |    |    o |     |-------
                     |                           o    o      |     | o  | |
                78.0 +                                       o     o    | o
                     |==================================================o===
                77.0 +
                     |
                76.0 +
                     |
                     +-+-----------------+-----------------+----------------
                       11-09             11-16             11-23
                """)
    }

    @Test func unicodeChartWithAGoalAtSixtyColumns() {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 77.5)
        #expect(
            Self.text(data, width: 60, unicode: true) == """
                83.0 ┤
                     │
                82.0 ┤
                     │
                81.0 ┤      ●
                     │─●───────────      ●
                80.0 ┤   │     ●   ───●────────────●──
                     │   ●          │      │  ●  │    ──────────●───
                79.0 ┤              ●      ●     │    │    ● │     │───────
                     │                           ●    ●      │     │ ●  │ │
                78.0 ┤                                       ●     ●    │ ●
                     │┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄●┄┄┄
                77.0 ┤
                     │
                76.0 ┤
                     │
                     └─┬─────────────────┬─────────────────┬────────────────
                       11-09             11-16             11-23
                """)
    }

    @Test func asciiChartInPoundsAtFortyColumns() {
        let data = ChartData(window: Self.window, unit: .pounds, goalKilograms: nil)
        #expect(
            Self.text(data, width: 40, unicode: false) == """
                      |   o
                178.0 +   |
                      |o- ---     o
                177.0 +  -  |---  -
                      |  |  o  |-- ---
                176.0 +  |     | o  ||---o-
                      |  o     |    || |  |----
                175.0 +        |    |o |  |  | -o-
                      |        o    |  |  |  | |  ---
                174.0 +             o  |  |  o |  | |---
                      |                o  |    |  | || |
                173.0 +                   o    |  | o| |
                      |                        |  |  | o
                172.0 +                        o  |  |
                      |                           o  |
                171.0 +                              o
                      ++----------+----------+----------
                       11-09      11-16      11-23
                """)
    }

    @Test func aGoalFarFromTheWeightsIsLeftOffAndTheLegendSaysSo() {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 60)
        #expect(!data.showsGoal)
        #expect(!Self.text(data, width: 60, unicode: false).contains("="))
        #expect(Messages.chartLegend(data, unicode: false).hasSuffix("; goal 60.0 kg is off the chart"))
        let near = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 77.5)
        #expect(Messages.chartLegend(near, unicode: false).hasSuffix(", = goal 77.5 kg"))
    }

    /// The legend is no wider than the chart: broken between its parts, and within a part
    /// only when the part alone is wider.
    @Test func theLegendIsBrokenBetweenItsPartsToTheChartsWidth() {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 77.5)
        #expect(
            Messages.chartLegend(data, unicode: false, width: 80) == [
                "o day's weight, | above (float) or below (sinker) the - trend, = goal 77.5 kg"
            ])
        #expect(
            Messages.chartLegend(data, unicode: false, width: 72) == [
                "o day's weight, | above (float) or below (sinker) the - trend,", "= goal 77.5 kg",
            ])
        #expect(
            Messages.chartLegend(data, unicode: false, width: 30) == [
                "o day's weight,", "| above (float) or below", "(sinker) the - trend,", "= goal 77.5 kg",
            ])
    }

    @Test(arguments: [24, 25, 31, 40, 59, 80, 81, 132, 200])
    func noLineIsWiderThanAskedWhateverTheDays(width: Int) {
        for dayCount in [2, 3, 7, 30, 90, 91, 365, 400, 3650] {
            var days: [TrendDay] = []
            var trend = 80.0
            for offset in stride(from: 0, to: dayCount, by: max(1, dayCount / 60)) {
                let weight = 80 + Double((offset * 7919) % 23) / 10 - 1.1
                trend += 0.1 * (weight - trend)
                days.append(
                    TrendDay(
                        point: TrendPoint(day: 20_000 + offset, meanKilograms: weight, trendKilograms: trend),
                        entries: 1,
                        minimumKilograms: weight, maximumKilograms: weight))
            }
            let window = TrendWindow(firstDay: 20_000, lastDay: 20_000 + dayCount - 1, before: nil, days: days)
            for unicode in [false, true] {
                let lines = TextChart(
                    data: ChartData(window: window, unit: .pounds, goalKilograms: 79), width: width, unicode: unicode
                )
                .lines().map { $0.map(\.text).joined() }
                #expect(lines.count == TextChart.rows + 2)
                #expect(lines.allSatisfy { $0.count <= width }, "\(dayCount) days at \(width): \(lines)")
                #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
            }
        }
    }

    @Test func floatsAndSinkersArePaintedOnlyThroughTheirRoles() {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: 77.5)
        let runs = TextChart(data: data, width: 60, unicode: false).lines().flatMap { $0 }
        #expect(runs.contains { $0.role == .float && $0.text.allSatisfy { $0 == "o" } })
        #expect(runs.contains { $0.role == .sinker && $0.text.allSatisfy { $0 == "o" } })
        #expect(runs.contains { $0.role == .trendLine })
        #expect(runs.contains { $0.role == .goalLine })
        // Plain output is the text alone: no escape codes anywhere.
        #expect(!runs.contains { $0.text.contains("\u{1B}") })
    }

    @Test func aWeightOnItsTrendIsMarkedWithoutTheFloatOrSinkerRole() throws {
        let first = 20_766
        let points = TrendModel.smooth(
            [DailyWeight(day: first, meanKilograms: 80), DailyWeight(day: first + 1, meanKilograms: 81)], after: nil)
        let window = TrendWindow(
            firstDay: first, lastDay: first + 1, before: nil,
            days: points.map {
                TrendDay(point: $0, entries: 1, minimumKilograms: $0.meanKilograms, maximumKilograms: $0.meanKilograms)
            })
        let data = ChartData(window: window, unit: .kilograms, goalKilograms: nil)
        let runs = TextChart(data: data, width: 40, unicode: false).lines().flatMap { $0 }
        #expect(runs.filter { $0.role == .float }.map(\.text) == ["o"], "the second day only")
        #expect(!runs.contains { $0.role == .sinker }, "the first day is on its own trend, not below it")
        #expect(runs.contains { $0.role == nil && $0.text.contains("o") })
        #expect(ChartData.side(weight: 80.04, trend: 79.96) == .on)
        #expect(ChartData.side(weight: 80.1, trend: 80.0) == .above)
    }

    @Test(arguments: [1, 10, 23])
    func belowTheLeastWidthTheWholeChartIsLaidOutAtIt(columns: Int) {
        let data = ChartData(window: Self.window, unit: .kilograms, goalKilograms: nil)
        let narrow = TextChart(data: data, width: columns, unicode: false).lines()
        let least = TextChart(data: data, width: TextChart.minimumWidth, unicode: false).lines()
        #expect(narrow == least)
        #expect(
            Messages.chartLegend(data, unicode: false, width: max(columns, TextChart.minimumWidth))
                == Messages.chartLegend(data, unicode: false, width: TextChart.minimumWidth))
    }

    @Test func theSparklineIsOneCharacterADayWithBlanksForDaysWithoutAWeighIn() {
        let line = Sparkline.text(Self.window, unicode: false)
        #expect(line.count == 21)
        #expect(Array(line)[4] == " ")
        #expect(Array(line)[13] == " ")
        #expect(line.first == "%")
        #expect(line.last == ".")
        let unicode = Sparkline.text(Self.window, unicode: true)
        #expect(unicode.first == "█")
        #expect(unicode.last == "▁")
        let flat = TrendWindow(
            firstDay: 0, lastDay: 2, before: nil,
            days: [0, 2].map {
                TrendDay(
                    point: TrendPoint(day: $0, meanKilograms: 70, trendKilograms: 70), entries: 1, minimumKilograms: 70,
                    maximumKilograms: 70)
            })
        #expect(Sparkline.text(flat, unicode: false) == "+ +")
    }
}

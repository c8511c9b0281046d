import Testing
import TrendshTestSupport

/// `stats [KIND] week|month|year [N]` through the built binary: one row per period, the
/// current one first and marked partial, weeks from Monday in the local zone, values in the
/// display unit. The expected figures were worked out apart from trendsh, from the same
/// thirty days (`TrendCommandTests.month`), with Python's statistics module.
struct PeriodReportCommandTests {
    @Test func weeksShowTheMeanOfDailyMeansTheRangeTheCountAndTheChange() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["stats week 5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Weight by week, the last 5 weeks:
                week of        mean   lowest  highest  weigh-ins   change
                2026-11-23  77.5 kg  76.9 kg  78.3 kg          6  -0.7 kg  partial
                2026-11-16  78.2 kg  77.5 kg  78.9 kg          6  -0.8 kg
                2026-11-09  79.0 kg  78.5 kg  79.5 kg          7  -0.6 kg
                2026-11-02  79.6 kg  79.1 kg  80.1 kg          7  -0.4 kg
                2026-10-26  80.0 kg  79.7 kg  80.3 kg          2       --

                """)
    }

    @Test func monthsAndYearsInTheDisplayUnitWithEmptyPeriodsShownAsMissing() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["stats month 3", "unit lb", "stats weight year 2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Weight by month, the last 3 months:
                month       mean   lowest  highest  weigh-ins   change
                2026-11  78.7 kg  76.9 kg  80.3 kg         27  -1.0 kg  partial
                2026-10  79.7 kg  79.7 kg  79.7 kg          1       --
                2026-09       --       --       --          0       --
                unit: lb. Weights are now typed and shown in pounds.
                Weight by year, the last 2 years:
                year      mean    lowest   highest  weigh-ins  change
                2026  173.6 lb  169.5 lb  177.0 lb         28      --  partial
                2025        --        --        --          0      --

                """)
    }

    @Test func aKindWithoutValuesSaysSoAndTooManyPeriodsAreRefused() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let waist = shell.run(["stats waist week"])
        #expect(waist.status == 0, "\(waist.stderr)")
        #expect(waist.stdout == "Waist by week, the last 8 weeks:\nNo waist values in these weeks.\n")
        let tooMany = shell.run(["stats week 521"])
        #expect(tooMany.status == 1)
        #expect(tooMany.stdout.isEmpty)
        #expect(tooMany.stderr.hasPrefix("error: "))
        #expect(tooMany.stderr.contains("520"))
    }

    /// 23:30 UTC on Sunday the 22nd is 00:30 on Monday the 23rd in Berlin: the week it
    /// belongs to is the local one.
    @Test func yearsGoBackNoFurtherThan1900() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["stats year 520"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "Weight by year, the last 127 years:", "\(lines.prefix(3))")
        #expect(lines.last?.hasPrefix("1900 ") == true, "\(lines.suffix(2))")
        #expect(!lines.contains { $0.hasPrefix("1899") })
    }

    @Test func weeksStartOnMondayInTheLocalZone() {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["value 75", "save"], options: ["--now", "2026-11-22T23:30:00Z"]).status == 0)
        for (zone, week) in [("UTC", "2026-11-16"), ("Europe/Berlin", "2026-11-23")] {
            var environment = shell.environment
            environment["TZ"] = zone
            let result = shell.run(
                arguments: ["--store", shell.storePath, "--now", Fixtures.now, "-c", "stats week 2"],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.split(separator: "\n").dropFirst(2)
            #expect(rows.first { $0.contains("75.0 kg") }?.hasPrefix(week) == true, "\(zone): \(result.stdout)")
        }
    }
}

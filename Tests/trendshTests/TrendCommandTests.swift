import Testing
import TrendshTestSupport

/// The trend's commands through the built binary: stats, trend, chart (text and SVG), the
/// trend column of list, and the sparkline of status.
struct TrendCommandTests {
    /// Thirty days ending on the fixed day, losing about 0.1 kg a day with day-to-day noise;
    /// 4 and 11 days ago have no weigh-in.
    static let month: [String] = (0..<30).reversed().filter { $0 != 4 && $0 != 11 }.flatMap { daysAgo -> [String] in
        var weight = 80 - 0.1 * Double(29 - daysAgo) + (daysAgo % 2 == 0 ? 0.4 : -0.3)
        if daysAgo % 3 == 0 { weight += 0.2 }
        let rounded = (weight * 10).rounded() / 10
        return ["value \(rounded)"] + (daysAgo > 0 ? ["date -\(daysAgo)d"] : []) + ["save"]
    }

    /// A shell whose store holds `month`.
    static func shellWithAMonth() -> Shell {
        let shell = Shell()
        let seeded = shell.run(month)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        return shell
    }

    @Test func statsShowsTheWeightTheTrendTheRatesTheRangeAndTheGoal() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["stats", "goal 75", "stats 7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                latest weight  77.7 kg on 2026-11-29 08:00
                trend          78.1 kg on 2026-11-29
                7-day change   -0.6 kg
                weekly rate    -0.63 kg a week, a deficit of 698 kcal a day (14-day fit)
                28-day rate    -0.47 kg a week
                last 30 days   28 entries on 28 of 30 days
                  lowest       76.9 kg
                  highest      80.3 kg
                  mean         78.7 kg
                goal           none (set one with "goal WEIGHT")
                goal: 75.0 kg.
                latest weight  77.7 kg on 2026-11-29 08:00
                trend          78.1 kg on 2026-11-29
                7-day change   -0.6 kg
                weekly rate    -0.63 kg a week, a deficit of 698 kcal a day (14-day fit)
                28-day rate    -0.47 kg a week
                last 7 days    6 entries on 6 of 7 days
                  lowest       76.9 kg
                  highest      78.3 kg
                  mean         77.5 kg
                goal           75.0 kg: the trend is 3.1 kg above; at this rate, reached about 2027-01-02

                """)
    }

    @Test func theGoalLineSaysWhenTheTrendMovesAwayOrIsAtTheGoal() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["goal 80", "stats", "goal 77.4", "stats", "unit lb", "stats"])
        let goalLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("goal ") && !$0.hasPrefix("goal:") }
        #expect(
            goalLines == [
                "goal           80.0 kg: the trend is 1.9 kg below, and moving away from it",
                "goal           77.4 kg: at goal (the trend is 0.7 kg above, within 1.134 kg)",
                "goal           170.6 lb: at goal (the trend is 1.5 lb above, within 2.5 lb)",
            ])
        #expect(result.stdout.contains("weekly rate    -1.40 lb a week, a deficit of 698 kcal a day (14-day fit)"))
    }

    @Test func helpTrendGivesTheFormulasAndTheirSources() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["help trend"])
        #expect(result.status == 0)
        for needed in [
            "trend = trend + a * (weight - trend), a = 1 - 0.9^d",
            "least-squares slope of the trend over the last 14 days",
            "7,716 kcal a kg (3,500 a lb)", "1.134 kg (2.5 lb)", "0.25 kg (0.5 lb)", "The Hacker's Diet", "Wishnofsky",
        ] {
            #expect(result.stdout.contains(needed), "help trend lacks \"\(needed)\"")
        }
    }

    @Test func figuresWithTooFewWeighInsShowDashesAndSayWhy() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 80", "date -9d", "save", "value 79", "date -2d", "save", "stats", "trend"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("7-day change   --  (needs weigh-ins on 4 of the last 7 days; 1 had one)\n"))
        #expect(result.stdout.contains("weekly rate    --  (needs weigh-ins on 9 of the last 14 days; 2 had one)\n"))
        #expect(result.stdout.contains("28-day rate    --  (needs weigh-ins on 19 of the last 28 days; 2 had one)\n"))
        // 80, then 80 + (1 − 0.9^7)·(79 − 80) = 79.478…
        #expect(
            result.stdout.contains(
                "Trend 79.5 kg on 2026-11-27; weekly rate --  (needs weigh-ins on 9 of the last 14 days; 2 had one). \"help trend\" explains.\n"
            ))
    }

    @Test func aLongPeriodIsNamedInItsRowAndLeavesTheLabelColumnAsWideAsEver() {
        let shell = Shell()
        defer { shell.home.remove() }
        let short = shell.run(["value 80", "save", "stats"]).stdout.split(separator: "\n")
        let long = shell.run(["stats 36500"]).stdout.split(separator: "\n")
        #expect(long.contains("period         last 36500 days: 1 entry on 1 of 36500 days"), "\(long)")
        // Every other row reads exactly as with the default period: the labels kept their width.
        #expect(long.filter { !$0.hasPrefix("period") } == short.dropFirst(2).filter { !$0.hasPrefix("last 30 days") })
    }

    @Test func habitsAreAlignedByTheTextShownNotTheTextStored() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["new habit", "name \u{1B}[31mred", "save", "new habit", "name walk", "save", "habits"])
        let table = result.stdout.split(separator: "\n").suffix(3)
        #expect(
            Array(table) == [
                "habit      last 7 days  streak  30 days", "\\e[31mred  .......           0        0",
                "walk       .......           0        0",
            ], "\(table)")
    }

    @Test func statsComparesTheTrendOnDaysEachHabitWasDoneWithDaysItWasNot() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        let habitLines = ["name Walk", "save"] + (0..<30).filter { $0 % 3 == 0 }.map { "done Walk -\($0)d" }
        let result = shell.run(habitLines + ["name Floss", "save", "done Floss", "stats"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = "Trend's weekly rate on days each habit was done, and on days it was not (last 30 days):"
        let index = lines.firstIndex { $0 == heading }
        #expect(index != nil, "\(result.stdout)")
        if let index {
            // Habits in their usual order; a habit done on too few days gets dashes.
            #expect(lines[index + 1] == "  Floss  done --  (1 of 3 days needed)  not done -0.38 kg a week")
            #expect(lines[index + 2] == "  Walk   done -0.32 kg a week           not done -0.41 kg a week")
        }
    }

    @Test func listShowsTheTrendOfEachEntrysDay() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["list 3"])
        #expect(
            result.stdout == """
                #28  2026-11-29 08:00  77.7 kg  trend 78.1
                #27  2026-11-28 08:00  76.9 kg  trend 78.1
                #26  2026-11-27 08:00  77.7 kg  trend 78.2

                """)
    }

    @Test func statusDrawsTheLastThirtyDaysOfTheTrend() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        let result = shell.run(["status"])
        #expect(result.stdout.contains("\ntrend: ready, 78.1 kg; last 30 days [%%%%%%%%#####***++ +===-- ::..]\n"))
    }

    @Test func aChartNeedsTwoWeighInDaysAndSaysSoInASentence() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["chart", "value 80", "save", "chart 30"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "No weigh-ins in the last 90 days to chart. Log one with \"value WEIGHT\", then \"save\".\n"))
        #expect(
            result.stdout.hasSuffix("Too few weigh-ins to chart: 1 of the last 30 days had one, and a chart needs 2.\n")
        )
    }

    @Test func theWidthComesFromTheOptionThenColumnsThenEighty() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        func widest(_ lines: [String], columns: String?) -> Int {
            var environment = shell.environment
            environment["COLUMNS"] = columns
            let result = shell.run(
                arguments: ["--store", shell.storePath, "--now", Fixtures.now],
                input: lines.map { $0 + "\n" }.joined(), environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            // Every line: the title and the legend are broken to the chart's width too.
            return result.stdout.split(separator: "\n").map(\.count).max() ?? 0
        }
        #expect(widest(["chart"], columns: nil) == 80)
        #expect(widest(["chart"], columns: "50") == 50)
        #expect(widest(["chart --width 40"], columns: "50") == 40)
        #expect(widest(["chart --width=100"], columns: "50") == 100)
        #expect(widest(["chart"], columns: "zero") == 80)
        // The narrowest chart: its legend (77 characters) takes three lines.
        #expect(widest(["chart --width 24"], columns: nil) == 24)
    }

    @Test func onATerminalNarrowerThanTheLeastWidthTheWholeChartIsDrawnAtIt() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        func chart(columns: String) -> String {
            var environment = shell.environment
            environment["COLUMNS"] = columns
            return shell.run(
                arguments: ["--store", shell.storePath, "--now", Fixtures.now], input: "chart\n",
                environment: environment
            ).stdout
        }
        let least = chart(columns: "24")
        // Not the plot at 24 with a title broken one word to a line: the same chart as at 24.
        #expect(chart(columns: "12") == least)
        #expect(chart(columns: "1") == least)
    }

    @Test(arguments: [
        ("chart --width", "error: --width needs a value."),
        ("chart --width 10", "error: \"10\" is not a width; use a whole number from 24 to 1000."),
        ("chart --width wide", "error: \"wide\" is not a width; use a whole number from 24 to 1000."),
        ("chart --wdith 50", "error: chart has no option \"--wdith\"."),
        ("chart 30 60", "error: chart takes at most 1 word."),
        ("chart --svg", "error: --svg needs a value."),
    ])
    func badChartOptionsAreRefusedAndSayWhy(line: String, message: String) {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([line])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func aPipeGetsPlainASCIIWithNoEscapeCodesEvenInAUTF8Locale() {
        let shell = Self.shellWithAMonth()
        defer { shell.home.remove() }
        var environment = shell.environment
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        let auto = shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now], input: "chart\nstatus\n",
            environment: environment)
        #expect(auto.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(auto.stdout)")
        #expect(!auto.stdout.contains("\u{1B}"))
        let forced = shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now],
            input: "set chart-style unicode\nchart\n", environment: environment)
        #expect(forced.stdout.contains("┤"))
        #expect(forced.stdout.contains("●"))
        #expect(!forced.stdout.contains("\u{1B}"))
    }
}

/// Days are the days of the zone the person is in: the per-day table keeps each zone's days,
/// built once, so sessions in two zones do not rebuild each other's.
struct TrendTimeZoneTests {
    @Test func daysFollowTheTimeZoneTrendshRunsIn() {
        let shell = Shell()
        defer { shell.home.remove() }
        let seeded = shell.run([
            "value 80", "date 2026-11-27 23:30", "save", "value 82", "date 2026-11-28 00:30", "save", "list",
        ])
        // In UTC: two days, so the second day's trend is 80 + 0.1·(82 − 80).
        #expect(
            seeded.stdout.hasSuffix(
                "#2  2026-11-28 00:30  82.0 kg  trend 80.2\n#1  2026-11-27 23:30  80.0 kg  trend 80.0\n"))
        var tokyo = shell.environment
        tokyo["TZ"] = "Asia/Tokyo"
        let there = shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now], input: "list\n", environment: tokyo)
        // Nine hours east, both entries fall on 28 November: one day, at their mean.
        #expect(
            there.stdout == "#2  2026-11-28 09:30  82.0 kg  trend 81.0\n#1  2026-11-28 08:30  80.0 kg  trend 81.0\n",
            "\(there.stderr)")
        let back = shell.run(["list"])
        #expect(back.stdout == "#2  2026-11-28 00:30  82.0 kg  trend 80.2\n#1  2026-11-27 23:30  80.0 kg  trend 80.0\n")
    }

    @Test func twoSessionsInTwoZonesTakingTurnsBuildEachZonesDaysOnceAndGetTheirOwnDaysRight() throws {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        var tokyo = shell.environment
        tokyo["TZ"] = "Asia/Tokyo"
        let arguments = ["--store", shell.storePath, "--now", Fixtures.now]
        // Each day row inserted, with its zone: building a zone's days inserts every one of
        // them; catching up inserts only a day that had none.
        let logger = try OtherProgram(path: shell.storePath)
        try logger.execute(
            """
            CREATE TABLE inserted_days (zone TEXT, day INTEGER);
            CREATE TRIGGER log_inserted_days AFTER INSERT ON daily BEGIN
                INSERT INTO inserted_days SELECT zone, NEW.day FROM daily_zones WHERE id = NEW.zone;
            END;
            """)
        logger.close()
        // Three turns each, every one saving today (08:00 UTC, 17:00 in Tokyo) and listing.
        for turn in 0..<3 {
            let there = shell.run(
                arguments: arguments, input: "value 7\(turn).4\nsave\nlist 3\n", environment: tokyo)
            #expect(there.status == 0, "\(there.stderr)")
            let here = shell.run(["value 7\(turn).6", "save", "list 3"])
            #expect(here.status == 0, "\(here.stderr)")
        }
        let final = shell.run(arguments: arguments, input: "list 40\nstats\n", environment: tokyo)
        #expect(final.status == 0, "\(final.stderr)")

        let store = try OtherProgram(path: shell.storePath)
        func insertedBeforeToday(_ zone: String) throws -> Int64 {
            try store.integer("SELECT count(*) FROM inserted_days WHERE day < 20786 AND zone LIKE '\(zone) %'")
        }
        // Tokyo's 27 days before today were inserted once, when its days were built (today's
        // came with it); UTC's were built before the log began, and never again.
        #expect(try insertedBeforeToday("TZ=Asia/Tokyo") == 27)
        #expect(try insertedBeforeToday("TZ=UTC") == 0)
        // Tokyo's days against the same store with every day built from scratch there.
        let scratch = shell.home.file("scratch.sqlite")
        try store.execute("VACUUM INTO '\(scratch)'")
        store.close()
        let copy = try OtherProgram(path: scratch)
        try copy.execute("DELETE FROM daily; DELETE FROM daily_zones; DELETE FROM daily_pending")
        copy.close()
        let fromScratch = shell.run(
            arguments: ["--store", scratch, "--now", Fixtures.now], input: "list 40\nstats\n", environment: tokyo)
        #expect(final.stdout == fromScratch.stdout)
        #expect(final.stdout.contains("#33  2026-11-29 17:00  72.4 kg  trend 77.5"), "\(final.stdout)")
        let days = "SELECT day, entries, round(sum_kg, 6), min_kg, max_kg, round(trend_kg, 9) FROM daily"
        let kept = try OtherProgram(path: shell.storePath).rows(
            "\(days) WHERE zone = (SELECT id FROM daily_zones WHERE zone LIKE 'TZ=Asia/Tokyo %') ORDER BY day")
        #expect(kept == (try OtherProgram(path: scratch).rows("\(days) ORDER BY day")))
        #expect(kept.count == 28)
    }
}

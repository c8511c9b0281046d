import Testing
import TrendshTestSupport

@testable import TrendKit

/// `trend KIND`, `stats KIND` and `chart KIND` through the built binary, and what `stats`
/// derives from the weight: the BMI with `set height`, and fat and lean mass from body fat.
struct KindTrendTests {
    /// Ten days of a weight and a body fat, both falling, the last on the fixed today.
    static let tenDays: [String] = (0..<10).reversed().flatMap { daysAgo -> [String] in
        let weight = 80 - Double(9 - daysAgo) * 0.2
        let fat = 25 - Double(9 - daysAgo) * 0.1
        return ["value \(weight)", "fat \(fat)"] + (daysAgo > 0 ? ["date -\(daysAgo)d"] : []) + ["save"]
    }

    /// What `lines` print after the ten days, each run on its own.
    func run(_ shell: Shell, _ lines: [String]) -> ProcessResult {
        _ = shell.run(Self.tenDays)
        return shell.run(lines)
    }

    @Test func trendFatAndStatsFatShowTheKindsOwnTrendInPercentWithoutEnergyOrGoal() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = run(shell, ["goal 70", "trend fat", "stats fat"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Body fat trend ") && $0.contains(" % on 2026-11-29; weekly rate ") })
        #expect(lines.contains("latest        24.1 % on 2026-11-29 08:00"))
        #expect(lines.contains("last 30 days  10 values on 10 of 30 days"))
        #expect(lines.contains("  lowest      24.1 %"))
        #expect(lines.contains("  highest     25.0 %"))
        #expect(!result.stdout.contains("kcal"), "the energy is the weight's alone")
        #expect(!lines.dropFirst(2).contains { $0.hasPrefix("goal") }, "the goal is the weight's alone")
    }

    @Test func theWeightStaysTheDefaultAndKeepsItsEnergyAndGoal() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = run(shell, ["goal 70", "stats", "stats weight 30", "trend weight"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "latest weight  78.2 kg on 2026-11-29 08:00").count == 3)
        #expect(result.stdout.components(separatedBy: "kcal a day").count == 4)
        #expect(result.stdout.components(separatedBy: "goal           70.0 kg").count == 3)
    }

    @Test func chartFatDrawsTheKindOnTheTerminalAndAsSVG() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let path = shell.home.file("fat.svg")
        let result = run(shell, ["chart fat 14 --width 60", "chart fat 14 --svg \(path)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Body fat and trend, 2026-11-16 to 2026-11-29 (%)\n"))
        #expect(result.stdout.contains("day's body fat"))
        #expect(result.stdout.contains("25.0 +"), "the scale is the kind's, in percent")
        #expect(result.stdout.hasSuffix("Wrote the chart of the last 14 days to \(path).\n"))
        let svg = String(decoding: try #require(fileBytes(path)), as: UTF8.self)
        #expect(svg.contains("<title>Body fat and trend, 2026-11-16 to 2026-11-29 (%)</title>"))
        #expect(svg.contains("2026-11-29: 24.1 %"))
        #expect(svg.split(separator: "<circle ", omittingEmptySubsequences: false).count - 1 == 10 + 2)
    }

    @Test func aKindWithNoValuesOrAWordThatIsNoKindIsASentenceNotACrash() {
        let shell = Shell()
        defer { shell.home.remove() }
        let empty = run(shell, ["trend waist", "stats hip", "chart muscle"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(
            empty.stdout == """
                No waist values yet. Log one with "waist VALUE" in a draft, then "save".
                No hip values yet. Log one with "hip VALUE" in a draft, then "save".
                No muscle mass values in the last 90 days to chart. Log one with "muscle VALUE" in a draft, then "save".

                """)
        let unknown = shell.run(["trend neck"])
        #expect(unknown.status != 0)
        #expect(
            unknown.stderr
                == "error: \"neck\" is not a kind of measurement with a trend; use weight, fat, muscle, water, bone, waist, hip.\n"
        )
    }

    @Test func setHeightGivesTheBMIAndBodyFatGivesFatAndLeanMassComputedNotStored() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = run(shell, ["stats", "set height 178 cm", "stats", "set height 70 in", "set height off", "stats"])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = result.stdout.components(separatedBy: "latest weight  ")
        #expect(runs.count == 4)
        // 78.2 / 1.78² = 24.68; fat 24.1 % of 78.2 kg is 18.85 kg, the rest 59.35 kg.
        #expect(!runs[1].contains("BMI"))
        #expect(runs[2].contains("BMI            24.7 at the latest weight, "))
        #expect(runs[2].contains(" at the trend (height 178.0 cm)"))
        #expect(runs[1].contains("fat mass       18.8 kg (body fat 24.1 % of the latest weight)"))
        #expect(runs[1].contains("lean mass      59.4 kg"))
        #expect(result.stdout.contains("height: 177.8 cm.\n"))
        #expect(result.stdout.contains("height: off.\n"))
        #expect(!runs[3].contains("BMI"))
        let other = try OtherProgram(path: shell.storePath)
        defer { other.close() }
        let tables = try other.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
            $0.first ?? nil
        }
        #expect(!tables.contains { $0.contains("bmi") || $0.contains("lean") }, "derived values are never stored")
        #expect(try other.integer("SELECT count(*) FROM measurements WHERE kind <> 'fat'") == 0)
    }

    @Test func aHeightOutsideTheRangeIsRefusedAndTheSettingIsKept() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["set height 178 cm", "set height 10", "settings"])
        #expect(
            result.stderr
                == "error: \"10\" is not a height; enter one from 50 to 272 cm (or 19.7 to 107.1 in), or off.\n")
        #expect(result.stdout.hasSuffix("height: 178.0 cm\n"))
    }

    @Test func aKindsTrendFollowsUndoAndRedo() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = run(shell, ["value 78", "fat 30", "save", "stats fat", "undo", "stats fat", "redo", "stats fat"])
        #expect(result.status == 0, "\(result.stderr)")
        let latest = result.stdout.split(separator: "\n").filter { $0.hasPrefix("latest ") }
        #expect(latest.count == 3)
        #expect(latest.map { $0.contains("30.0 %") } == [true, false, true])
        #expect(latest[1].contains("24.1 %"))
        #expect(result.stdout.contains("last 30 days  11 values on 10 of 30 days"))
        #expect(result.stdout.contains("last 30 days  10 values on 10 of 30 days"))
    }

    @Test func aKindsTrendFollowsAnotherProgramsEditsOfMeasurements() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = run(shell, ["stats fat"])
        let other = try OtherProgram(path: shell.storePath)
        try other.execute("UPDATE measurements SET value = 40 WHERE entry_id = (SELECT max(id) FROM entries)")
        other.close()
        let result = shell.run(["stats fat"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("latest        40.0 % on 2026-11-29 08:00"))
        #expect(result.stdout.contains("  highest     40.0 %"))
    }
}

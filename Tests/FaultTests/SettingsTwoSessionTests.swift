import Testing
import TrendshTestSupport

/// Two sessions and one settings file (issue 21, point 3): a change merges its one key into
/// the file as it is now, a session reads a change made elsewhere before its next command
/// and says when the unit changed, a draft keeps the unit it was typed in, and a file that
/// cannot be read is named and never written over.
@Suite struct SettingsTwoSessionTests {
    static func settingsPath(_ fixture: StoreFixture) -> String { fixture.storePath + ".settings" }

    /// Runs `trendsh -c COMMAND` on the fixture's store.
    static func oneShot(_ command: String, on fixture: StoreFixture) -> RunResult {
        LiveShell.run(arguments: fixture.arguments() + ["-c", command], input: "", environment: fixture.environment())
    }

    /// The reproduction: `(sleep 1; echo "goal 80") | trendsh --store st.sqlite &`, then
    /// `trendsh --store st.sqlite -c "unit lb"`. The waiting session's goal once wrote its
    /// own copy of the settings back, unit kg, and `value 165` meant in pounds was stored as
    /// 165 kg.
    @Test func aUnitSetWhileAPipedSessionWaitsSurvivesThatSessionsGoalAndTheSessionSaysTheUnitChanged() throws {
        let fixture = try StoreFixture()
        let waiting = fixture.start()
        try waiting.run([])

        let unit = Self.oneShot("unit lb", on: fixture)
        let goal = try waiting.run(["goal 80"])
        let end = waiting.finish()

        #expect(unit.stdout == "unit: lb. Weights are now typed and shown in pounds.\n", "\(unit)")
        #expect(unit.status == 0)
        #expect(
            goal.stderr.contains(
                "note: The unit was changed elsewhere to lb: weights are now typed and shown in pounds."),
            "\(goal)")
        #expect(goal.stdout.contains("goal: 80.0 lb."))
        #expect(end.status == 0)
        let lines = (Disk.text(Self.settingsPath(fixture)) ?? "").split(separator: "\n")
        #expect(lines.contains("me: unit = lb"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("me: goal = 36.287") }, "80 lb, kept in kilograms")

        let after = fixture.run(["unit", "value 165", "save"])
        #expect(after.stdout.contains("unit: lb\n"), "\(after)")
        #expect(after.stdout.contains("Saved #1: 165.0 lb on \(Fixtures.minute)."))
        #expect(try fixture.entries().map(\.kilograms) == [74.84274105])
    }

    @Test func aDraftTypedInPoundsKeepsItsUnitWhenAnotherSessionSetsKilograms() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["unit lb"]).status == 0)
        let shell = fixture.start()
        try shell.run(["value 165"])

        let other = Self.oneShot("unit kg", on: fixture)
        let saved = try shell.run(["show", "save"])
        let end = shell.finish()

        #expect(other.status == 0, "\(other)")
        #expect(
            saved.stderr.contains(
                "note: The unit was changed elsewhere to kg: weights are now typed and shown in kilograms. The draft's value stays 165 (lb)."
            ), "\(saved)")
        #expect(saved.stdout.contains("  value: 165 (lb)"))
        #expect(saved.stdout.contains("Saved #1: 74.8 kg on \(Fixtures.minute)."))
        #expect(end.status == 0)
        #expect(try fixture.entries().map(\.kilograms) == [74.84274105])
    }

    @Test func anUnreadableSettingsFileIsNamedBySettingsUnitGoalAndStatus() throws {
        let fixture = try StoreFixture()
        let path = Self.settingsPath(fixture)
        try Disk.write("unit = stone\n", to: path)

        let result = fixture.run(["settings", "unit", "goal", "status"])

        let sentence =
            "The settings in \(path) could not be read (unexpected line \"unit = stone\"); defaults are in use."
        #expect(result.stderr.ranges(of: "error: " + sentence).count == 3, "\(result.stderr)")
        #expect(result.stdout.contains("unit: kg\n"))
        #expect(result.stdout.contains("settings: unit kg, goal off, chart-style auto; error: " + sentence))
        #expect(result.status == 1)
    }

    @Test func aChangeIsNeverWrittenOverASettingsFileThatCannotBeRead() throws {
        let fixture = try StoreFixture()
        let path = Self.settingsPath(fixture)
        try Disk.write("unit = stone\ngoal = 70 kg\n", to: path)

        let result = Self.oneShot("unit lb", on: fixture)

        #expect(
            result.stderr.contains(
                "error: The settings in \(path) could not be read (unexpected line \"unit = stone\"), so trendsh did not write over them and the setting is unchanged. Correct the file or move it aside, then try again."
            ), "\(result)")
        #expect(!result.stdout.contains("Weights are now"))
        #expect(result.status == 1)
        #expect(Disk.text(path) == "unit = stone\ngoal = 70 kg\n")
    }

    @Test func aSettingsFileDamagedWhileASessionRunsIsSaidOnceAndTheSettingsReadBeforeStay() throws {
        let fixture = try StoreFixture()
        let path = Self.settingsPath(fixture)
        let shell = fixture.start()
        try shell.run(["unit lb"])

        try Disk.write("unit = lb\njust words\n", to: path)
        let damaged = try shell.run(["unit", "value 165", "unit"])
        let end = shell.finish()

        let sentence =
            "The settings in \(path) could not be read (unexpected line \"just words\"); the settings read from it before are still in use."
        #expect(damaged.errorCount(of: "warning: " + sentence) == 1, "\(damaged)")
        #expect(damaged.errorCount(of: "error: " + sentence) == 2)
        #expect(damaged.stdout.contains("unit: lb\n"))
        #expect(!damaged.stderr.contains("The unit was changed"))
        #expect(end.status == 1)
    }
}

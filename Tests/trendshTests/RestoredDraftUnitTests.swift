import Testing
import TrendshTestSupport

/// A draft kept on disk remembers the unit its value was typed in, so a change of unit in
/// between never saves it with a different meaning.
@Suite struct RestoredDraftUnitTests {
    @Test func aRestoredValueTypedInPoundsIsNotSavedAsKilograms() throws {
        let shell = Shell()
        let typed = shell.run(["unit lb", "value 165"])
        #expect(typed.status == 3, "the draft is left unsaved in the draft file")
        // Another session switches the setting back while this draft waits on disk.
        #expect(shell.home.write("# trendsh settings\nunit = kg\n", to: "s.sqlite.settings") != "")

        let refused = shell.run(["save", "unit kg", "unit lb", "save"])

        #expect(
            refused.stderr.contains(
                "error: The draft's value \"165\" was typed in lb, but the unit is now kg. Type \"unit lb\" to save it as typed, or type the value again."
            ), "\(refused.stderr)")
        #expect(refused.stdout.contains("Saved #1: 165.0 lb on 2026-11-29 08:00."), "\(refused.stdout)")
        let stored = try storedKilograms(in: shell.storePath)
        #expect(stored.count == 1)
        #expect(abs((stored.first ?? 0) - Fixtures.kilogramsFor165Pounds) < 1e-9)
    }
}

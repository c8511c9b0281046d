import Testing
import TrendshTestSupport

/// A draft kept on disk remembers the unit its value was typed in, so a change of unit in
/// between never saves it with a different meaning: it is read in its own unit.
@Suite struct RestoredDraftUnitTests {
    @Test func aRestoredValueTypedInPoundsIsSavedAsPounds() throws {
        let shell = Shell()
        let typed = shell.run(["unit lb", "value 165"])
        #expect(typed.status == 3, "the draft is left unsaved in the draft file")
        // Another session switches the setting back while this draft waits on disk (a `-c`
        // run, which leaves the waiting draft alone).
        let back = shell.run(arguments: ["--store", shell.storePath, "--now", Fixtures.now, "-c", "unit kg"])
        #expect(back.status == 0, "\(back)")

        let saved = shell.run(["show", "save"])

        #expect(saved.stdout.contains("  value: 165 (lb)"), "\(saved.stdout)")
        #expect(saved.stdout.contains("Saved #1: 74.8 kg on 2026-11-29 08:00."), "\(saved.stdout)")
        #expect(saved.stderr == "")
        let stored = try storedKilograms(in: shell.storePath)
        #expect(stored.count == 1)
        #expect(abs((stored.first ?? 0) - Fixtures.kilogramsFor165Pounds) < 1e-9)
    }
}

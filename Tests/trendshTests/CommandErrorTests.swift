import Testing
import TrendshTestSupport

/// Mistakes a person makes at the prompt: each is an error that says what to do, and the
/// session carries on.
@Suite struct CommandErrorTests {
    @Test func anUnknownCommandIsNamedWithAPointerToHelp() {
        let result = Shell().run(["frobnicate", "value 75", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.stderr == lines("error: Unknown command \"frobnicate\". Type \"help\" to see the commands."))
        #expect(result.status == 1)
    }

    @Test func aMistypedCommandSuggestsTheClosestOne() {
        let result = Shell().run(["sav"])
        #expect(
            result.stderr
                == lines("error: Unknown command \"sav\". Did you mean \"save\"? Type \"help\" to see the commands."))
    }

    @Test(arguments: [
        ("unit stone", "error: \"stone\" is not a unit; use kg, lb or st. Usage: unit [kg|lb|st] | unit KIND [UNIT]"),
        ("list abc", "error: \"abc\" is not a positive whole number. Usage: list [N]"),
        ("list 0", "error: \"0\" is not a positive whole number. Usage: list [N]"),
        ("edit x", "error: \"x\" is not an entry number. Usage: edit ID"),
        ("delete", "error: delete needs one entry number. Usage: delete ID | delete habit NAME"),
        ("new now", "error: \"now\" is not a kind of draft; use weight or habit. Usage: new [weight|habit]"),
        ("save please", "error: save takes no arguments. Usage: save"),
        ("value", "error: value needs a weight. Usage: value WEIGHT"),
        ("date", "error: date needs a date. Usage: date WHEN"),
        ("help save list", "error: help takes at most one command name. Usage: help [COMMAND]"),
    ])
    func badArgumentsShowTheUsage(line: String, error: String) {
        let result = Shell().run([line, "value 75", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.stderr == lines(error))
        #expect(result.status == 1)
    }

    @Test func openingADraftWhileAnotherHasUnsavedChangesKeepsTheOpenOne() {
        let result = Shell().run(["value 75", "save", "value 75", "new", "edit 1", "show", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "value: 75", Fixtures.savedFirst, "value: 75", "Log Weight (new entry), unsaved changes",
                    "  value: 75 (kg)", "  date:  2026-11-29 08:00", "  note:  (none)",
                    "Saved #2: 75.0 kg on 2026-11-29 08:00.", "#2  2026-11-29 08:00  75.0 kg  trend 75.0",
                    "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(result.stderr == lines(Fixtures.unsavedDraftOpen, Fixtures.unsavedDraftOpen))
        #expect(result.status == 1)
    }

    @Test func aFailedSaveKeepsTheDraftForShow() {
        let result = Shell().run(["value 600", "note heavy", "save", "show"])
        #expect(
            result.stdout
                == lines(
                    "value: 600", "note: heavy", "Log Weight (new entry), unsaved changes", "  value: 600 (kg)",
                    "  date:  2026-11-29 08:00", "  note:  heavy",
                    "  last save failed: Enter a weight between 20 and 500 kg."))
        #expect(result.stderr == lines(Fixtures.kilogramsError, Fixtures.endedUnsaved))
        #expect(result.status == 1)
    }

    @Test func aLineLongerThan4096BytesIsRefusedAndTheSessionContinues() {
        let longLine = "note " + String(repeating: "x", count: 4092)
        let result = Shell().run([longLine, "value 75", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(
            result.stderr
                == lines(
                    "error: That line is 4097 bytes long; trendsh reads lines of at most 4096 bytes. Nothing was done.")
        )
        #expect(result.status == 1)
    }

    @Test func aLineOfExactly4096BytesIsRead() {
        let note = String(repeating: "x", count: 4091)
        let result = Shell().run(["note " + note, "note"])
        #expect(result.stdout == lines("note: " + note, "note cleared"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aLongLineIsEchoedAsItsLength() {
        let longLine = String(repeating: "y", count: 10_000)
        let result = Shell().run([longLine], options: ["--echo"])
        #expect(result.stdout == lines("trendsh> (a line of 10000 bytes)"))
        #expect(result.status == 1)
    }

    @Test func helpForAnUnknownCommandFails() {
        let result = Shell().run(["help bogus"])
        #expect(result.stdout == "")
        #expect(result.stderr == lines("error: Unknown command \"bogus\". Type \"help\" to see the commands."))
        #expect(result.status == 1)
    }
}

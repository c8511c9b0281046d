import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// `trendsh --learn 3` at a terminal: the lessons found beside the binary, the session's own
    /// prompts, completion of the learn commands, the goal checked after each command, the
    /// exercise's end, and a clean exit with status 0.
    @Suite struct LearnTerminalTests {
        @Test func aLearnerAtATerminalMeetsTheGoalAndLeaves() async throws {
            let home = TemporaryDirectory()
            let scratch = home.makeFolder("tmp")
            let terminal = try await PseudoTerminal.started(
                home: home, ["TMPDIR": scratch], arguments: ["--learn", "3"])
            #expect(terminal.screen.text.contains("Exercise 1 of 1: Retry a save that failed"))
            await terminal.type("hin")
            await terminal.press(.tab)
            try await terminal.waitFor("\"hin\" completed to \"hint \"") { $0.textBeforeCursor == "trendsh> hint " }
            try await terminal.run(
                "", expecting: "Hint: \"simulate save-failure once\" makes the next save fail", prompt: Fixtures.prompt)
            try await terminal.run(
                "simulate save-failure once", expecting: "The next save will fail.", prompt: Fixtures.prompt)
            try await terminal.run("value 75.4", expecting: "value: 75.4", prompt: Fixtures.unsavedPrompt)
            try await terminal.run(
                "save", expecting: "The store could not save (simulated failure)", prompt: Fixtures.failedSavePrompt)
            #expect(!terminal.screen.text.contains("Goal met"))
            await terminal.enter("save")
            #expect(try await terminal.waitForExit() == 0)
            let text = terminal.screen.text
            #expect(text.contains("Goal met: Save 75.4 kg exactly once, with one save failing on the way."), "\(text)")
            #expect(text.contains("Learned: \"Retry a save that failed\"."))
            #expect(text.contains("Next: trendsh --learn 4"))
            #expect(filesUnder(scratch).isEmpty, "the practice folder is removed")
            #expect(TerminalScreen.containsColour(terminal.rawText), "a colour terminal gets colour")
        }

        @Test func withNoColourTheLearnerSeesNoEscapeCodes() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(
                home: home, ["NO_COLOR": "1", "TMPDIR": home.makeFolder("tmp")], arguments: ["--learn", "1"])
            await terminal.enter("value 74.8")
            #expect(try await terminal.waitForExit() == 0)
            #expect(terminal.screen.text.contains("Goal met:"))
            #expect(!TerminalScreen.containsColour(terminal.rawText))
        }
    }
}

import Testing
import TrendshTestSupport

extension InteractiveShell {
    @Suite struct PromptTests {
        @Test func bannerNamesTheVersionTheStoreAndHelp() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            let banner = try #require(terminal.screen.lines.first)
            #expect(banner.hasPrefix("trendsh "))
            #expect(banner.contains(home.path + "/data/trendsh/trend.sqlite"))
            #expect(banner.contains("\"help\""))
        }

        @Test func promptMarksFollowTheDraft() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("value abc", expecting: "value: abc", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "error: Enter a weight", prompt: Fixtures.failedSavePrompt)
            try await terminal.run("show", expecting: "last save failed", prompt: Fixtures.failedSavePrompt)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1", prompt: Fixtures.prompt)
            try await terminal.run("value 80", expecting: "value: 80", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("cancel", expecting: "Discarded the draft", prompt: Fixtures.prompt)
        }

        @Test func colouredPromptKeepsTheCursorBesideTheText() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            #expect(TerminalScreen.containsColour(terminal.rawText))
            // libedit places the cursor by column; a prompt measured wrong would put X elsewhere.
            await terminal.type("note abc")
            await terminal.press(.controlA)
            await terminal.type("X")
            try await terminal.waitFor("X typed at the start of the line") {
                $0.cursorLine == "trendsh*> Xnote abc" && $0.textBeforeCursor == "trendsh*> X"
            }
        }

        @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
        func noColourWhenTheEnvironmentAsksForNone(environment: [String: String]) async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home, environment)
            try await terminal.run("value abc", expecting: "value: abc", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "error: Enter a weight", prompt: Fixtures.failedSavePrompt)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1", prompt: Fixtures.prompt)
            #expect(!TerminalScreen.containsColour(terminal.rawText))
        }
    }
}

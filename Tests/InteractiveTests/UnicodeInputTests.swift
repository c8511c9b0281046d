import Testing
import TrendshTestSupport

extension InteractiveShell {
    @Suite struct UnicodeInputTests {
        @Test func multibyteNoteEditsRedrawsAndSaves() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 72", expecting: "value: 72", prompt: Fixtures.unsavedPrompt)
            await terminal.type("note café 体重 🏃x")
            await terminal.press(.backspace)
            await terminal.press(.left)
            await terminal.press(.left)
            await terminal.type("é")
            // The cursor sits after the inserted é, before " 🏃": each wide character is two columns.
            try await terminal.waitFor("the edited line") {
                $0.cursorLine == "trendsh*> note café 体重é 🏃" && $0.textBeforeCursor == "trendsh*> note café 体重é"
            }
            try await terminal.run("", expecting: "note: café 体重é 🏃", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1", prompt: Fixtures.prompt)
            try await terminal.run("list 1", expecting: "72.0 kg  trend 72.0  café 体重é 🏃", prompt: Fixtures.prompt)
        }

        @Test func lineLongerThan4096BytesIsRefusedWhole() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            let line = "note " + String(repeating: "a", count: 4100)
            try await terminal.waitForNew("That line is 4105 bytes long") { await terminal.enter(line) }
            try await terminal.waitForPrompt(Fixtures.prompt)
            try await terminal.run("show", expecting: "No draft is open.", prompt: Fixtures.prompt)
            #expect(try readFile(Fixtures.historyPath(home: home)) == "show\n")
        }
    }
}

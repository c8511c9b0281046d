import Testing
import TrendshTestSupport

extension InteractiveShell {
    @Suite struct EditrcTests {
        @Test func editrcLinesForTrendshApplyAndTabStillCompletes() async throws {
            let home = TemporaryDirectory()
            try writeFile(home.file(".editrc"), "trendsh:bind -v\nsomeotherprogram:bind -e\n")
            let terminal = try await PseudoTerminal.started(home: home)
            // vi bindings: Escape, 0 to the start, x deletes the stray h, A appends.
            await terminal.type("hvalue 7")
            await terminal.type("\u{1B}")
            await terminal.type("0")
            await terminal.type("x")
            await terminal.type("A")
            await terminal.type("3")
            try await terminal.waitFor("the line edited with vi keys") { $0.cursorLine == "trendsh> value 73" }
            try await terminal.run("", expecting: "value: 73", prompt: Fixtures.unsavedPrompt)
            await terminal.type("uni")
            await terminal.press(.tab)
            try await terminal.waitFor("\"uni\" completed in vi mode") { $0.textBeforeCursor == "trendsh*> unit " }
        }
    }
}

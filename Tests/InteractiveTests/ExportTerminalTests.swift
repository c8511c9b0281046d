import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// An export at a terminal is text for a person, escaped as all output is: a note holding
    /// an escape sequence cannot change the terminal's colours.
    @Suite struct ExportTerminalTests {
        @Test func anExportShownAtATerminalIsEscaped() async throws {
            let home = TemporaryDirectory()
            let file = home.write(
                "date,kilograms,note\n2020-01-01T08:00:00.000Z,75.0,\"red \u{1B}[31mtext\"\n", to: "colour.csv")
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("import \(file)", expecting: "new: 1 row", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Imported 1 entry", prompt: Fixtures.prompt)
            try await terminal.run("export csv", expecting: "75.0,kg,75.0,red \\e[31mtext", prompt: Fixtures.prompt)
            #expect(!terminal.rawText.contains("red \u{1B}[31mtext"))
        }
    }
}

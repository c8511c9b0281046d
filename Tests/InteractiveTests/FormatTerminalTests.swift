import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// `--format json` and `format csv` at a terminal: one JSON line an answer, its strings
    /// escaped, and CSV rows shown escaped, so a note cannot change the terminal's colours.
    @Suite struct FormatTerminalTests {
        @Test func jsonAndCSVAtATerminalNeverShowAControlRaw() async throws {
            let home = TemporaryDirectory()
            let file = home.write(
                "date,kilograms,note\n2026-11-28T08:00:00.000Z,75.0,\"red \u{1B}[31mtext\u{2028}end\"\n",
                to: "colour.csv")
            let terminal = try await PseudoTerminal.started(
                home: home, arguments: ["--now", "2026-11-29T08:00:00Z", "--format", "json"])
            try await terminal.run(
                "import \(file)", expecting: #""command":"import","input":"import "#, prompt: Fixtures.unsavedPrompt)
            try await terminal.run(
                "save", expecting: #""command":"save","input":"save","ok":true"#, prompt: Fixtures.prompt)
            try await terminal.run(
                "list", expecting: #""breaksRule":false}]}"#, prompt: Fixtures.prompt)
            #expect(terminal.rawText.contains(#""note":"red \u001b[31mtext\u2028end","breaksRule""#))
            try await terminal.run("format csv", expecting: #""format":"csv"}"#, prompt: Fixtures.prompt)
            try await terminal.run(
                "list", expecting: "1,2026-11-28T08:00:00.000+00:00,75,75,red \\e[31mtext\\u{2028}end",
                prompt: Fixtures.prompt)
            #expect(!terminal.rawText.contains("\u{1B}[31mtext"))
            #expect(!terminal.rawText.contains("\u{2028}"))
            #expect(try await terminal.quit() == 0)
        }
    }
}

import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// The trace at a terminal: dimmed where colour is allowed, plain with NO_COLOR.
    @Suite struct TraceTerminalTests {
        static let line = "trace: editor: keeps value \"75.4\", as typed"

        @Test func theTraceIsDimmedAtAColourTerminalAndPlainWithNoColour() async throws {
            let home = TemporaryDirectory()
            let coloured = try await PseudoTerminal.started(
                home: home, arguments: ["--now", "2026-11-29T08:00:00Z", "--trace"])
            try await coloured.run("value 75.4", expecting: "value: 75.4", prompt: Fixtures.unsavedPrompt)
            #expect(coloured.rawText.contains("\u{1B}[2m\(Self.line)\u{1B}[0m"), "\(coloured.rawText)")
            try await coloured.run("cancel", expecting: "Discarded", prompt: Fixtures.prompt)
            #expect(try await coloured.quit() == 0)

            let plain = try await PseudoTerminal.started(
                home: home, ["NO_COLOR": "1"], arguments: ["--now", "2026-11-29T08:00:00Z", "--trace"])
            try await plain.run("value 75.4", expecting: "value: 75.4", prompt: Fixtures.unsavedPrompt)
            #expect(plain.rawText.contains(Self.line))
            #expect(!TerminalScreen.containsColour(plain.rawText))
            try await plain.run("cancel", expecting: "Discarded", prompt: Fixtures.prompt)
            #expect(try await plain.quit() == 0)
        }
    }
}

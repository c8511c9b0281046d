import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// `--cast FILE` on an interactive session: recorded as the person types, at the pace
    /// they type.
    @Suite struct InteractiveCastTests {
        @Test func anInteractiveSessionIsRecordedWithItsPromptsLinesAndOutput() async throws {
            let home = TemporaryDirectory()
            let path = home.file("session.cast")
            let terminal = try await PseudoTerminal.started(
                home: home, arguments: ["--store", ":memory:", "--cast", path])
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("# a chapter", expecting: "trendsh*> # a chapter", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1", prompt: Fixtures.prompt)
            #expect(try await terminal.quit() == 0)

            let cast = try CastFile(String(decoding: try #require(fileBytes(path)), as: UTF8.self))
            #expect(cast.header.width == terminal.columns)
            #expect(cast.timesNeverDecrease)
            #expect(cast.markers == ["a chapter"])
            let output = cast.output
            #expect(output.hasPrefix("trendsh 0.2.0. Store: :memory:. Type \"help\" for the commands.\r\n"))
            #expect(output.contains("trendsh> value 75\r\nvalue: 75\r\n"))
            // The prompt's colour codes are kept; libedit's \u{1} brackets are not.
            #expect(output.contains("trendsh\u{1B}[33;1m*\u{1B}[0m> save\r\n"))
            #expect(!output.contains("\u{1}"))
            #expect(output.contains("Saved #1: 75.0 kg"))
        }
    }
}

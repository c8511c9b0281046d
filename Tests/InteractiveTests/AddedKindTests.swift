import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// A kind a person adds is picked up everywhere a built-in one is, with no list to keep:
    /// help names it, Tab completes it, a draft and undo carry its values, the export writes
    /// its column, and an import reads it back.
    @Suite struct AddedKindTests {
        @Test func anAddedKindIsInHelpCompletionTheExportTheImportAndUndo() async throws {
            let home = TemporaryDirectory()
            let exported = home.file("neck.csv")
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run(
                "measure add neck cm 20 80", expecting: "Added the kind \"neck\"", prompt: Fixtures.prompt)
            try await terminal.run(
                "help", expecting: "Your kinds (set like \"fat 21.5\"): neck (cm).", prompt: Fixtures.prompt)
            await terminal.type("measure ne")
            await terminal.press(.tab)
            try await terminal.waitFor("\"measure ne\" completed to \"measure neck \"") {
                $0.textBeforeCursor == Fixtures.prompt + "measure neck "
            }
            try await terminal.run("38", expecting: "neck: 38", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "neck 38.0", prompt: Fixtures.prompt)
            try await terminal.run(
                "export csv \(exported)", expecting: "Exported 1 entry", prompt: Fixtures.prompt)
            let header = try #require(home.read("neck.csv")?.split(separator: "\r\n").first)
            #expect(header.hasSuffix(",neck_centimetres,person"))
            try await terminal.run("undo", expecting: "Undid step", prompt: Fixtures.prompt)
            try await terminal.run("list", expecting: "No entries yet.", prompt: Fixtures.prompt)
            try await terminal.run("import \(exported)", expecting: "neck 38.0", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Imported 1 entry", prompt: Fixtures.prompt)
            try await terminal.run("list", expecting: "75.0 kg  neck 38.0", prompt: Fixtures.prompt)
        }
    }
}

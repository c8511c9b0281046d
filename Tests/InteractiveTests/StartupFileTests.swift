import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// The start-up file, `$XDG_CONFIG_HOME/trendsh/trendshrc`: run before the first prompt of
    /// an interactive session; its errors name the file and the line.
    @Suite struct StartupFileTests {
        static let startup = "unit lb\nunti kg\n# a comment\n\nset chart-style ascii\n"

        /// A home whose start-up file holds `text`, and the file's path.
        func home(startup text: String = startup) -> (TemporaryDirectory, String) {
            let home = TemporaryDirectory()
            home.makeFolder("config/trendsh")
            return (home, home.write(text, to: "config/trendsh/trendshrc"))
        }

        func environment(_ home: TemporaryDirectory) -> [String: String] {
            ["XDG_CONFIG_HOME": home.path + "/config"]
        }

        @Test func itSetsTheUnitBeforeTheFirstPromptAndAnErrorNamesItsLine() async throws {
            let (home, path) = home()
            let terminal = try await PseudoTerminal.started(
                home: home, environment(home), arguments: ["--store", ":memory:"])
            let lines = terminal.screen.lines
            #expect(lines.count == 5, "\(lines)")
            #expect(lines[1] == "unit: lb. Weights are now typed and shown in pounds.")
            #expect(
                lines[2]
                    == "\(path):2: error: Unknown command \"unti\". Did you mean \"unit\"? Type \"help\" to see the commands."
            )
            #expect(lines[3] == "chart-style: ascii.")
            try await terminal.run("unit", expecting: "unit: lb", prompt: Fixtures.prompt)
            try await terminal.run("value 150", expecting: "value: 150", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1: 150.0 lb", prompt: Fixtures.prompt)
            #expect(try await terminal.quit() == 0, "a failed start-up line does not change the status")
        }

        @Test func dashXSkipsIt() async throws {
            let (home, _) = home()
            let terminal = try await PseudoTerminal.started(
                home: home, environment(home), arguments: ["--store", ":memory:", "-X"])
            #expect(terminal.screen.lines.count == 2)
            try await terminal.run("unit", expecting: "unit: kg", prompt: Fixtures.prompt)
        }

        @Test func theDefaultFolderIsUnderDotConfig() async throws {
            let home = TemporaryDirectory()
            home.makeFolder(".config/trendsh")
            home.write("unit lb\n", to: ".config/trendsh/trendshrc")
            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--store", ":memory:"])
            try await terminal.run("unit", expecting: "unit: lb", prompt: Fixtures.prompt)
        }

        @Test func initNamesAnotherFile() async throws {
            let (home, _) = home()
            let other = home.write("unit kg\nset goal 70\n", to: "other")
            let terminal = try await PseudoTerminal.started(
                home: home, environment(home), arguments: ["--store", ":memory:", "--init", other])
            #expect(!terminal.screen.text.contains("pounds"))
            try await terminal.run("goal", expecting: "goal: 70.0 kg", prompt: Fixtures.prompt)
        }

        @Test func aNamedFileThatIsMissingIsAnErrorAndTheSessionGoesOn() async throws {
            let home = TemporaryDirectory()
            let missing = home.file("missing")
            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--init", missing])
            #expect(
                terminal.screen.text.contains(
                    "error: The start-up file \(missing) could not be read, so none of it was run. Run trendsh with -X to skip it."
                ))
            #expect(try await terminal.quit() == 0)
        }

        @Test func aMissingDefaultFileIsNoError() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--store", ":memory:"])
            #expect(terminal.screen.lines.count == 2)
        }

        @Test func quitInTheFileEndsTheSessionBeforeThePrompt() async throws {
            let (home, _) = home(startup: "quit\nunit lb\n")
            let terminal = try PseudoTerminal(
                arguments: ["--store", ":memory:"], environment: Fixtures.environment(home: home, environment(home)))
            #expect(try await terminal.waitForExit() == 0)
            #expect(!terminal.screen.text.contains("unit: lb"))
        }
    }
}

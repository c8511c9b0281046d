import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension InteractiveShell {
    @Suite struct HistoryTests {
        @Test func upArrowRecallsLinesFromThePreviousRun() async throws {
            let home = TemporaryDirectory()
            let first = try await PseudoTerminal.started(home: home)
            try await first.run("help unit", expecting: "unit [kg|lb|st]", prompt: Fixtures.prompt)
            try await first.run("help unit", expecting: "unit [kg|lb|st]", prompt: Fixtures.prompt)
            #expect(try await first.quit() == 0)

            let second = try await PseudoTerminal.started(home: home)
            await second.press(.up)
            try await second.waitFor("the last line of the first run") { $0.textBeforeCursor == "trendsh> quit" }
            await second.press(.up)
            try await second.waitFor("the line before it") { $0.textBeforeCursor == "trendsh> help unit" }
            try await second.waitForNew("unit [kg|lb|st]") { await second.press(.enter) }
            #expect(try await second.quit() == 0)
        }

        /// A store that cannot be opened fails the weights commands; `history` is the shell's
        /// own and keeps working, with nothing about the store in it.
        @Test func historyWorksWhileTheStoreCannotBeOpened() async throws {
            let home = TemporaryDirectory()
            let store = home.path + "/damaged.sqlite"
            try writeFile(store, String(repeating: "not a database ", count: 300))
            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--store", store])
            try await terminal.run("list", expecting: "error: The file", prompt: Fixtures.prompt)
            try await terminal.run("help unit", expecting: "unit [kg|lb|st]", prompt: Fixtures.prompt)
            try await terminal.run("history", expecting: "help unit", prompt: Fixtures.prompt)
            let shown = terminal.screen.lines.drop { !$0.hasSuffix("> history") }.dropFirst()
            #expect(shown.contains { $0.hasSuffix("list") } && shown.contains { $0.hasSuffix("help unit") }, "\(shown)")
            #expect(!shown.contains { $0.contains("error") }, "\(terminal.screen.lines)")
            #expect(try await terminal.quit() == 0)
        }

        @Test func historyFileIsPrivateReadableAndSkipsRepeats() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("note café 体重", expecting: "note: café 体重", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("show", expecting: "note:  café 体重", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("show", expecting: "note:  café 体重", prompt: Fixtures.unsavedPrompt)
            // Written as each line is entered, before the session ends.
            #expect(try readFile(Fixtures.historyPath(home: home)) == "note café 体重\nshow\n")
            #expect(try fileMode(Fixtures.historyPath(home: home)) == 0o600)
            #expect(try fileMode(home.path + "/state/trendsh") == 0o700)
        }

        @Test func historyKeepsTheNewestThousandLines() async throws {
            let home = TemporaryDirectory()
            let path = Fixtures.historyPath(home: home)
            #expect(mkdir(home.path + "/state", 0o700) == 0 && mkdir(home.path + "/state/trendsh", 0o700) == 0)
            try writeFile(path, (1...1005).map { "help line \($0)\n" }.joined())

            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("show", expecting: "No draft is open.", prompt: Fixtures.prompt)
            #expect(try await terminal.quit() == 0)

            let lines = try readFile(path).split(separator: "\n").map(String.init)
            #expect(lines.count == 1000)
            #expect(lines.first == "help line 8")
            #expect(lines.suffix(2) == ["show", "quit"])
        }

        @Test(arguments: [(["TRENDSH_HISTORY": "off"], []), ([:], ["--no-history"])])
        func historyCanBeSwitchedOff(environment: [String: String], arguments: [String]) async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home, environment, arguments: arguments)
            try await terminal.run("show", expecting: "No draft is open.", prompt: Fixtures.prompt)
            #expect(try await terminal.quit() == 0)
            #expect(access(Fixtures.historyPath(home: home), F_OK) != 0)
        }

        @Test func aHistoryFileThatCannotBeWrittenWarnsOnceAndSaysHowToTurnItOff() async throws {
            let home = TemporaryDirectory()
            let path = Fixtures.historyPath(home: home)
            // A folder where the history file belongs: every append fails.
            #expect(mkdir(home.path + "/state", 0o700) == 0 && mkdir(home.path + "/state/trendsh", 0o700) == 0)
            #expect(mkdir(path, 0o700) == 0)

            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("show", expecting: "No draft is open.", prompt: Fixtures.prompt)
            try await terminal.run("help unit", expecting: "unit [kg|lb|st]", prompt: Fixtures.prompt)
            try await terminal.run("unit", expecting: "unit: kg", prompt: Fixtures.prompt)

            let warning = "could not be written"
            #expect(terminal.screen.count(of: warning) == 1, "\(terminal.screen.text)")
            #expect(terminal.screen.text.contains("--no-history"))
            #expect(try await terminal.quit() == 0)
        }
    }
}

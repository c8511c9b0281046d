import Testing
import TrendshTestSupport

extension InteractiveShell {
    @Suite struct CompletionTests {
        @Test func tabCompletesACommandName() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.type("val")
            await terminal.press(.tab)
            try await terminal.waitFor("\"val\" completed to \"value \"") { $0.textBeforeCursor == "trendsh> value " }
            try await terminal.run("75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
        }

        @Test func tabListsSeveralCommandsAndRedrawsTheLine() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.type("s")
            await terminal.press(.tab)
            try await terminal.waitFor("the commands beginning with s, then the line again") {
                $0.lines.suffix(2) == ["show  save  stats  share  settings  set  status  simulate", "trendsh> s"]
                    && $0.textBeforeCursor == "trendsh> s"
            }
            await terminal.type("how")
            try await terminal.waitForNew("No draft is open.") { await terminal.press(.enter) }
        }

        @Test(arguments: [
            ("unit l", "unit lb "),
            ("date y", "date yesterday "),
            ("help sa", "help save "),
            ("simulate r", "simulate refresh-failure "),
            ("simulate save-failure a", "simulate save-failure always "),
        ])
        func tabCompletesAnArgument(typed: String, completed: String) async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.type(typed)
            await terminal.press(.tab)
            try await terminal.waitFor("\"\(typed)\" completed to \"\(completed)\"") {
                $0.textBeforeCursor == Fixtures.prompt + completed
            }
        }

        @Test(arguments: [
            ("unit waist ", "cm  in"),
            ("date ", "today  yesterday"),
            ("simulate ", "save-failure  open-failure  refresh-failure  off"),
        ])
        func tabListsAnArgumentsChoices(typed: String, choices: String) async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.type(typed)
            await terminal.press(.tab)
            try await terminal.waitFor("the choices \"\(choices)\", then the line again") {
                $0.lines.suffix(2) == [choices, Fixtures.prompt + typed.trimmingTrailingSpaces]
                    && $0.textBeforeCursor == Fixtures.prompt + typed
            }
        }

        @Test func tabOffersEntryIDsNewestFirstForEditAndDelete() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.saveEntry("70", date: "yesterday", id: 1)
            try await terminal.saveEntry("71", date: "-2d", id: 2)
            try await terminal.saveEntry("72", date: "today", id: 3)
            for command in ["edit ", "delete "] {
                await terminal.type(command)
                await terminal.press(.tab)
                let offered = command == "delete " ? "3  1  2  habit" : "3  1  2"
                try await terminal.waitFor("the ids 3 1 2 after \"\(command)\"") {
                    $0.lines.suffix(2) == [offered, Fixtures.prompt + command.trimmingTrailingSpaces]
                        && $0.textBeforeCursor == Fixtures.prompt + command
                }
                await terminal.press(.controlU)
                try await terminal.waitForPrompt(Fixtures.prompt)
            }
            await terminal.type("delete 2")
            await terminal.press(.tab)
            try await terminal.waitFor("\"delete 2\" completed") { $0.textBeforeCursor == "trendsh> delete 2 " }
        }
    }
}

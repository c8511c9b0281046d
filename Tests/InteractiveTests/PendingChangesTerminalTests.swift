import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// At a terminal, a change waiting for the store shows in the prompt, `quit` and Ctrl-D
    /// warn once before leaving it, and leaving with it exits 3 (issue 9's rule): only for
    /// changes this run made, and whatever failed along the way.
    @Suite struct PendingChangesTerminalTests {
        static let pendingPrompt = "trendsh[1 pending]> "
        static let quitWarning = "warning: 1 change is still pending (amend #1 note \"x\")."

        /// A terminal on a store holding entry #1, with an amend of it left pending.
        func terminalWithAPendingAmend(home: TemporaryDirectory) async throws -> PseudoTerminal {
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("save", expecting: "Saved #1", prompt: Fixtures.prompt)
            try await terminal.run(
                "simulate save-failure always", expecting: "Every save will fail", prompt: Fixtures.prompt)
            try await terminal.run("amend 1 note x", expecting: "kept as pending", prompt: Self.pendingPrompt)
            return terminal
        }

        @Test func thePromptCountsThePendingChangesAndQuitWarnsOnceThenExitsThree() async throws {
            let home = TemporaryDirectory()
            let terminal = try await terminalWithAPendingAmend(home: home)
            try await terminal.run("quit", expecting: Self.quitWarning, prompt: Self.pendingPrompt)
            #expect(terminal.isRunning)
            #expect(try await terminal.quit() == 3)
            #expect(terminal.screen.count(of: Self.quitWarning) == 1)

            let next = try await PseudoTerminal.started(home: home, prompt: Self.pendingPrompt)
            #expect(
                next.screen.text.contains("Restored 1 pending change from an earlier session: amend #1 note \"x\"."))
            try await next.run("retry", expecting: "Amended #1", prompt: Fixtures.prompt)
            #expect(try await next.quit() == 0)
        }

        @Test func controlDWarnsOnceAboutPendingChangesThenLeavesWithThree() async throws {
            let home = TemporaryDirectory()
            let terminal = try await terminalWithAPendingAmend(home: home)
            let warning = "warning: 1 change is still pending. Type \"retry\", or press Ctrl-D again to leave."
            try await terminal.waitForNew(warning) { await terminal.press(.controlD) }
            try await terminal.waitForPrompt(Self.pendingPrompt)
            await terminal.press(.controlD)
            #expect(try await terminal.waitForExit() == 3)
        }

        @Test func restoredChangesLeftAsTheyWereDoNotMakeTheStatusThree() async throws {
            let home = TemporaryDirectory()
            let earlier = try await terminalWithAPendingAmend(home: home)
            try await earlier.run("quit", expecting: Self.quitWarning, prompt: Self.pendingPrompt)
            _ = try await earlier.quit()

            let terminal = try await PseudoTerminal.started(home: home, prompt: Self.pendingPrompt)
            try await terminal.run("quit", expecting: Self.quitWarning, prompt: Self.pendingPrompt)
            #expect(try await terminal.quit() == 0)
        }
    }
}

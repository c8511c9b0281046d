import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension InteractiveShell {
    @Suite struct SignalTests {
        @Test func controlCClearsTheLineAndKeepsTheDraft() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            await terminal.type("note typed then dropped")
            try await terminal.waitFor("the typed line") { $0.cursorLine == "trendsh*> note typed then dropped" }
            await terminal.press(.controlC)
            try await terminal.waitForPrompt(Fixtures.unsavedPrompt)
            #expect(terminal.screen.lines.suffix(2) == ["trendsh*> note typed then dropped^C", "trendsh*>"])
            #expect(terminal.isRunning)
            try await terminal.run("show", expecting: "note:  (none)", prompt: Fixtures.unsavedPrompt)
            #expect(terminal.screen.text.contains("value: 75 (kg)"))
        }

        @Test func controlDWarnsOnceThenLeavesAndTheDraftFileKeepsTheDraft() async throws {
            let home = TemporaryDirectory()
            let warning = "warning: The draft has unsaved changes."
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)
            try await terminal.waitForNew(warning) { await terminal.press(.controlD) }
            try await terminal.waitForPrompt(Fixtures.unsavedPrompt)
            #expect(terminal.isRunning)
            await terminal.press(.controlD)
            #expect(try await terminal.waitForExit() == 3)
            #expect(terminal.screen.count(of: warning) == 1)

            let next = try await PseudoTerminal.started(home: home, prompt: Fixtures.unsavedPrompt)
            #expect(next.screen.text.contains("Restored unsaved draft (new entry): value \"75\""))
        }

        @Test func controlDOnAnEmptyLineWithNothingUnsavedLeaves() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.press(.controlD)
            #expect(try await terminal.waitForExit() == 0)
        }

        /// How a session ends, and the exit status it ends with.
        enum Ending: String, CaseIterable, CustomTestStringConvertible {
            case quit, terminate, hangUp
            var testDescription: String { rawValue }
            var expectedStatus: Int32 {
                switch self {
                case .quit: 0
                case .terminate: 128 + SIGTERM
                case .hangUp: 128 + SIGHUP
                }
            }
        }

        @Test(arguments: Ending.allCases)
        func everyEndingRestoresTheTerminal(ending: Ending) async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("note kept", expecting: "note: kept", prompt: Fixtures.unsavedPrompt)
            try await terminal.run("cancel", expecting: "Discarded", prompt: Fixtures.prompt)
            await terminal.type("value 7")
            try await terminal.waitFor("the half-typed line") { $0.cursorLine == "trendsh> value 7" }
            // While libedit reads, the terminal is in its raw mode.
            #expect(!sameLineDiscipline(terminal.currentModes(), terminal.modesAtStart))
            switch ending {
            case .quit:
                await terminal.press(.controlU)
                await terminal.enter("quit")
            case .terminate: terminal.send(signal: SIGTERM)
            case .hangUp: terminal.send(signal: SIGHUP)
            }
            #expect(try await terminal.waitForExit() == ending.expectedStatus)
            #expect(sameLineDiscipline(terminal.currentModes(), terminal.modesAtStart))
        }

        @Test func continuingAfterAStopTakesTheTerminalBackAndKeepsTheLine() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            await terminal.type("val")
            try await terminal.waitFor("the typed word") { $0.cursorLine == "trendsh> val" }
            // As after Ctrl-Z in a shell: stopped, the shell sets its own terminal modes, then fg.
            // (SIGSTOP because a session of its own is an orphaned group, which ignores SIGTSTP.)
            terminal.send(signal: SIGSTOP)
            try await terminal.waitUntilStopped()
            terminal.setModes(terminal.modesAtStart)
            terminal.send(signal: SIGCONT)
            try await terminal.waitFor("libedit to read keys again") { _ in terminal.isReadingKeys }
            await terminal.type("ue 7")
            try await terminal.waitFor("the rest of the word, echoed once") { $0.cursorLine == "trendsh> value 7" }
            try await terminal.run("", expecting: "value: 7", prompt: Fixtures.unsavedPrompt)
        }

        @Test(.enabled(if: Fixtures.sqliteShell != nil, "needs the sqlite3 command to hold a lock"))
        func controlCAbandonsASaveWaitingOnALockAndKeepsTheDraft() async throws {
            let home = TemporaryDirectory()
            let terminal = try await PseudoTerminal.started(home: home)
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)

            // Another program holds the write lock until its input closes.
            let marker = home.file("locked")
            let holder = TrendshProcess.start(
                [try #require(Fixtures.sqliteShell), home.path + "/data/trendsh/trend.sqlite"],
                environment: TrendshProcess.environment(home: home.path))
            holder.send("BEGIN IMMEDIATE;\n.shell touch '\(marker)'\n")
            try await waitForFile(marker)

            // The save waits at most a few seconds for the lock, so Ctrl-C follows at once, without
            // giving up the thread to other tests in between.
            await terminal.enter("save")
            try terminal.waitHoldingTheThread("save to be read") {
                $0.lines.last == "trendsh*> save" && $0.cursorLine.isEmpty && $0.textBeforeCursor.isEmpty
            }
            await terminal.press(.controlC)
            try await terminal.waitFor("the save to give up") {
                $0.text.contains("error: The wait for the store was interrupted")
            }
            try await terminal.waitForPrompt(Fixtures.failedSavePrompt)
            // The message starts a line of its own, not after the ^C the terminal echoed.
            #expect(terminal.screen.lines.contains { $0.hasPrefix("error: The wait for the store was interrupted") })
            try await terminal.run("show", expecting: "value: 75 (kg)", prompt: Fixtures.failedSavePrompt)

            _ = holder.wait()
            try await terminal.run("save", expecting: "Saved #1: 75.0 kg", prompt: Fixtures.prompt)
        }
    }
}

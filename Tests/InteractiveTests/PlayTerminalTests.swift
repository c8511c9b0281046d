import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension InteractiveShell {
    /// `--play FILE` on a terminal: narration dimmed, each command typed out after Enter (or
    /// after `--auto`), Ctrl-C stopping cleanly.
    @Suite struct PlayTerminalTests {
        static let lesson = """
            # now: 2026-11-29T08:00:00Z
            # First, a value.
            # hidden: note set up unseen
            trendsh> value 75
            value: 75
            # Then save it.
            trendsh> save
            Saved #1: 75.0 kg on 2026-11-29 08:00.

            """

        static let played = [
            "# First, a value.", "trendsh*> value 75", "value: 75", "# Then save it.", "trendsh*> save",
            "Saved #1: 75.0 kg on 2026-11-29 08:00.",
        ]

        func start(_ home: TemporaryDirectory, _ options: [String], _ environment: [String: String] = [:]) throws
            -> PseudoTerminal
        {
            let path = home.write(Self.lesson, to: "lesson.transcript")
            return try PseudoTerminal(
                arguments: ["--play", path] + options, environment: Fixtures.environment(home: home, environment),
                columns: 100, rows: 30)
        }

        @Test func eachCommandWaitsForEnterThenIsTypedOutAndRun() async throws {
            let home = TemporaryDirectory()
            let terminal = try start(home, ["--speed", "200"])
            // The hidden note has opened a draft before the first prompt.
            try await terminal.waitFor("the first prompt") { $0.textBeforeCursor == "trendsh*> " }
            #expect(terminal.screen.lines == ["# First, a value.", "trendsh*>"])
            // Nothing is typed until Enter.
            try await Task.sleep(for: .milliseconds(300))
            #expect(terminal.screen.lines == ["# First, a value.", "trendsh*>"])

            await terminal.press(.enter)
            try await terminal.waitFor("the second prompt") {
                $0.lines.contains("# Then save it.") && $0.textBeforeCursor == "trendsh*> "
            }
            #expect(terminal.screen.lines == Array(Self.played.prefix(4)) + ["trendsh*>"])

            await terminal.press(.enter)
            #expect(try await terminal.waitForExit() == 0)
            // Enter is never echoed: no blank line appears where it was pressed.
            #expect(terminal.screen.lines == Self.played)
            #expect(sameLineDiscipline(terminal.currentModes(), terminal.modesAtStart))
        }

        @Test func withAutoItGoesOnWithoutAKey() async throws {
            let home = TemporaryDirectory()
            let terminal = try start(home, ["--auto", "0.05", "--speed", "500"])
            #expect(try await terminal.waitForExit() == 0)
            #expect(terminal.screen.lines == Self.played)
        }

        @Test func narrationIsDimmedOnAColourTerminalAndPlainWithNoColour() async throws {
            let home = TemporaryDirectory()
            let coloured = try start(home, ["--auto", "0", "--speed", "1000"])
            #expect(try await coloured.waitForExit() == 0)
            #expect(coloured.rawText.contains("\u{1B}[2m# First, a value.\u{1B}[0m"))

            let plain = try start(home, ["--auto", "0", "--speed", "1000"], ["NO_COLOR": "1"])
            #expect(try await plain.waitForExit() == 0)
            #expect(!TerminalScreen.containsColour(plain.rawText))
            #expect(plain.screen.lines == Self.played)
        }

        @Test func controlCStopsCleanlyAndKeepsNoHalfRecording() async throws {
            let home = TemporaryDirectory()
            let cast = home.file("demo.cast")
            let terminal = try start(home, ["--cast", cast])
            try await terminal.waitFor("the first prompt") { $0.textBeforeCursor == "trendsh*> " }
            await terminal.press(.controlC)
            #expect(try await terminal.waitForExit() == 128 + SIGINT)
            #expect(sameLineDiscipline(terminal.currentModes(), terminal.modesAtStart))
            #expect(terminal.screen.text.contains("the recording was not kept"))
            #expect(permissions(of: cast) == nil)
            #expect(filesUnder(home.path) == ["lesson.transcript"])
        }

        @Test func theExitStatusIsTheReplayedSessions() async throws {
            let home = TemporaryDirectory()
            let path = home.write("trendsh> value 75\n", to: "unsaved.transcript")
            let terminal = try PseudoTerminal(
                arguments: ["--play", path, "--auto", "0"], environment: Fixtures.environment(home: home))
            #expect(try await terminal.waitForExit() == 3)
            #expect(terminal.screen.text.contains("warning: The session ended with unsaved changes"))
        }

        @Test func aCastMadeOnATerminalHasItsSizeAndTheSameEventsAsOneMadeWithout() async throws {
            let home = TemporaryDirectory()
            let onTerminal = home.file("terminal.cast")
            let terminal = try start(home, ["--auto", "0", "--speed", "1000", "--cast", onTerminal])
            #expect(try await terminal.waitForExit() == 0)
            let piped = home.file("piped.cast")
            _ = TrendshProcess.run(
                ["--play", home.file("lesson.transcript"), "--auto", "0", "--speed", "1000", "--cast", piped],
                environment: Fixtures.environment(home: home))

            let recorded = try CastFile(String(decoding: try #require(fileBytes(onTerminal)), as: UTF8.self))
            let reference = try CastFile(String(decoding: try #require(fileBytes(piped)), as: UTF8.self))
            #expect(recorded.header.width == 100)
            #expect(recorded.header.height == 30)
            #expect(reference.header.width == 80)
            #expect(recorded.events == reference.events)
        }
    }
}

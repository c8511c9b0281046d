import Testing
import TrendshTestSupport

/// `--play FILE` without a terminal: plain output, nothing waits, and the exit status is the
/// replayed session's. (With a terminal: InteractiveTests.)
@Suite struct PlayTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path, ["TERM": "xterm"]) }

    func play(_ text: String, _ options: [String] = []) -> ProcessResult {
        let path = home.write(text, to: "demo.transcript")
        return TrendshProcess.run(["--play", path] + options, environment: environment, mergingErrors: true)
    }

    static let demo = """
        # now: 2031-05-06T19:45:00Z
        # The log starts empty.
        # hidden: simulate save-failure once
        # hidden: value 70

        trendsh> save
        error: The store could not save (simulated failure), so nothing was written. The draft is kept; type "save" to try again.
        # Again.
        trendsh> save
        Saved #1: 70.0 kg on 2031-05-06 19:45.

        """

    @Test func withoutATerminalTheNarrationAndCommandsArePrintedPlainAndHiddenLinesRunUnseen() {
        let result = play(Self.demo, ["--auto", "30"])
        #expect(
            result.stdout == """
                # The log starts empty.

                trendsh*> save
                error: The store could not save (simulated failure), so nothing was written. The draft is kept; type "save" to try again.
                # Again.
                trendsh!> save
                Saved #1: 70.0 kg on 2031-05-06 19:45.

                """)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.status == 1, "a piped run with a failed command ends with 1")
    }

    @Test func theExitStatusIsTheReplayedSessions() {
        #expect(play("trendsh> value 75\n").status == 3)
        #expect(play("trendsh> value 75\ntrendsh> save\n").status == 0)
        #expect(play("trendsh> bogus\n").status == 1)
    }

    @Test func aTranscriptThatCannotBeReadFailsAndRunsNothing() {
        let missing = TrendshProcess.run(["--play", home.file("missing")], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: The transcript \(home.file("missing")) could not be read.\n")
        let folder = TrendshProcess.run(["--play", home.path], environment: environment)
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is not a transcript: it is not a regular file."))
    }

    @Test func theTutorialPlaysAsItsTranscriptShowsIt() throws {
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let result = TrendshProcess.run(["--play", lesson], environment: environment, mergingErrors: true)
        let transcript = try #require(TextFile.read(lesson))
        // An exercise's goal, hints and solution are for --learn to give, not for a demo.
        let answers = ["# goal:", "# hint:", "# hint-after:", "# solution:"]
        let expected = transcript.split(separator: "\n").filter { line in
            !line.hasPrefix("# now:") && !line.hasPrefix("trendsh> ") && !answers.contains { line.hasPrefix($0) }
        }
        let played = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("trendsh") }
        #expect(played == expected)
    }
}

import Testing
import TrendshTestSupport

/// `--play`: a `# hidden:` command that fails is said on standard error, naming the
/// transcript's line and the command, as `--check` fails it; the run still ends with 1.
@Suite struct PlayHiddenCommandTests {
    let shell = Shell()

    func play(_ text: String) -> (path: String, result: ProcessResult) {
        let path = shell.home.write(text, to: "lesson.transcript")
        return (path, shell.run(arguments: ["--play", path]))
    }

    static let lesson = """
        # now: 2026-11-29T08:00:00Z
        # A lesson whose set-up fails.
        # hidden: value 75
        # hidden: bogus
        trendsh> show
        # hidden: value 7
        # hidden: save

        """

    @Test func aHiddenCommandThatFailsIsNamedWithItsLineOnStandardError() {
        let (path, result) = play(Self.lesson)

        #expect(
            result.stderr.hasPrefix(
                """
                error: \(path): line 4: the hidden command "bogus" failed: Unknown command "bogus". Type "help" to see the commands.
                error: \(path): line 7: the hidden command "save" failed: Enter a weight between 20 and 500 kg. The draft is kept; fix it and save again.

                """), "\(result.stderr)")
        #expect(!result.stdout.contains("bogus"), "the demo still does not show the hidden command")
        #expect(!result.stdout.contains("Enter a weight"), "nor what it printed")
        #expect(result.stdout.contains("trendsh*> show"))
        #expect(result.status == 1)
    }

    @Test func hiddenCommandsThatSucceedSayNothing() {
        let (_, result) = play(
            """
            # hidden: value 75
            # hidden: note quiet
            trendsh> save

            """)

        #expect(result.stderr == "", "\(result.stderr)")
        #expect(!result.stdout.contains("quiet"))
        #expect(result.stdout.contains("Saved #1: 75.0 kg"))
        #expect(result.status == 0)
    }
}

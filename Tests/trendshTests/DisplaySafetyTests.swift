import Testing
import TrendshTestSupport

/// Control characters a person types (or pastes) are shown escaped, never sent raw to the
/// terminal, wherever they come back: the echo of a field, the list, an error, the echo.
@Suite struct DisplaySafetyTests {
    static let escape = "\u{1B}"

    @Test func aNoteWithControlCharactersIsShownEscaped() {
        let result = Shell().run(["value 75", "note \u{1B}[31mred\u{7}", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "value: 75", "note: \\e[31mred\\u{7}", Fixtures.savedFirst,
                    "#1  2026-11-29 08:00  75.0 kg  trend 75.0  \\e[31mred\\u{7}"))
        #expect(!result.stdout.contains(Self.escape))
        #expect(result.status == 0)
    }

    @Test func controlCharactersInAnEchoedLineAndAnErrorAreEscaped() {
        let result = Shell().run(["\u{1B}]0;title\u{7}", "value 7\u{1B}5", "save"], options: ["--echo"])
        #expect(
            result.stdout
                == lines("trendsh> \\e]0;title\\u{7}", "trendsh> value 7\\e5", "value: 7\\e5", "trendsh> save"))
        #expect(
            result.stderr
                == lines(
                    "error: Unknown command \"\\e]0;title\\u{7}\". Type \"help\" to see the commands.",
                    Fixtures.kilogramsError, Fixtures.endedUnsaved))
        #expect(!result.stdout.contains(Self.escape))
        #expect(!result.stderr.contains(Self.escape))
    }

    @Test func aRestoredDraftIsShownEscaped() {
        let shell = Shell()
        #expect(shell.run(["note \u{1B}[2J"]).status == 3)
        let result = shell.run(["show"])
        #expect(!result.stdout.contains(Self.escape))
        #expect(result.stdout.contains("note \"\\e[2J\""))
        #expect(result.stdout.contains("  note:  \\e[2J"))
    }

    @Test
    func aCommandLineWithControlCharactersIsShownEscaped() {
        let result = Shell().run(arguments: ["--\u{1B}[31m"])
        #expect(result.stderr == lines("error: Unknown option \"--\\e[31m\". Run \"trendsh --help\" for usage."))
        #expect(result.status == 2)
    }
}

import Testing
import TrendShell

/// The options for demos and scripts: `-c`, `-X`, `--init`, `--play`, `--speed`, `--auto`,
/// `--cast`, `--manual`, and the combinations that make no sense.
@Suite struct OptionCombinationTests {
    @Test func dashCRepeatsAndKeepsItsOrder() throws {
        let options = try Options.parse(["-c", "value 75", "--echo", "-c", "save"])
        #expect(options.commands == ["value 75", "save"])
        #expect(options.echo)
    }

    @Test func playSpeedAutoAndCastAreRead() throws {
        let options = try Options.parse(["--play", "a.transcript", "--speed", "40", "--auto=1.25", "--cast", "a.cast"])
        #expect(options.playFile == "a.transcript")
        #expect(options.typingDelay == 25)
        #expect(options.autoAdvance == 1250)
        #expect(options.castPath == "a.cast")
        #expect(try Options.parse(["--play", "a", "--auto", "0"]).autoAdvance == 0)
    }

    @Test func theStartupFileOptionsAreRead() throws {
        #expect(try Options.parse(["-X"]).skipStartupFile)
        #expect(try Options.parse(["--init", "rc"]).startupFile == "rc")
        #expect(try Options.parse(["--manual"]).showManual)
    }

    /// Every pair of run modes, found from the declarations, so a run mode added later is
    /// covered without a line here.
    @Test func anyTwoRunModesAreAUsageError() throws {
        let modes = Options.declarations.filter(\.startsRun)
        #expect(modes.count >= 4)
        for first in modes {
            for second in modes where second.names != first.names {
                let arguments = [first, second].flatMap { mode in
                    [mode.names[0]] + (mode.value == nil ? [] : [Self.someValue(of: mode)])
                }
                #expect(throws: UsageError.conflicting(first.names[0], second.names[0]), "\(arguments)") {
                    try Options.parse(arguments)
                }
            }
        }
    }

    /// A value the option takes: its first word when it has words, else any text.
    static func someValue(of declaration: Options.Declaration) -> String {
        guard case .words(let words) = declaration.valueKind, let first = words.first else { return "x" }
        return first
    }

    @Test(arguments: [
        (["--play", "a", "--check", "b"], "--play and --check can't be used together."),
        (["-c", "list", "--play", "a"], "-c and --play can't be used together."),
        (["--check", "a", "-c", "list"], "--check and -c can't be used together."),
        (["--check", "a", "--cast", "x.cast"], "--cast and --check can't be used together."),
        (["-X", "--init", "rc"], "-X and --init can't be used together."),
        (["--weighed-today", "--format", "json"], "--format and --weighed-today can't be used together."),
        (["--speed", "20"], "--speed paces --play and --cast; use it with one of them."),
        (["--auto", "1"], "--auto paces --play and --cast; use it with one of them."),
        (
            ["--play", "a", "--speed", "0"],
            "--speed needs a number of characters a second from 1 to 1000, such as 20, not \"0\"."
        ),
        (
            ["--play", "a", "--speed", "1e3"],
            "--speed needs a number of characters a second from 1 to 1000, such as 20, not \"1e3\"."
        ),
        (["--play", "a", "--auto", "-1"], "--auto needs a number of seconds from 0 to 3600, such as 1.5, not \"-1\"."),
        (
            ["--play", "a", "--auto", "inf"],
            "--auto needs a number of seconds from 0 to 3600, such as 1.5, not \"inf\"."
        ),
        (["--play", "a", "--auto", "1."], "--auto needs a number of seconds from 0 to 3600, such as 1.5, not \"1.\"."),
        (["--play"], "--play needs a value."),
        (["--play="], "--play needs a value."),
        (["--cast="], "--cast needs a value."),
        (["-c"], "-c needs a value."),
        (["--manual=1"], "--manual takes no value."),
        (["--completion", "tcsh"], "--completion needs one of bash, zsh or fish, not \"tcsh\"."),
        (["--completion"], "--completion needs a value."),
    ])
    func aCombinationThatMakesNoSenseIsAUsageError(arguments: [String], message: String) {
        do {
            _ = try Options.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(Messages.usage(error) == message)
        }
    }

    @Test func speedAndAutoMayPaceARecordingWithoutPlay() throws {
        let options = try Options.parse(["--cast", "a.cast", "--speed", "10", "--auto", "0.5"])
        #expect(CastSchedule(options: options) == CastSchedule(typingDelay: 100, pauseBeforeCommand: 500))
        #expect(CastSchedule(options: Options()) == .standard)
    }
}

import Testing
import TrendshTestSupport

/// How a piped run reads and writes: no prompt, no banner, `--echo`, `--bail`, and output
/// flushed after every command.
@Suite struct PipedSessionTests {
    @Test func aPipedRunPrintsNoPromptAndNoBanner() {
        let result = Shell().run(["help value", "value 75", "save"])
        #expect(
            result.stdout
                == lines(
                    "usage: value WEIGHT",
                    "  Set the draft's weight, kept exactly as typed; kg or lb after it names its unit.",
                    "  The rest of the line is the weight, read when the draft is saved: in the unit set with \"unit\",",
                    "  or in the unit written after it (\"value 165 lb\", \"value 75kg\").", "  Example: value 75.4",
                    "value: 75", Fixtures.savedFirst))
        #expect(!result.stdout.contains("trendsh>"))
        #expect(!result.stdout.contains("trendsh 0.2.0"))
        #expect(result.stderr == "")
    }

    @Test func echoPrintsEachLineAfterThePrompt() {
        let result = Shell().run(["value 75", "", "# a comment", "save"], options: ["--echo"])
        #expect(
            result.stdout
                == lines(
                    "trendsh> value 75", "value: 75", "trendsh> ", "trendsh> # a comment", "trendsh> save",
                    Fixtures.savedFirst))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func echoShowsTheLineEvenWhenTheCommandFails() {
        let result = Shell().run(["bogus"], options: ["--echo"])
        #expect(result.stdout == lines("trendsh> bogus"))
        #expect(result.stderr == lines("error: Unknown command \"bogus\". Type \"help\" to see the commands."))
        #expect(result.status == 1)
    }

    @Test func bailStopsAtTheFirstFailedCommand() throws {
        let shell = Shell()
        let result = shell.run(["value abc", "save", "value 75", "save", "list"], options: ["--bail"])
        #expect(result.stdout == lines("value: abc"))
        #expect(result.stderr == lines(Fixtures.kilogramsError, Fixtures.endedUnsaved))
        #expect(result.status == 1)
        #expect(try storedKilograms(in: shell.storePath) == [])
    }

    @Test func bailStopsAtAnUnknownCommand() {
        let result = Shell().run(["bogus", "value 75", "save"], options: ["--bail"])
        #expect(result.stdout == "")
        #expect(result.stderr == lines("error: Unknown command \"bogus\". Type \"help\" to see the commands."))
        #expect(result.status == 1)
    }

    @Test func withoutBailEveryCommandRuns() {
        let result = Shell().run(["value abc", "save", "value 75", "save"])
        #expect(result.stdout == lines("value: abc", "value: 75", Fixtures.savedFirst))
        #expect(result.status == 1)
    }

    @Test func standardOutputAndErrorInterleaveInTheOrderWritten() {
        let shell = Shell()
        let result = shell.runMerged(
            ["value abc", "save", "value 75", "bogus", "save"],
            arguments: ["--store", shell.storePath, "--now", Fixtures.now])
        #expect(
            result.stdout
                == lines(
                    "value: abc", Fixtures.kilogramsError, "value: 75",
                    "error: Unknown command \"bogus\". Type \"help\" to see the commands.", Fixtures.savedFirst))
        #expect(result.status == 1)
    }

    @Test func windowsLineEndingsAreRead() {
        let shell = Shell()
        let result = shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now], input: "value 75\r\nsave\r\n")
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 0)
    }

    @Test func aLastLineWithoutANewlineIsStillRun() {
        let shell = Shell()
        let result = shell.run(arguments: ["--store", shell.storePath, "--now", Fixtures.now], input: "value 75\nsave")
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 0)
    }

    @Test func theClockCanBeFixedThroughTheEnvironment() {
        let shell = Shell()
        let result = shell.run(
            arguments: ["--store", ":memory:"], input: "value 75\nsave\n",
            environment: TrendshProcess.environment(home: shell.home.path, ["TRENDSH_NOW": Fixtures.now]))
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 0)
    }
}

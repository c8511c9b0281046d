import Testing
import TrendshTestSupport

/// Every documented exit status, and the options that only print and exit.
@Suite struct ExitStatusTests {
    @Test func everyCommandSucceedingExitsZero() {
        let result = Shell().run(["help save", "value 75", "save", "list", "status"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func emptyInputExitsZeroAndPrintsNothing() {
        let result = Shell().run([])
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aFailedCommandExitsOneEvenWhenLaterCommandsSucceed() {
        let result = Shell().run(["bogus", "value 75", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 1)
    }

    @Test(arguments: [
        ["--bogus"], ["--now", "notatime"], ["--now"], ["--store"], ["--echo=yes"], ["stray"],
    ])
    func aWrongCommandLineExitsTwoWithoutRunning(arguments: [String]) {
        let shell = Shell()
        let result = shell.run(arguments: ["--store", shell.storePath] + arguments, input: "value 75\nsave\n")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.hasSuffix(" Run \"trendsh --help\" for usage.\n"))
        #expect(result.status == 2)
        #expect(permissions(of: shell.storePath) == nil)
    }

    @Test func usageErrorsNameTheProblem() {
        let shell = Shell()
        let bogus = shell.run(arguments: ["--bogus"])
        #expect(bogus.stderr == lines("error: Unknown option \"--bogus\". Run \"trendsh --help\" for usage."))
        let badTime = shell.run(arguments: ["--now", "notatime"])
        #expect(
            badTime.stderr
                == lines(
                    "error: --now needs an ISO 8601 time from the years 1900 to 9999, such as 2026-11-29T08:00:00Z, not \"notatime\". Run \"trendsh --help\" for usage."
                ))
    }

    @Test func inputEndingWithAnUnsavedDraftExitsThreeWithAWarning() {
        let result = Shell().run(["value 75"])
        #expect(result.stdout == lines("value: 75"))
        #expect(result.stderr == lines(Fixtures.endedUnsaved))
        #expect(result.status == 3)
    }

    @Test func aFailureWinsOverAnUnsavedDraft() {
        let result = Shell().run(["value abc", "save"])
        #expect(result.stdout == lines("value: abc"))
        #expect(result.stderr == lines(Fixtures.kilogramsError, Fixtures.endedUnsaved))
        #expect(result.status == 1)
    }

    @Test func aDraftWithoutChangesDoesNotCountAsUnsaved() {
        let result = Shell().run(["new"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func helpListsTheOptionsAndEveryExitStatus() {
        let result = Shell().run(arguments: ["--help"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("trendsh 0.2.0: "))
        for line in [
            "Exit status:", "  0    every command succeeded; at a terminal, the session ended normally",
            "  1    a piped command failed, output could not be written, a transcript did not match, or --set-up failed",
            "  2    the command line was wrong",
            "  3    the session ended with unsaved or pending changes this run made (a failure wins over 3)",
            "  128+N  the signal N ended the session; the draft is kept",
        ] {
            #expect(result.stdout.contains("\n" + line + "\n"), "missing \(line)")
        }
        for option in ["--store PATH", "--now TIME", "--echo", "--bail", "--help", "--version"] {
            #expect(result.stdout.contains("  " + option), "missing \(option)")
        }
    }

    @Test func versionPrintsTheNameAndVersion() {
        let result = Shell().run(arguments: ["--version"])
        #expect(result.stdout == lines("trendsh 0.2.0"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func quitWithUnsavedChangesWarnsAndASecondQuitLeaves() {
        let result = Shell().run(["value 75", "quit", "quit", "save"])
        #expect(result.stdout == lines("value: 75"))
        #expect(
            result.stderr
                == lines(
                    "warning: The draft has unsaved changes (value \"75\", dated 2026-11-29 08:00). Type \"save\" to keep it, \"cancel\" to discard it, or \"quit\" again to leave it unsaved.",
                    Fixtures.endedUnsaved))
        #expect(result.status == 3)
    }

    @Test func anotherCommandBetweenTwoQuitsAsksAgain() {
        let result = Shell().run(["value 75", "quit", "show", "quit", "save"])
        #expect(result.stdout.hasSuffix(lines(Fixtures.savedFirst)))
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: The draft has unsaved") }
        #expect(warnings.count == 2)
        #expect(result.status == 0)
    }

    @Test(arguments: ["quit", "exit", "QUIT"])
    func quitWithNothingUnsavedLeavesAtOnce(command: String) {
        let result = Shell().run([command, "value 75"])
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }
}

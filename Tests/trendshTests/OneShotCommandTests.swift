import Testing
import TrendshTestSupport

/// `-c COMMAND`, as `psql -c` runs one: the commands run in order, then trendsh exits with a
/// piped run's status. A `-c` run starts with no draft and never touches one waiting in the
/// draft file: a cron job must not edit or save someone's half-typed draft.
@Suite struct OneShotCommandTests {
    let shell = Shell()

    func oneShot(_ commands: [String], _ options: [String] = [], input: String = "") -> ProcessResult {
        shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now] + options + commands.flatMap { ["-c", $0] },
            input: input)
    }

    @Test func theCommandsRunInOrderAndTheRunExitsZero() throws {
        let result = oneShot(["value 75.4", "note after run", "save"])
        #expect(result.stdout == lines("value: 75.4", "note: after run", "Saved #1: 75.4 kg on 2026-11-29 08:00."))
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(try OtherProgram(path: shell.storePath).entries().count == 1)
    }

    @Test func aFailingCommandMakesTheStatusOneAndTheCommandsAfterItStillRun() {
        let result = oneShot(["value 75", "bogus", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.stderr == lines("error: Unknown command \"bogus\". Type \"help\" to see the commands."))
        #expect(result.status == 1)
    }

    @Test func bailStopsAtTheFirstFailure() {
        let result = oneShot(["value abc", "save", "list"], ["--bail"])
        #expect(result.stdout == lines("value: abc"))
        #expect(
            result.stderr.hasPrefix(
                "error: Enter a weight between 20 and 500 kg. This -c run ends here, so the draft is kept in \(shell.storePath).draft"
            ))
        #expect(result.status == 1)
    }

    @Test func unsavedWorkMakesTheStatusThreeAndNothingKeepsIt() {
        let result = oneShot(["value 75"])
        #expect(result.status == 3)
        #expect(
            result.stderr
                == lines(
                    "warning: The session ended with unsaved changes in the draft; it was not saved. This run does not use the draft file, so no copy of it is on disk."
                ))
        #expect(shell.run(["show"]).stdout == lines("No draft is open. Start one with \"new\" or \"value WEIGHT\"."))
    }

    @Test func aDraftWaitingInTheDraftFileIsLeftAloneAndMentioned() throws {
        _ = shell.run(["value 80", "note half typed"])
        let waiting = try #require(fileBytes(shell.storePath + ".draft"))

        let result = oneShot(["save", "value 75", "save", "list"])

        #expect(
            result.stdout
                == lines("value: 75", Fixtures.savedFirst, "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(
            result.stderr
                == lines(
                    "warning: A draft (value \"80\", note \"half typed\", dated 2026-11-29 08:00) is waiting in the draft file; this run leaves it there for the next interactive session.",
                    "error: There is no draft to save. Start one with \"value WEIGHT\"."))
        #expect(result.status == 1)
        #expect(fileBytes(shell.storePath + ".draft") == waiting, "the draft file is byte for byte as it was")
        let next = shell.run(["show"])
        #expect(next.stdout.contains("Restored unsaved draft (new entry): value \"80\", note \"half typed\""))
    }

    @Test func aDashCRunLeavesTheDraftFileAloneEvenWhileAnotherSessionHoldsIt() throws {
        let holder = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment)
        holder.send("value 80\nstatus\n")
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("simulations:") }
        let result = oneShot(["value 75", "save"])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("Another trendsh session"))
        _ = holder.finish()
    }

    static let simulated = "The store could not save (simulated failure), so nothing was written."

    @Test func aDraftWhoseSaveFailsIsKeptInTheDraftFileAndTheNextSessionSavesItOnce() throws {
        let failed = oneShot(["value 80", "note after run", "simulate save-failure once", "save"])

        #expect(
            failed.stderr
                == lines(
                    "error: \(Self.simulated) This -c run ends here, so the draft is kept in \(shell.storePath).draft: the next trendsh session on this store (not a -c run) restores it; there, type \"save\" to try again.",
                    "warning: The session ended with unsaved changes in the draft; it was not saved. The draft file keeps it, and the next trendsh on this log restores it."
                ))
        #expect(failed.status == 1, "a failure wins over 3")
        #expect(permissions(of: shell.storePath + ".draft") == 0o600)

        let next = shell.run(["save", "list"])
        #expect(
            next.stdout
                == lines(
                    "Restored unsaved draft (new entry): value \"80\", note \"after run\", dated 2026-11-29 08:00. Type \"save\" to save it or \"cancel\" to discard it.",
                    "Saved #1: 80.0 kg on 2026-11-29 08:00.", "#1  2026-11-29 08:00  80.0 kg  trend 80.0  after run"))
        #expect(next.status == 0)
        #expect(try OtherProgram(path: shell.storePath).entries().count == 1)
    }

    @Test func anInvalidDraftIsKeptForTheNextSessionToFix() {
        let failed = oneShot(["value 10", "save"])

        #expect(
            failed.stderr.hasPrefix(
                lines(
                    "error: Enter a weight between 20 and 500 kg. This -c run ends here, so the draft is kept in \(shell.storePath).draft: the next trendsh session on this store (not a -c run) restores it; there, fix it and save again."
                )), "\(failed.stderr)")
        #expect(shell.run(["show"]).stdout.contains("value: 10 (kg)"))
    }

    @Test func aFailedDraftIsNotKeptOverAnotherDraftWaitingInTheFile() throws {
        _ = shell.run(["value 80", "note half typed"])
        let waiting = try #require(fileBytes(shell.storePath + ".draft"))

        let failed = oneShot(["value 75", "simulate save-failure once", "save"])

        #expect(
            failed.stderr.contains(
                "error: \(Self.simulated) This -c run ends here and keeps no copy of the draft: \(shell.storePath).draft already holds another draft, which is left as it is.\n"
            ), "\(failed.stderr)")
        #expect(failed.status == 1)
        #expect(fileBytes(shell.storePath + ".draft") == waiting, "the waiting draft is byte for byte as it was")
    }

    @Test func aFailedDraftIsNotKeptWhileAnotherSessionHoldsTheDraftFile() throws {
        let holder = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment)
        holder.send("status\n")
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("simulations:") }

        let failed = oneShot(["value 75", "simulate save-failure once", "save"])

        #expect(
            failed.stderr.hasPrefix(
                "error: \(Self.simulated) This -c run ends here and keeps no copy of the draft: another trendsh session holds \(shell.storePath).draft.\n"
            ), "\(failed.stderr)")
        _ = holder.finish()
    }

    @Test func aFailedDraftOfAStoreInMemoryIsNotKeptAndTheRunSaysSo() {
        let failed = shell.run(
            arguments: [
                "--store", ":memory:", "--now", Fixtures.now, "-c", "value 75", "-c", "simulate save-failure once",
                "-c", "save",
            ])
        #expect(
            failed.stderr.hasPrefix(
                "error: \(Self.simulated) This -c run ends here and keeps no copy of the draft: the store is in memory.\n"
            ))
        #expect(failed.status == 1)
    }

    @Test func standardInputIsNotRead() {
        let result = oneShot(["list"], input: "value 75\nsave\n")
        #expect(result.stdout == lines(Fixtures.noEntries))
        #expect(result.status == 0)
    }

    @Test func aCommandWithLineBreaksRunsAsSeveralLines() {
        let result = oneShot(["value 75\nsave"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
    }

    @Test func echoShowsEachCommandAfterThePrompt() {
        let result = oneShot(["value 75", "save"], ["--echo"])
        #expect(result.stdout == lines("trendsh> value 75", "value: 75", "trendsh> save", Fixtures.savedFirst))
    }

    @Test func theStartupFileIsNotRun() {
        let home = shell.home
        let environment = TrendshProcess.environment(home: home.path, ["XDG_CONFIG_HOME": home.path + "/config"])
        home.makeFolder("config/trendsh")
        home.write("unit lb\n", to: "config/trendsh/trendshrc")
        let result = TrendshProcess.run(
            ["--store", ":memory:", "-c", "unit"], environment: environment)
        #expect(result.stdout == lines("unit: kg"))
        let piped = TrendshProcess.run(["--store", ":memory:"], input: "unit\n", environment: environment)
        #expect(piped.stdout == lines("unit: kg"))
    }
}

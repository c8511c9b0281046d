import Testing
import TrendshTestSupport

/// The built binary, issue 21 (points 5–8): `undo list`, `undo` and `redo` agree about every
/// step whatever order changes arrive in; the history keeps the newest 100 steps, not step
/// numbers; a change that changes nothing is no step; and `undo STEP` reaches past a step
/// another program changed.
@Suite struct HistoryTruthTests {
    let shell = Shell()

    /// `trendsh --store S --now N -c … -c …`: a run of its own, beside any session running.
    func oneShot(_ commands: String...) -> ProcessResult {
        shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now] + commands.flatMap { ["-c", $0] })
    }

    /// A piped session that stays open, its standard error merged into its standard output.
    func openSession() -> RunningProcess {
        TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment, mergingErrors: true)
    }

    static func printed(_ session: RunningProcess) -> String { String(decoding: session.stdoutSoFar, as: UTF8.self) }

    /// The reproduction, without its sleeps: the undo waits, another session saves,
    /// then `retry` undoes step 2 under step 3; `redo` takes step 2 back, as `undo list` says.
    @Test func aPendingUndoRetriedAfterAnotherSessionsSaveIsTheStepRedoTakes() throws {
        #expect(oneShot("value 75", "save", "amend 1 value 76").status == 0)
        let session = openSession()
        session.send("simulate save-failure once\nundo\n")
        try session.readUntil { Self.printed($0).contains("(undo step 2); type \"retry\" to apply it.") }
        _ = session.take()

        #expect(oneShot("value 60", "date yesterday", "save").status == 0)
        session.send("retry\nundo list\nredo\nundo\nundo\nundo list\nredo\nredo\n")
        let rest = session.finish().stdout

        #expect(
            rest
                == lines(
                    "Undid step 2: amended #1: value 76.0 kg (was 75.0 kg).", "step  state   next  change",
                    "   3  done    undo  saved #2: 60.0 kg on 2026-11-28 08:00",
                    "   2  undone  redo  amended #1: value 76.0 kg (was 75.0 kg)",
                    "   1  done          saved #1: 75.0 kg on 2026-11-29 08:00",
                    "Redid step 2: amended #1: value 76.0 kg (was 75.0 kg).",
                    "Undid step 3: saved #2: 60.0 kg on 2026-11-28 08:00.",
                    "Undid step 2: amended #1: value 76.0 kg (was 75.0 kg).", "step  state   next  change",
                    "   3  undone        saved #2: 60.0 kg on 2026-11-28 08:00",
                    "   2  undone  redo  amended #1: value 76.0 kg (was 75.0 kg)",
                    "   1  done    undo  saved #1: 75.0 kg on 2026-11-29 08:00",
                    "Redid step 2: amended #1: value 76.0 kg (was 75.0 kg).",
                    "Redid step 3: saved #2: 60.0 kg on 2026-11-28 08:00."), "\(rest)")
        #expect(try OtherProgram(path: shell.storePath).entries().map(\.kilograms) == [76, 60])
    }

    /// 100 saves and 99 undos leave step 1; the next save clears steps 2–100 from the redo
    /// list, and the history still holds step 1 beside the new step 101.
    @Test func theHistoryKeepsTheNewest100StepsNotTheNewest100StepNumbers() {
        let saves = (0..<100).flatMap { ["value \(70 + $0 % 10)", "save"] }
        #expect(shell.run(saves + Array(repeating: "undo", count: 99) + ["value 80", "save"]).status == 0)

        let result = shell.run(["undo list", "undo", "undo", "undo"])

        #expect(
            result.stdout
                == lines(
                    "step  state  next  change", " 101  done   undo  saved #101: 80.0 kg on 2026-11-29 08:00",
                    "   1  done         saved #1: 70.0 kg on 2026-11-29 08:00",
                    "Undid step 101: saved #101: 80.0 kg on 2026-11-29 08:00.",
                    "Undid step 1: saved #1: 70.0 kg on 2026-11-29 08:00."), "\(result.stdout)")
        #expect(result.stderr == lines("error: There is nothing to undo."))
    }

    /// An amend to what the entry holds writes nothing: no step, no revision, so a session
    /// that showed the entry before still deletes it as it is.
    @Test func anAmendThatChangesNothingWritesNothingAndSaysSo() throws {
        _ = shell.run(["value 75", "save"])
        let session = openSession()
        session.send("list\n")
        try session.readUntil { Self.printed($0).contains("#1  2026-11-29 08:00  75.0 kg") }

        let amended = oneShot("amend 1 value 75", "amend 1 note", "undo list")

        #expect(
            amended.stdout
                == lines(
                    "Entry #1 is unchanged, so nothing was written. It holds #1: 75.0 kg on 2026-11-29 08:00, no note.",
                    "Entry #1 is unchanged, so nothing was written. It holds #1: 75.0 kg on 2026-11-29 08:00, no note.",
                    "step  state  next  change", "   1  done   undo  saved #1: 75.0 kg on 2026-11-29 08:00"))
        #expect(amended.stderr == "")
        #expect(amended.status == 0)
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.integer("SELECT revision FROM entries WHERE id = 1") == 1)
        #expect(try store.integer("SELECT count(*) FROM operations WHERE kind = 'amend'") == 0)
        store.close()
        session.send("delete 1\n")
        let deleted = session.finish()
        #expect(deleted.stdout.hasSuffix(lines("Deleted #1: 75.0 kg on 2026-11-29 08:00.")), "\(deleted.stdout)")
    }

    /// An import whose save finds no new row writes nothing: no step (the redo list is kept)
    /// and no record of the import.
    @Test func anImportThatAddsNoRowWritesNothingAndSaysSo() throws {
        let file = shell.home.write(
            "date,kilograms\n2026-11-20T07:30:00.000Z,80.3\n2026-11-21T07:30:00.000Z,80.1\n", to: "a.csv")
        _ = shell.run(["import \(file)", "save", "value 75", "save", "undo"])

        let again = shell.run(["import \(file)", "save", "undo list", "redo"])

        #expect(
            again.stdout.contains(
                ": no row is new (2 duplicates left out), so nothing was written.\nstep  state   next  change\n"),
            "\(again.stdout)")
        #expect(
            again.stdout.hasSuffix(
                lines(
                    "   2  undone  redo  saved #3: 75.0 kg on 2026-11-29 08:00",
                    "   1  done    undo  imported 2 entries",
                    "Redid step 2: saved #3: 75.0 kg on 2026-11-29 08:00.")), "\(again.stdout)")
        #expect(again.stderr == "")
        #expect(
            try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM operations WHERE kind = 'import'")
                == 1)
    }

    /// Another program changed the newest step's entry: `undo` stops there each time and says
    /// how to go past it; `undo 1` does. No sentence calls the undo pending: it never waited.
    @Test func anEditByAnotherProgramStopsUndoAtItsStepAndUndoStepGoesPast() throws {
        _ = shell.run(["value 75", "save", "value 76", "save"])
        try OtherProgram(path: shell.storePath).execute("UPDATE entries SET note = 'x' WHERE id = 2")

        let result = shell.run(["undo", "undo", "undo 1", "list"])

        let refusal =
            "error: Entry #2 has changed since step 2 (saved #2: 76.0 kg on 2026-11-29 08:00), so nothing was written. It now holds #2: 76.0 kg on 2026-11-29 08:00, note \"x\". Step 2 stays done; \"undo STEP\" takes back an older step whose rows no newer step changed (\"undo list\" shows the numbers)."
        #expect(result.stderr == lines(refusal, refusal), "\(result.stderr)")
        #expect(
            result.stdout
                == lines(
                    "Undid step 1: saved #1: 75.0 kg on 2026-11-29 08:00.",
                    "#2  2026-11-29 08:00  76.0 kg  trend 76.0  x"
                ))
        #expect(!result.stderr.contains("pending"))
    }

    /// `undo STEP` is refused while a newer done step changed its rows, naming that step; once
    /// that one is undone, it applies. A step not held, or undone already, is refused at once.
    @Test func undoStepNamesTheNewerStepInItsWayAndRefusesStepsItCannotTake() {
        _ = shell.run(["value 75", "save", "amend 1 value 76", "amend 1 note n"])

        let result = shell.run(["undo 2", "undo 3", "undo 2", "undo 3", "undo 9", "undo two"])

        #expect(
            result.stdout
                == lines(
                    "Undid step 3: amended #1: note \"n\" (was none).",
                    "Undid step 2: amended #1: value 76.0 kg (was 75.0 kg)."))
        #expect(
            result.stderr
                == lines(
                    "error: Step 3 (amended #1: note \"n\" (was none)) changed entry #1 after step 2 (amended #1: value 76.0 kg (was 75.0 kg)) and is done, so step 2 stays done; nothing was written. Type \"undo 3\" first.",
                    "error: Step 3 (amended #1: note \"n\" (was none)) is undone already, so nothing was changed. \"redo\" brings back the step undone last.",
                    "error: The history holds no step 9 (it keeps the newest 100 steps, and a new change clears the undone ones), so nothing was changed. \"undo list\" shows the steps.",
                    "error: \"two\" is not what undo takes; use list or a step number. Usage: undo [STEP|list]"),
            "\(result.stderr)")
    }

    @Test func helpRedoAndHelpUndoSayTheRules() {
        let help = shell.run(["help redo", "help undo"]).stdout
        #expect(help.contains("It takes the step undone last that is still undone, whatever its number"), "\(help)")
        #expect(help.contains("\"undo STEP\" takes back an older step"), "\(help)")
    }
}

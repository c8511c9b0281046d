import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

@testable import TrendShell

/// `amend`, `retry`, `undo` and `redo` in process: what they print, what waits, and what the
/// prompt, `status` and `quit` say about it.
@Suite @MainActor struct ChangeCommandTests {
    let shell: SessionDriver
    var session: Session { shell.session }
    var output: CapturedOutput { shell.output }

    init() { shell = SessionDriver(clock: Fixtures.clock) }

    var prompt: String { REPL(session: session, reader: ScriptLineReader(lines: []), output: output).prompt() }
    static let simulated = "The store could not save (simulated failure), so nothing was written."

    @Test func anAmendChangesOneFieldAtOnceAndPrintsTheEntryAsStored() {
        #expect(
            shell.perform("value 75", "save", "amend 1 note after run", "amend #1 value 76,5") == [
                .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(
            shell.printed.hasSuffix(
                "Amended #1: 75.0 kg on 2026-11-29 08:00, note \"after run\".\nAmended #1: 76.5 kg on 2026-11-29 08:00, note \"after run\".\n"
            ))
        #expect(session.weights.entries.map(\.kilograms) == [76.5])
        #expect(session.drafts.open == nil, "no draft was opened")
        #expect(shell.perform("amend 1 date yesterday", "amend 1 note") == [.succeeded, .succeeded])
        #expect(shell.printed.hasSuffix("Amended #1: 76.5 kg on 2026-11-28 08:00, no note.\n"))
    }

    @Test func anAmendTheRulesRefuseChangesNothingAndLeavesNothingPending() {
        shell.perform("value 75", "save")
        #expect(
            shell.perform("amend 1 value 5", "amend 1 date 2026-12-01", "amend 9 note x") == [
                .failed, .failed, .failed,
            ])
        #expect(
            shell.errors == """
                error: Enter a weight between 20 and 500 kg. Nothing was changed.
                error: An entry can't be dated in the future. Nothing was changed.
                error: There is no entry #9. List the entries to see their numbers.

                """)
        #expect(session.pending.changes.isEmpty)
        #expect(session.weights.entries.map(\.kilograms) == [75])
    }

    @Test func aFailedAmendWaitsAndRetryAppliesIt() {
        shell.perform("value 75", "save", "simulate save-failure once")
        #expect(shell.perform("amend 1 value 76") == [.failed])
        #expect(
            shell.errors
                == "error: \(Self.simulated) The change is kept as pending (amend #1 value 76.0 kg); type \"retry\" to apply it.\n"
        )
        #expect(!shell.printed.contains("Amended"))
        #expect(prompt == "trendsh[1 pending]> ")
        shell.perform("status")
        #expect(
            shell.printed.contains(
                "pending: 1 change, in memory only (the store is in memory)\n  amend #1 value 76.0 kg; last try failed: \(Self.simulated)\n"
            ))

        #expect(shell.perform("retry", "retry") == [.succeeded, .succeeded])
        #expect(shell.printed.hasSuffix("Amended #1: 76.0 kg on 2026-11-29 08:00, no note.\nNo changes are pending.\n"))
        #expect(prompt == "trendsh> ")
        #expect(session.weights.entries.map(\.kilograms) == [76])
    }

    /// The store commits the amend but its reply is lost (as when the disk fails after the
    /// commit): the change waits, and the retry finds its operation instead of writing twice.
    @Test(arguments: ["amend 1 value 76", "undo"])
    func aChangeWhoseReplyWasLostIsFoundByTheRetryAndAppliedOnce(_ line: String) throws {
        shell.perform("value 75", "save")
        session.store.faults.loseNextAcknowledgement()

        #expect(shell.perform(line) == [.failed])
        #expect(shell.errors.contains("The disk reported an I/O error, so nothing was confirmed."))
        #expect(shell.perform("retry") == [.succeeded])

        #expect(shell.printed.contains("(an earlier attempt had already "), "\(shell.printed)")
        #expect(session.pending.changes.isEmpty)
        let steps = try session.changeHistory.list().steps
        if line == "undo" {
            #expect(steps.map(\.isUndone) == [true])
            #expect(session.weights.entries.isEmpty)
        } else {
            #expect(steps.map(\.kind) == [.amend, .save], "one amend, not two")
            #expect(session.weights.entries.map(\.revision) == [2])
        }
    }

    @Test func aNewAmendWhileOthersWaitIsTriedBehindThemInOrder() {
        shell.perform("value 75", "save", "simulate save-failure always", "amend 1 value 76", "amend 1 note a")
        #expect(session.pending.changes.count == 2)
        #expect(
            shell.errors.hasSuffix(
                "2 changes are pending (amend #1 value 76.0 kg; amend #1 note \"a\"); type \"retry\" to apply them in order.\n"
            ))
        #expect(shell.perform("simulate off", "amend 1 date yesterday") == [.succeeded, .succeeded])
        #expect(
            shell.printed.hasSuffix(
                """
                Amended #1: 76.0 kg on 2026-11-29 08:00, no note.
                Amended #1: 76.0 kg on 2026-11-29 08:00, note "a".
                Amended #1: 76.0 kg on 2026-11-28 08:00, note "a".

                """))
    }

    @Test func undoAndRedoSayWhatTheyTookBackAndUndoListShowsTheHistory() {
        shell.perform("value 75", "save", "amend 1 value 76")
        #expect(shell.perform("undo", "undo list") == [.succeeded, .succeeded])
        #expect(
            shell.printed.hasSuffix(
                """
                Undid step 2: amended #1: value 76.0 kg (was 75.0 kg).
                step  state   next  change
                   2  undone  redo  amended #1: value 76.0 kg (was 75.0 kg)
                   1  done    undo  saved #1: 75.0 kg on 2026-11-29 08:00

                """))
        #expect(session.weights.entries.map(\.kilograms) == [75], "the window shows what the store holds")
        #expect(shell.perform("redo", "redo") == [.succeeded, .failed])
        #expect(shell.printed.hasSuffix("Redid step 2: amended #1: value 76.0 kg (was 75.0 kg).\n"))
        #expect(shell.errors == "error: There is nothing to redo.\n")
        #expect(session.weights.entries.map(\.kilograms) == [76])
    }

    @Test func undoCoversHabitChangesToo() {
        shell.perform(
            "new habit", "name Read", "save", "done Read", "rename Read Study", "undo", "undo", "habits")
        #expect(shell.printed.contains("Undid step 3: renamed the habit \"Read\" to \"Study\".\n"))
        #expect(shell.printed.contains("Undid step 2: marked \"Read\" done on 2026-11-29.\n"))
        #expect(session.habitLog.habits.map(\.name) == ["Read"])
        #expect(session.habitLog.habits.first?.doneDays == [])
        shell.perform("delete habit Read", "undo list")
        #expect(
            shell.printed.hasSuffix(
                """
                step  state  next  change
                   4  done   undo  deleted the habit "Read"
                   1  done         added the habit "Read"

                """), "a new change cleared the two undone steps from the history")
    }

    @Test func anUndoThatFailsWaitsAndUndoAndRedoWaitForTheQueue() {
        shell.perform("value 75", "save", "simulate save-failure once")
        #expect(shell.perform("undo") == [.failed])
        #expect(shell.errors.hasSuffix("The change is kept as pending (undo step 1); type \"retry\" to apply it.\n"))
        #expect(shell.perform("undo", "redo") == [.failed, .failed])
        #expect(
            shell.errors.hasSuffix(
                "error: 1 change is still pending. Type \"retry\" to apply it first, so that undo and redo know which change was last.\n"
            ))
        #expect(shell.perform("retry") == [.succeeded])
        #expect(shell.printed.hasSuffix("Undid step 1: saved #1: 75.0 kg on 2026-11-29 08:00.\n"))
        #expect(session.weights.entries.isEmpty)
    }

    @Test func quitWithPendingChangesWarnsOnceAndLeavesTheSecondTime() {
        shell.perform("value 75", "save", "simulate save-failure once", "amend 1 note x")
        #expect(shell.perform("quit") == [.succeeded])
        #expect(
            shell.errors.hasSuffix(
                "warning: 1 change is still pending (amend #1 note \"x\"). Type \"retry\" to apply it, or \"quit\" again to leave it for later.\n"
            ))
        #expect(shell.perform("quit") == [.quit])
    }

    @Test func theSessionEndsWithStatusThreeOnlyForPendingChangesItMade() {
        shell.perform("value 75", "save", "simulate save-failure once", "amend 1 note x")
        #expect(session.hasUnsavedWorkFromThisRun)
        shell.perform("retry")
        #expect(!session.hasUnsavedWorkFromThisRun)
    }

    /// Two sessions on one store file: the history is the store's, so one session's undo takes
    /// back the other's change, and an amend typed against an entry the other changed since
    /// is refused with what it holds now.
    @Test func twoSessionsShareTheHistoryAndAnAmendOfAChangedEntryIsRefused() throws {
        let first = SessionDriver(store: .temporaryFile, clock: Fixtures.clock)
        let second = first.secondSession()
        first.perform("value 75", "save")
        second.perform("list")
        first.perform("amend 1 note from the first")

        #expect(second.perform("amend 1 note from the second") == [.failed])
        #expect(
            second.errors.hasSuffix(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 75.0 kg on 2026-11-29 08:00, note \"from the first\". Type the amend again to change it as it is now.\n"
            ))
        #expect(second.perform("amend 1 note from the second", "undo") == [.succeeded, .succeeded])
        #expect(first.perform("undo", "list") == [.succeeded, .succeeded])
        #expect(
            first.printed.hasSuffix(
                "Undid step 2: amended #1: note \"from the first\" (was none).\n#1  2026-11-29 08:00  75.0 kg  trend 75.0\n"
            ))
        first.close()
        second.close()
    }

    @Test func undoTakesAStepNumberOrListAndNothingElse() throws {
        for (line, expected) in [
            ("undo", ChangeCommands.UndoRequest.newest), ("undo 3", .step(3)), ("undo #3", .step(3)),
            ("UNDO List", .list),
        ] {
            let parsed = try #require(try CommandParser.parse(line))
            #expect(parsed.arguments as? ChangeCommands.UndoRequest == expected, "\(line)")
        }
        for line in ["undo 0", "undo -1", "undo 3 4", "undo list 3", "undo x"] {
            #expect(throws: ParseError.self, "\(line)") { try CommandParser.parse(line) }
        }
    }

    /// A change refused at its first try never waited: the sentence says why, not that a
    /// pending change was removed. One refused on a later try was pending, and says so.
    @Test func aChangeRefusedAtItsFirstTryIsNotCalledPending() {
        shell.perform("value 75", "save", "amend 1 value 76")
        shell.perform("undo 1")
        #expect(
            shell.errors.hasPrefix(
                "error: Step 2 (amended #1: value 76.0 kg (was 75.0 kg)) changed entry #1 after step 1"))
        #expect(!shell.errors.contains("pending"), "\(shell.errors)")
        shell.perform("simulate save-failure once", "undo 1", "amend 1 value 80", "simulate off", "retry")
        #expect(
            shell.errors.hasSuffix("Type \"undo 2\" first. The pending change (undo step 1) was removed.\n"),
            "\(shell.errors)")
    }
}

import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

@testable import TrendShell

/// `amend`, `retry`, `undo` and `redo` in process: what they print, what waits, and what the
/// prompt, `status` and `quit` say about it.
@Suite @MainActor struct ChangeCommandTests {
    let output = CapturedOutput()
    let session: Session

    init() {
        session = Session.make(files: OwnFiles(store: .memory), clock: Fixtures.clock, output: output)
        session.start()
    }

    @discardableResult
    func perform(_ lines: String..., in session: Session? = nil) -> [Session.Outcome] {
        let target = session ?? self.session
        var outcomes: [Session.Outcome] = []
        for line in lines {
            do {
                guard let command = try CommandParser.parse(line) else { continue }
                outcomes.append(target.perform(command))
            } catch {
                outcomes.append(target.reject(error))
            }
        }
        return outcomes
    }

    var printed: String { output.text(of: .out) }
    var errors: String { output.text(of: .err) }
    var prompt: String { REPL(session: session, reader: ScriptLineReader(lines: []), output: output).prompt() }
    static let simulated = "The store could not save (simulated failure), so nothing was written."

    @Test func anAmendChangesOneFieldAtOnceAndPrintsTheEntryAsStored() {
        #expect(
            perform("value 75", "save", "amend 1 note after run", "amend #1 value 76,5") == [
                .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(
            printed.hasSuffix(
                "Amended #1: 75.0 kg on 2026-11-29 08:00, note \"after run\".\nAmended #1: 76.5 kg on 2026-11-29 08:00, note \"after run\".\n"
            ))
        #expect(session.weights.entries.map(\.kilograms) == [76.5])
        #expect(session.drafts.open == nil, "no draft was opened")
        #expect(perform("amend 1 date yesterday", "amend 1 note") == [.succeeded, .succeeded])
        #expect(printed.hasSuffix("Amended #1: 76.5 kg on 2026-11-28 08:00, no note.\n"))
    }

    @Test func anAmendTheRulesRefuseChangesNothingAndLeavesNothingPending() {
        perform("value 75", "save")
        #expect(
            perform("amend 1 value 5", "amend 1 date 2026-12-01", "amend 9 note x") == [
                .failed, .failed, .failed,
            ])
        #expect(
            errors == """
                error: Enter a weight between 20 and 500 kg. Nothing was changed.
                error: An entry can't be dated in the future. Nothing was changed.
                error: There is no entry #9. List the entries to see their numbers.

                """)
        #expect(session.pending.changes.isEmpty)
        #expect(session.weights.entries.map(\.kilograms) == [75])
    }

    @Test func aFailedAmendWaitsAndRetryAppliesIt() {
        perform("value 75", "save", "simulate save-failure once")
        #expect(perform("amend 1 value 76") == [.failed])
        #expect(
            errors
                == "error: \(Self.simulated) The change is kept as pending (amend #1 value 76.0 kg); type \"retry\" to apply it.\n"
        )
        #expect(!printed.contains("Amended"))
        #expect(prompt == "trendsh[1 pending]> ")
        perform("status")
        #expect(
            printed.contains(
                "pending: 1 change, in memory only (the store is in memory)\n  amend #1 value 76.0 kg; last try failed: \(Self.simulated)\n"
            ))

        #expect(perform("retry", "retry") == [.succeeded, .succeeded])
        #expect(printed.hasSuffix("Amended #1: 76.0 kg on 2026-11-29 08:00, no note.\nNo changes are pending.\n"))
        #expect(prompt == "trendsh> ")
        #expect(session.weights.entries.map(\.kilograms) == [76])
    }

    /// The store commits the amend but its reply is lost (as when the disk fails after the
    /// commit): the change waits, and the retry finds its operation instead of writing twice.
    @Test(arguments: ["amend 1 value 76", "undo"])
    func aChangeWhoseReplyWasLostIsFoundByTheRetryAndAppliedOnce(_ line: String) throws {
        perform("value 75", "save")
        session.store.faults.loseNextAcknowledgement()

        #expect(perform(line) == [.failed])
        #expect(errors.contains("The disk reported an I/O error, so nothing was confirmed."))
        #expect(perform("retry") == [.succeeded])

        #expect(printed.contains("(an earlier attempt had already "), "\(printed)")
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
        perform("value 75", "save", "simulate save-failure always", "amend 1 value 76", "amend 1 note a")
        #expect(session.pending.changes.count == 2)
        #expect(
            errors.hasSuffix(
                "2 changes are pending (amend #1 value 76.0 kg; amend #1 note \"a\"); type \"retry\" to apply them in order.\n"
            ))
        #expect(perform("simulate off", "amend 1 date yesterday") == [.succeeded, .succeeded])
        #expect(
            printed.hasSuffix(
                """
                Amended #1: 76.0 kg on 2026-11-29 08:00, no note.
                Amended #1: 76.0 kg on 2026-11-29 08:00, note "a".
                Amended #1: 76.0 kg on 2026-11-28 08:00, note "a".

                """))
    }

    @Test func undoAndRedoSayWhatTheyTookBackAndUndoListShowsTheHistory() {
        perform("value 75", "save", "amend 1 value 76")
        #expect(perform("undo", "undo list") == [.succeeded, .succeeded])
        #expect(
            printed.hasSuffix(
                """
                Undid step 2: amended #1: value 76.0 kg (was 75.0 kg).
                step  state   next  change
                   2  undone  redo  amended #1: value 76.0 kg (was 75.0 kg)
                   1  done    undo  saved #1: 75.0 kg on 2026-11-29 08:00

                """))
        #expect(session.weights.entries.map(\.kilograms) == [75], "the window shows what the store holds")
        #expect(perform("redo", "redo") == [.succeeded, .failed])
        #expect(printed.hasSuffix("Redid step 2: amended #1: value 76.0 kg (was 75.0 kg).\n"))
        #expect(errors == "error: There is nothing to redo.\n")
        #expect(session.weights.entries.map(\.kilograms) == [76])
    }

    @Test func undoCoversHabitChangesToo() {
        perform("new habit", "name Read", "save", "done Read", "rename Read Study", "undo", "undo", "habits")
        #expect(printed.contains("Undid step 3: renamed the habit \"Read\" to \"Study\".\n"))
        #expect(printed.contains("Undid step 2: marked \"Read\" done on 2026-11-29.\n"))
        #expect(session.habitLog.habits.map(\.name) == ["Read"])
        #expect(session.habitLog.habits.first?.doneDays == [])
        perform("delete habit Read", "undo list")
        #expect(
            printed.hasSuffix(
                """
                step  state  next  change
                   4  done   undo  deleted the habit "Read"
                   1  done         added the habit "Read"

                """), "a new change cleared the two undone steps from the history")
    }

    @Test func anUndoThatFailsWaitsAndUndoAndRedoWaitForTheQueue() {
        perform("value 75", "save", "simulate save-failure once")
        #expect(perform("undo") == [.failed])
        #expect(errors.hasSuffix("The change is kept as pending (undo step 1); type \"retry\" to apply it.\n"))
        #expect(perform("undo", "redo") == [.failed, .failed])
        #expect(
            errors.hasSuffix(
                "error: 1 change is still pending. Type \"retry\" to apply it first, so that undo and redo know which change was last.\n"
            ))
        #expect(perform("retry") == [.succeeded])
        #expect(printed.hasSuffix("Undid step 1: saved #1: 75.0 kg on 2026-11-29 08:00.\n"))
        #expect(session.weights.entries.isEmpty)
    }

    @Test func quitWithPendingChangesWarnsOnceAndLeavesTheSecondTime() {
        perform("value 75", "save", "simulate save-failure once", "amend 1 note x")
        #expect(perform("quit") == [.succeeded])
        #expect(
            errors.hasSuffix(
                "warning: 1 change is still pending (amend #1 note \"x\"). Type \"retry\" to apply it, or \"quit\" again to leave it for later.\n"
            ))
        #expect(perform("quit") == [.quit])
    }

    @Test func theSessionEndsWithStatusThreeOnlyForPendingChangesItMade() {
        perform("value 75", "save", "simulate save-failure once", "amend 1 note x")
        #expect(session.hasUnsavedWorkFromThisRun)
        perform("retry")
        #expect(!session.hasUnsavedWorkFromThisRun)
    }

    /// Two sessions on one store file: the history is the store's, so one session's undo takes
    /// back the other's change, and an amend typed against an entry the other changed since
    /// is refused with what it holds now.
    @Test func twoSessionsShareTheHistoryAndAnAmendOfAChangedEntryIsRefused() throws {
        let home = TemporaryDirectory()
        let path = home.file("s.sqlite")
        let first = Session.make(files: OwnFiles(store: .file(path: path)), clock: Fixtures.clock, output: output)
        first.start()
        let secondOutput = CapturedOutput()
        let second = Session.make(
            files: OwnFiles(store: .file(path: path)), clock: Fixtures.clock, output: secondOutput)
        second.start()
        perform("value 75", "save", in: first)
        perform("list", in: second)
        perform("amend 1 note from the first", in: first)

        #expect(perform("amend 1 note from the second", in: second) == [.failed])
        #expect(
            secondOutput.text(of: .err).hasSuffix(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 75.0 kg on 2026-11-29 08:00, note \"from the first\". Type the amend again to change it as it is now.\n"
            ))
        #expect(perform("amend 1 note from the second", "undo", in: second) == [.succeeded, .succeeded])
        #expect(perform("undo", "list", in: first) == [.succeeded, .succeeded])
        #expect(
            output.text(of: .out).hasSuffix(
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
        perform("value 75", "save", "amend 1 value 76")
        perform("undo 1")
        #expect(
            errors.hasPrefix("error: Step 2 (amended #1: value 76.0 kg (was 75.0 kg)) changed entry #1 after step 1"))
        #expect(!errors.contains("pending"), "\(errors)")
        perform("simulate save-failure once", "undo 1", "amend 1 value 80", "simulate off", "retry")
        #expect(errors.hasSuffix("Type \"undo 2\" first. The pending change (undo step 1) was removed.\n"), "\(errors)")
    }
}

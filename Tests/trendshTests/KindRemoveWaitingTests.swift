import Testing
import TrendshTestSupport

/// `measure remove` is refused while a value of the kind waits outside the store: typed in the
/// open draft, or set by an amend kept as pending. Removing the kind then would drop that
/// value without a word; refused, the draft and the pending change keep it, and the kind stays.
@Suite struct KindRemoveWaitingTests {
    @Test func aKindTheOpenDraftHoldsAValueOfStaysAndTheDraftKeepsIt() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run(["measure add neck cm 20 80", "value 75", "neck 38", "measure remove neck", "save"])

        #expect(
            result.stderr.contains(
                "error: The open draft holds a value of \"neck\", so it stays. Save or cancel the draft, or type \"neck\" with no value, first. Nothing was changed."
            ), "\(result.stderr)")
        #expect(result.stdout.contains("Saved #1: 75.0 kg, neck 38.0 cm on "), "the draft kept the value: \(result)")
        let after = shell.run(["neck", "measure remove neck"])
        #expect(after.stderr.contains("1 entry holds a value of \"neck\", so it stays."), "\(after)")
    }

    @Test func aKindAnEmptiedDraftValueNamedIsRemoved() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run(["measure add neck cm 20 80", "value 75", "neck 38", "neck", "measure remove neck"])

        #expect(result.stdout.contains("Removed the kind \"neck\""), "\(result)")
    }

    @Test func aKindAPendingAmendSetsAValueOfStaysUntilTheChangeIsApplied() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run([
            "measure add neck cm 20 80", "value 75", "save", "simulate save-failure once", "amend 1 neck 38",
            "measure remove neck", "retry", "list",
        ])

        #expect(
            result.stderr.contains(
                "error: A pending change sets a value of \"neck\", so it stays. Type \"retry\" to apply it first."),
            "\(result.stderr)")
        #expect(result.stdout.contains("75.0 kg  neck 38.0 cm"), "the pending amend was applied: \(result)")
    }
}

/// An undo or redo takes a kind away as `measure remove` does, and is refused as it is: while
/// the open draft holds a value of the kind, and when the step would bring back values of a
/// kind removed since.
@Suite struct KindUndoWaitingTests {
    @Test func anUndoThatWouldTakeAwayAKindTheOpenDraftHoldsIsRefusedAndTheDraftSaves() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run(["measure add neck cm 20 80", "value 75", "neck 38", "undo", "save", "measure list"])

        #expect(
            result.stderr.contains(
                "error: The open draft holds a value of \"neck\", so step 1 (added the kind \"neck\" (cm, 20.0 to 80.0)) can't be put back; nothing was written."
            ), "\(result.stderr)")
        #expect(result.stdout.contains("Saved #1: 75.0 kg, neck 38.0 cm on "), "\(result)")
        #expect(result.stdout.contains("neck    cm, 20.0 to 80.0, added"), "\(result)")
    }

    @Test func aRedoThatWouldTakeAwayAKindTheOpenDraftHoldsIsRefused() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run([
            "measure add neck cm 20 80", "measure remove neck", "undo", "neck 38", "redo", "show",
        ])

        #expect(
            result.stderr.contains(
                "error: The open draft holds a value of \"neck\", so step 2 (removed the kind \"neck\" (cm, 20.0 to 80.0)) can't be put back; nothing was written."
            ), "\(result.stderr)")
        #expect(result.stdout.contains("  neck:  38 (cm)\n"), "\(result)")
    }

    @Test func undoingAnOlderStepThatHoldsAValueOfAKindRemovedSinceIsRefused() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run([
            "measure add neck cm 20 80", "value 80", "neck 35", "save", "delete 1", "measure remove neck", "undo 3",
            "list",
        ])

        #expect(
            result.stderr.contains(
                "error: Step 3 (deleted #1: 80.0 kg, neck 35.0 on 2026-11-29 08:00) holds a value of \"neck\", a kind that no longer exists, so it can't be put back; nothing was written."
            ), "\(result.stderr)")
        #expect(result.stdout.contains("No entries yet."), "the entry stayed deleted: \(result)")
        let again = shell.run(["measure add neck cm 20 80", "undo 3", "list"])
        #expect(again.stdout.contains("#1  2026-11-29 08:00  80.0 kg  neck 35.0 cm"), "\(again)")
    }
}

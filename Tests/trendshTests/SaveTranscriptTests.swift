import Testing
import TrendshTestSupport

/// Whole sessions piped through the built binary: what a person logs, sees and keeps.
@Suite struct SaveTranscriptTests {
    @Test func aValueAndASavePrintTheSavedEntry() {
        let shell = Shell()
        let result = shell.run(["value 75", "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aFailedSaveFixedAndRetriedWritesExactlyOneEntry() {
        let shell = Shell()
        let first = shell.run(["value abc", "save", "value 75", "save"])
        #expect(first.stdout == lines("value: abc", "value: 75", Fixtures.savedFirst))
        #expect(first.stderr == lines(Fixtures.kilogramsError))
        #expect(first.status == 1)

        let second = shell.run(["list"])
        #expect(second.stdout == lines("#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(second.stderr == "")
        #expect(second.status == 0)
    }

    @Test func aPoundEntryIsShownInPoundsAndStoredInKilograms() throws {
        let shell = Shell()
        let pounds = shell.run(["unit lb", "value 165", "save", "list"])
        #expect(
            pounds.stdout
                == lines(
                    "unit: lb. Weights are now typed and shown in pounds.", "value: 165",
                    "Saved #1: 165.0 lb on 2026-11-29 08:00.", "#1  2026-11-29 08:00  165.0 lb  trend 165.0"))
        #expect(pounds.stderr == "")
        #expect(pounds.status == 0)

        let kilograms = shell.run(["list", "unit kg", "list"])
        #expect(
            kilograms.stdout
                == lines(
                    "#1  2026-11-29 08:00  165.0 lb  trend 165.0",
                    "unit: kg. Weights are now typed and shown in kilograms.",
                    "#1  2026-11-29 08:00  74.8 kg  trend 74.8"))
        #expect(kilograms.status == 0)

        let stored = try storedKilograms(in: shell.storePath)
        #expect(stored.count == 1)
        #expect(abs((stored.first ?? 0) - Fixtures.kilogramsFor165Pounds) < 1e-9)
    }

    @Test func cancelDiscardsTheDraftAndSaysWhatWasDiscarded() {
        let shell = Shell()
        let result = shell.run(["value 75", "note after run", "cancel", "show", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "value: 75", "note: after run",
                    "Discarded the draft (value \"75\", note \"after run\", dated 2026-11-29 08:00).",
                    "No draft is open. Start one with \"new\" or \"value WEIGHT\".", Fixtures.noEntries))
        #expect(result.stderr == lines("error: There is no draft to save. Start one with \"value WEIGHT\"."))
        #expect(result.status == 1)
    }

    @Test func cancelWithNoDraftOpenFails() {
        let shell = Shell()
        let result = shell.run(["cancel"])
        #expect(result.stdout == "")
        #expect(result.stderr == lines("error: There is no draft to cancel."))
        #expect(result.status == 1)
    }

    @Test func savedEntriesAndTheUnitOutliveTheRun() {
        let shell = Shell()
        let first = shell.run(["value 75", "note morning", "save", "unit lb"])
        #expect(first.status == 0)

        let second = shell.run(["list", "unit"])
        #expect(second.stdout == lines("#1  2026-11-29 08:00  165.3 lb  trend 165.3  morning", "unit: lb"))
        #expect(second.stderr == "")
        #expect(second.status == 0)
    }

    @Test func anUnsavedDraftIsRestoredByTheNextRun() {
        let shell = Shell()
        let first = shell.run(["value 75"])
        #expect(first.status == 3)

        let second = shell.run(["save", "list"])
        #expect(
            second.stdout
                == lines(
                    "Restored unsaved draft (new entry): value \"75\", dated 2026-11-29 08:00. Type \"save\" to save it or \"cancel\" to discard it.",
                    Fixtures.savedFirst, "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(second.stderr == "")
        #expect(second.status == 0)
    }

    @Test func editChangesTheEntryAndDeleteRemovesIt() {
        let shell = Shell()
        let result = shell.run([
            "value 75", "save", "edit 1", "show", "value 76.5", "note changed", "save", "list", "delete 1", "list",
        ])
        #expect(
            result.stdout
                == lines(
                    "value: 75", Fixtures.savedFirst,
                    "Editing #1: 75.0 kg on 2026-11-29 08:00. Change its fields, then \"save\" or \"cancel\".",
                    "Edit Entry (editing #1), no unsaved changes", "  value: 75.0 (kg)", "  date:  2026-11-29 08:00",
                    "  note:  (none)", "value: 76.5", "note: changed",
                    "Saved #1: 76.5 kg on 2026-11-29 08:00 (changed).",
                    "#1  2026-11-29 08:00  76.5 kg  trend 76.5  changed",
                    "Deleted #1: 76.5 kg on 2026-11-29 08:00.", Fixtures.noEntries))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func editAndDeleteOfAMissingEntryNameIt() {
        let shell = Shell()
        let result = shell.run(["edit 7", "delete 7"])
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == lines(
                    "error: There is no entry #7. List the entries to see their numbers.",
                    "error: There is no entry #7. List the entries to see their numbers."))
        #expect(result.status == 1)
    }

    @Test func anEditIsSavedInTheNextRunToo() {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let edit = shell.run(["edit #1", "value 74", "save"])
        #expect(edit.status == 0)
        let list = shell.run(["list"])
        #expect(list.stdout == lines("#1  2026-11-29 08:00  74.0 kg  trend 74.0"))
    }

    @Test func changingTheUnitWhileEditingDoesNotChangeTheStoredWeight() throws {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let result = shell.run(["edit 1", "unit lb", "save", "list"])
        #expect(result.stderr == "")
        #expect(
            result.stdout.hasSuffix(
                lines("Entry #1 is unchanged, so nothing was written.", "#1  2026-11-29 08:00  165.3 lb  trend 165.3")))
        #expect(try storedKilograms(in: shell.storePath) == [75])
    }

    @Test func aNewDraftsValueKeepsTheUnitItWasTypedIn() throws {
        let shell = Shell()
        let result = shell.run(["value 80", "unit lb", "save", "list"])
        #expect(result.stderr == "")
        #expect(
            result.stdout.hasSuffix(
                lines("Saved #1: 176.4 lb on 2026-11-29 08:00.", "#1  2026-11-29 08:00  176.4 lb  trend 176.4")))
        #expect(try storedKilograms(in: shell.storePath) == [80])
        #expect(result.status == 0)
    }

    @Test func editingOnlyTheNoteInPoundsKeepsTheWeight() throws {
        let shell = Shell()
        let result = shell.run(["value 75", "save", "unit lb", "edit 1", "note after run", "save", "list"])
        #expect(
            result.stdout.hasSuffix(
                lines(
                    "Saved #1: 165.3 lb on 2026-11-29 08:00 (changed).",
                    "#1  2026-11-29 08:00  165.3 lb  trend 165.3  after run")))
        #expect(try storedKilograms(in: shell.storePath) == [75])
    }
}

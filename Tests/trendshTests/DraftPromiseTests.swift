import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the draft promises on paths a new user meets (issue 9, points 4 to 7): a restored
/// draft that was already saved is closed, the exit status counts only this run's work,
/// an entry under an open draft is not deleted, a prefilled value saves back exactly, and an
/// unchanged edit writes nothing.
@Suite struct DraftPromiseTests {
    @Test func aRestoredDraftThatWasAlreadySavedIsClosedNotRestored() throws {
        let shell = Shell()
        _ = shell.run(["value 75"])
        let draftPath = shell.storePath + ".draft"
        let kept = try #require(fileBytes(draftPath))
        _ = shell.run(["save"])
        // As if killed after the commit and before the draft file was cleared.
        try shell.home.write(kept, to: "s.sqlite.draft")

        let result = shell.run(["list"])

        #expect(!result.stdout.contains("Restored unsaved draft"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "The draft left by an earlier session had already been saved as #1, so it was closed."))
        #expect(result.status == 0)
        #expect(try OtherProgram(path: shell.storePath).entries().count == 1)
        #expect(shell.run(["status"]).stdout.contains("draft: none"))
    }

    @Test func aRestoredEditThatWasAlreadySavedIsClosedToo() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        _ = shell.run(["edit 1", "value 76"])
        let kept = try #require(fileBytes(shell.storePath + ".draft"))
        _ = shell.run(["save"])
        try shell.home.write(kept, to: "s.sqlite.draft")

        let result = shell.run(["list"])

        #expect(result.stdout.contains("had already been saved as #1, so it was closed."), "\(result.stdout)")
        #expect(result.stdout.contains("#1  2026-11-29 08:00  76.0 kg"))
    }

    @Test func aRestoredDraftLeftUntouchedDoesNotMakeTheRunExitThree() {
        let shell = Shell()
        _ = shell.run(["value 75"])

        let result = shell.run(["list"])

        #expect(result.stdout.contains("Restored unsaved draft (new entry): value \"75\""))
        #expect(
            result.stderr
                == lines(
                    "note: The restored draft (value \"75\", dated 2026-11-29 08:00) is still waiting in the draft file; this run did not change it."
                ))
        #expect(result.status == 0)
    }

    @Test func aRestoredDraftThisRunChangedDoesExitThree() {
        let shell = Shell()
        _ = shell.run(["value 75"])
        let result = shell.run(["note changed"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("The session ended with unsaved changes in the draft"))
    }

    @Test func anEntryOpenInTheDraftIsNotDeleted() throws {
        let shell = Shell()
        let result = shell.run(["value 75", "save", "edit 1", "note x", "delete 1", "save"])
        #expect(
            result.stderr
                == lines(
                    "error: Entry #1 is open in the draft, so it was not deleted. Save or cancel the draft first, then delete it."
                ))
        #expect(result.stdout.hasSuffix("Saved #1: 75.0 kg on 2026-11-29 08:00 (changed).\n"))
        #expect(try OtherProgram(path: shell.storePath).entries().count == 1)
    }

    @Test func aTwentyKilogramEntrySavesBackInPounds() throws {
        let shell = Shell()
        let result = shell.run(["value 20", "save", "unit lb", "edit 1", "note n", "save"])
        #expect(result.stderr == "", "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Saved #1: 44.1 lb on 2026-11-29 08:00 (changed).\n"))
        #expect(try OtherProgram(path: shell.storePath).entries().map(\.kilograms) == [20])
    }

    @Test func anEditSavedWithNothingChangedWritesNothing() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        let before = try OtherProgram(path: shell.storePath).integer("SELECT revision FROM entries WHERE id = 1")

        let result = shell.run(["edit 1", "save"])

        #expect(result.stdout.hasSuffix("Entry #1 is unchanged, so nothing was written.\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("(changed)"))
        #expect(try OtherProgram(path: shell.storePath).integer("SELECT revision FROM entries WHERE id = 1") == before)
        #expect(result.status == 0)
    }

    @Test func aDraftFileFromTheFirstVersionStillRestores() throws {
        let shell = Shell()
        let legacy =
            #"{"draft":{"id":"legacy-draft","date":817632000,"value":"76","note":"old file"},"unit":"kg"}"# + "\n"
        try shell.home.write(Array(legacy.utf8), to: "s.sqlite.draft")

        let result = shell.run(["save"])

        #expect(result.stdout.contains("Restored unsaved draft (new entry): value \"76\", note \"old file\""))
        #expect(result.stdout.contains("Saved #1: 76.0 kg on 2026-11-29 08:00."), "\(result.stdout)")
        #expect(try OtherProgram(path: shell.storePath).entries().first?.draftID == "legacy-draft")
    }
}

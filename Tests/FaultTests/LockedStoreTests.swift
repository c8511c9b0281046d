import Testing
import TrendshTestSupport

/// Another program holds the store's write lock: the save waits, fails honestly, and the
/// draft survives into the next session, whose save writes the entry once.
@Suite struct LockedStoreTests {
    @Test func saveWhileAnotherProgramHoldsTheLockFailsAndTheRestoredDraftSavesOnce() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let otherProgram = try OtherProgram(path: fixture.storePath)
        try otherProgram.execute("BEGIN IMMEDIATE")

        let locked = fixture.run(["value 75", "save", "show"])

        #expect(locked.stderr.contains("error: " + Fixtures.Sentence.locked))
        #expect(locked.stderr.contains(Fixtures.Sentence.draftKept))
        #expect(!locked.stdout.contains("Saved"))
        #expect(locked.stdout.contains("  value: 75 (kg)"))
        #expect(locked.stdout.contains("  last save failed: " + Fixtures.Sentence.locked))
        #expect(locked.status == 1)
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?["value"] == "75")

        try otherProgram.execute("ROLLBACK")
        otherProgram.close()
        let retry = fixture.run(["save"])

        #expect(retry.stdout.contains(#"Restored unsaved draft (new entry): value "75", dated 2026-11-29 08:00."#))
        #expect(retry.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        #expect(retry.stderr.isEmpty)
        #expect(retry.status == 0)
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(try fixture.integrity() == "ok")
        #expect(Fixtures.draftOnDisk(fixture.draftPath) == nil)
    }

    @Test func lockReleasedDuringTheSessionLetsTheNextSaveThrough() throws {
        let fixture = try StoreFixture()
        let shell = fixture.start()
        try shell.run(["value 80"])
        let otherProgram = try OtherProgram(path: fixture.storePath)
        try otherProgram.execute("BEGIN IMMEDIATE")

        let locked = try shell.run(["save"])
        try otherProgram.execute("ROLLBACK")
        let retry = try shell.run(["save"])
        let end = shell.finish()

        #expect(locked.stderr.contains(Fixtures.Sentence.locked))
        #expect(!locked.stdout.contains("Saved"))
        #expect(retry.stdout.contains("Saved #1: 80.0 kg on \(Fixtures.minute)."))
        #expect(end.status == 1, "a failed command makes the exit status 1 even after a successful retry")
        #expect(try fixture.entries().map(\.kilograms) == [80])
        #expect(try fixture.integrity() == "ok")
    }
}

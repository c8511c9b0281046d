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

/// Another program holds the store in `locking_mode=EXCLUSIVE`, so no connection can even
/// read it. Starting does not wait for it: commands that need no store (help, settings, the
/// draft) answer at once, and only store commands wait, each for the documented timeout.
@Suite struct ExclusivelyHeldStoreTests {
    /// Holds the store as `PRAGMA locking_mode = EXCLUSIVE` and a write transaction do.
    static func holdExclusively(_ path: String) throws -> OtherProgram {
        let holder = try OtherProgram(path: path)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("INSERT INTO entries (taken_at, kilograms) SELECT taken_at, kilograms FROM entries LIMIT 0")
        return holder
    }

    @Test func helpAndSettingsAnswerBeforeTheStoreIsReadAndTheFirstStoreCommandReadsItOnceReleased() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["value 75", "save"]).status == 0)
        let holder = try Self.holdExclusively(fixture.storePath)

        let shell = fixture.start()
        let answered = try shell.run(["help unit", "unit"])
        // The store was never read before these answers: once it is released, the first
        // command that reads it finds the entry, though nothing committed in between.
        try holder.execute("ROLLBACK")
        holder.close()
        let listed = try shell.run(["list"])
        _ = shell.finish()

        #expect(answered.stdout.contains("unit: kg\n"))
        #expect(answered.stderr == "")
        #expect(listed.stdout.contains("#1  2026-11-29 08:00  75.0 kg"), "\(listed)")
        #expect(listed.stderr == "")
    }

    @Test func aStoreCommandWhileTheStoreIsHeldFailsOnceAndTheSessionGoesOn() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["value 75", "save"]).status == 0)
        let holder = try Self.holdExclusively(fixture.storePath)

        let result = fixture.run(["unit", "list", "settings"])
        holder.close()

        #expect(result.stdout.hasPrefix("unit: kg\n"))
        #expect(result.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("error:") }.count == 1)
        #expect(result.stderr.contains(Fixtures.Sentence.locked))
        #expect(result.stdout.contains("unit"))
    }

    @Test func aDraftRestoredWhileTheStoreWasHeldIsCheckedAtTheFirstStoreCommand() throws {
        let fixture = try StoreFixture()
        // A draft whose save landed, left in the draft file as a kill after the commit leaves it.
        let start = fixture.start()
        try start.run(["value 75"])
        let kept = try #require(fileBytes(fixture.draftPath))
        try start.run(["save"])
        _ = start.finish()
        try #require(writeFile(fixture.draftPath, kept))
        let holder = try Self.holdExclusively(fixture.storePath)

        let shell = fixture.start()
        let shown = try shell.run(["show"])
        try holder.execute("ROLLBACK")
        holder.close()
        let listed = try shell.run(["list"])
        _ = shell.finish()

        #expect(shown.stdout.contains("Restored unsaved draft (new entry): value \"75\""), "\(shown)")
        #expect(
            listed.stdout.contains(
                "The draft left by an earlier session had already been saved as #1, so it was closed.\n"),
            "\(listed)")
        #expect(try fixture.entries().count == 1)
    }
}

import Testing
import TrendshTestSupport

/// After an I/O error a commit may sit in the log without being on the disk, so the next
/// commit counts only once a full checkpoint has synced the log and the store file; a
/// checkpoint that fails after the commit leaves the change unconfirmed, never "nothing was
/// written", and the retry writes it once.
@Suite struct DurabilityAfterIOErrorTests {
    /// The sentence for a change that was committed but that the disk has not confirmed.
    static let unconfirmed =
        "The change was written, but the disk has not confirmed it. Try again to check it; it will not be written twice."

    /// The entries the store file holds by itself, read from a copy of it without its log:
    /// what a checkpoint has copied into the file, and nothing that is only in the log.
    static func entriesInTheStoreFileAlone(_ fixture: StoreFixture) throws -> [Double] {
        let copy = fixture.directory.file("alone.sqlite")
        try Disk.write(try #require(Disk.read(fixture.storePath)), to: copy)
        return try OtherProgram(path: copy).entries().map(\.kilograms)
    }

    /// A store with entry #1 (74 kg), a live session on it under the fault shim, and that
    /// session's save of 75 kg failed by a sync that the shim failed (the shim still armed).
    static func sessionAfterAFailedSync(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        fixture: StoreFixture, shim: FaultShim, shell: LiveShell
    ) {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        try fixture.seedEntry("74")
        let shell = fixture.start(environment: shim.environment)
        try shell.run(["list"])

        try shim.arm(.syncError)
        let failed = try shell.run(["value 75", "save"])
        #expect(
            failed.stderr.contains("error: " + Fixtures.Sentence.ioError), "\(failed)", sourceLocation: sourceLocation)
        return (fixture, shim, shell)
    }

    @Test func afterAFailedSyncTheNextSaveIsCheckpointedIntoTheStoreFileBeforeItIsCalledSaved() throws {
        let (fixture, shim, shell) = try Self.sessionAfterAFailedSync()
        try shim.disarm()
        #expect(shim.injectedFaults > 0, "the shim failed no sync, so nothing was tested")

        let retried = try shell.run(["save"])
        // Read while the session still runs: closing would checkpoint the log anyway.
        let alone = try Self.entriesInTheStoreFileAlone(fixture)
        let later = try shell.run(["value 76", "save"])
        let laterAlone = try Self.entriesInTheStoreFileAlone(fixture)
        shell.finish()

        #expect(retried.stdout.contains("Saved #2: 75.0 kg on \(Fixtures.minute)."), "\(retried)")
        #expect(alone == [74, 75], "the save called saved is in the store file itself, not only in its log")
        #expect(later.stdout.contains("Saved #3: 76.0 kg on \(Fixtures.minute)."), "\(later)")
        #expect(laterAlone == [74, 75], "once durability is proven, saves go to the log as usual")
        #expect(try fixture.entries().map(\.kilograms) == [74, 75, 76])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func aCheckpointThatFailsAfterTheCommitLeavesTheSaveUnconfirmedAndTheRetryWritesItOnce() throws {
        let (fixture, shim, shell) = try Self.sessionAfterAFailedSync()
        // The log syncs again, the store file does not: the retry commits, its checkpoint fails.
        try shim.arm(.storeFileSyncError)
        let faultsBefore = shim.injectedFaults
        let unconfirmed = try shell.run(["save", "show"])
        #expect(shim.injectedFaults > faultsBefore, "the checkpoint's sync of the store file was failed")
        try shim.disarm()
        let retried = try shell.run(["save", "list"])
        let end = shell.finish()

        #expect(unconfirmed.stderr.contains("error: " + Self.unconfirmed), "\(unconfirmed)")
        #expect(!unconfirmed.stderr.contains("nothing was written"), "\(unconfirmed)")
        #expect(!unconfirmed.stderr.contains(Fixtures.Sentence.ioError), "\(unconfirmed)")
        #expect(!unconfirmed.stdout.contains("Saved"))
        #expect(unconfirmed.stdout.contains("  value: 75 (kg)"), "the draft is kept: \(unconfirmed)")
        #expect(
            retried.stdout.contains(
                "Saved #2: 75.0 kg on \(Fixtures.minute) (an earlier attempt had already saved it; nothing new was written)."
            ), "\(retried)")
        #expect(end.status == 1, "the failed saves fail the piped run")
        #expect(try fixture.entries().map(\.kilograms) == [74, 75], "written exactly once")
        #expect(try fixture.integrity() == "ok")
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A write waits up to the documented 3 seconds for another program's lock (docs/guide.md,
/// "When storage fails"). Another process holds the lock: let go after about a second, the
/// waiting save goes through; held on, the save fails, and not before the 3 seconds are up.
/// Only lower bounds and outcomes are asserted, and the release follows a handshake, not a
/// guess: the first test has two seconds to spare, and fails under load only if this process
/// stalls that long between its one-second sleep and the release.
@Suite struct LockWaitLengthTests {
    /// The wait the guide documents.
    static let documentedWait: Duration = .seconds(3)

    /// A session with `value 75` typed, and another program holding the store's write lock.
    static func draftWithTheLockHeldElsewhere() throws -> (StoreFixture, LiveShell, OtherProgram) {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let shell = fixture.start()
        try shell.run(["value 75"])
        let otherProgram = try OtherProgram(path: fixture.storePath)
        try otherProgram.execute("BEGIN IMMEDIATE")
        return (fixture, shell, otherProgram)
    }

    @Test func aLockReleasedAfterAboutASecondLetsTheWaitingSaveSucceed() throws {
        let (fixture, shell, otherProgram) = try Self.draftWithTheLockHeldElsewhere()

        // `list` reads the store, so its output is flushed before trendsh reads the next line:
        // once it shows, the `save` sent with it is asking for the lock.
        shell.send(["list", "save"])
        try shell.waitForStoreCommand("list")
        let handshake = ContinuousClock.now
        usleep(1_000_000)
        try otherProgram.execute("ROLLBACK")
        let saved = try shell.run([])
        let answered = ContinuousClock.now
        let end = shell.finish()

        #expect(saved.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."), "\(saved)")
        #expect(!saved.stderr.contains(Fixtures.Sentence.locked))
        #expect(answered - handshake >= .seconds(1), "the save was answered only after the lock was let go")
        #expect(end.status == 0)
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(Fixtures.draftOnDisk(fixture.draftPath) == nil)
    }

    @Test func aLockHeldLongerFailsTheSaveNoSoonerThanTheDocumentedWait() throws {
        let (fixture, shell, otherProgram) = try Self.draftWithTheLockHeldElsewhere()

        let sent = ContinuousClock.now
        let locked = try shell.run(["save"])
        let answered = ContinuousClock.now
        try otherProgram.execute("ROLLBACK")
        otherProgram.close()
        let after = try shell.run(["show"])
        let end = shell.finish()

        #expect(locked.stderr.contains("error: " + Fixtures.Sentence.locked), "\(locked)")
        #expect(!locked.stdout.contains("Saved"))
        #expect(answered - sent >= Self.documentedWait, "gave up after \(answered - sent)")
        #expect(after.stdout.contains("  value: 75 (kg)"))
        #expect(end.status == 1)
        #expect(try fixture.entries().isEmpty)
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?["value"] == "75")
    }
}

extension LiveShell {
    /// Waits until the echo of `command` and everything it printed have reached standard
    /// output: trendsh flushes its output after each command that reads the store.
    fileprivate func waitForStoreCommand(_ command: String) throws {
        let echo = Array("trendsh> \(command)\n".utf8)
        try process.readUntil { $0.stdoutSoFar.contains(echo, from: $0.stdoutTaken) }
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A settings change takes `<store>.settings.lock` for its read, merge and write, and waits up
/// to the documented 3 seconds for another session that holds it (docs/guide.md, settings).
/// Here this test process holds the lock, as another session would. Only lower bounds and
/// outcomes are asserted; the release follows a handshake, as in `LockWaitLengthTests`.
@Suite struct SettingsLockTests {
    /// The wait the guide documents.
    static let documentedWait: Duration = .seconds(3)

    /// Takes the settings lock of the fixture's store; closing the descriptor lets it go.
    static func holdSettingsLock(_ fixture: StoreFixture) throws -> Int32 {
        let lock = open(fixture.storePath + ".settings.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw SystemCallFailure(call: "open", errno: errno) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw SystemCallFailure(call: "flock", errno: errno) }
        return lock
    }

    @Test func aSettingsLockHeldThroughoutFailsTheChangeNoSoonerThanTheDocumentedWaitAndChangesNothing() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["set chart-style ascii"]).status == 0)
        let settingsPath = fixture.storePath + ".settings"
        let before = Disk.read(settingsPath)
        let lock = try Self.holdSettingsLock(fixture)
        defer { close(lock) }

        let sent = ContinuousClock.now
        let result = LiveShell.run(
            arguments: fixture.arguments() + ["-c", "unit lb"], input: "", environment: fixture.environment())
        let answered = ContinuousClock.now

        #expect(
            result.stderr.contains(
                "error: Another session is changing the settings and holds their lock \(settingsPath).lock, so the setting is unchanged. Try again in a moment."
            ), "\(result)")
        #expect(!result.stdout.contains("Weights are now"))
        #expect(result.status == 1)
        #expect(answered - sent >= Self.documentedWait, "gave up after \(answered - sent)")
        #expect(Disk.read(settingsPath) == before)
    }

    @Test func aSettingsLockLetGoAfterAboutASecondLetsTheWaitingChangeThrough() throws {
        let fixture = try StoreFixture()
        let shell = fixture.start()
        try shell.run([])
        let lock = try Self.holdSettingsLock(fixture)

        // `list` reads the store, so its output is flushed before trendsh reads the next line:
        // once it shows, the `unit lb` sent with it is asking for the settings lock.
        shell.send(["list", "unit lb"])
        try shell.waitForEcho(of: "list")
        let handshake = ContinuousClock.now
        usleep(1_000_000)
        close(lock)
        let changed = try shell.run([])
        let answered = ContinuousClock.now
        let end = shell.finish()

        #expect(changed.stdout.contains("unit: lb. Weights are now typed and shown in pounds."), "\(changed)")
        #expect(answered - handshake >= .seconds(1), "the change was answered only after the lock was let go")
        #expect(end.status == 0)
        #expect((Disk.text(fixture.storePath + ".settings") ?? "").contains("unit = lb\n"))
    }
}

extension LiveShell {
    /// Waits until the echo of `command` and everything it printed have reached standard
    /// output: trendsh flushes its output after each command that reads the store.
    fileprivate func waitForEcho(of command: String) throws {
        let echo = Array("trendsh> \(command)\n".utf8)
        try process.readUntil { $0.stdoutSoFar.contains(echo, from: $0.stdoutTaken) }
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A full disk never costs the draft a person typed, and every message says truly where a
/// copy of it is (issue 9, point 3). Real tmpfs disks, filled to the last byte.
@Suite struct FullDiskDraftTests {
    static let minute = "2026-11-29 08:00"

    func run(_ store: String, _ lines: [String], home: TemporaryDirectory) -> RunResult {
        LiveShell.run(
            arguments: ["--store", store, "--now", Fixtures.now], input: lines.map { $0 + "\n" }.joined(),
            environment: TrendshProcess.environment(home: home.path))
    }

    @Test func aDraftFileMadeBeforeTheDiskFilledKeepsEveryEdit() throws {
        let disk = try SmallDisk(kilobytes: 512)
        let home = TemporaryDirectory()
        let store = disk.path + "/s.sqlite"
        #expect(run(store, ["list"], home: home).status == 0)
        try disk.fill()

        let full = run(store, ["value 76", "note on a full disk", "save", "status"], home: home)

        #expect(!full.stdout.contains("Saved"), "\(full.stdout)")
        #expect(full.stderr.contains("The draft is kept"), "\(full.stderr)")
        #expect(!full.stderr.contains("could not be written to \(store).draft"), "\(full.stderr)")
        #expect(
            full.stderr.contains(
                "The session ended with unsaved changes in the draft; it was not saved. The draft file keeps it, and the next trendsh on this log restores it."
            ), "\(full.stderr)")

        disk.free()
        let next = run(store, ["save"], home: home)

        #expect(
            next.stdout.contains(
                "Restored unsaved draft (new entry): value \"76\", note \"on a full disk\", dated \(Self.minute)."),
            "\(next.stdout)\(next.stderr)")
        #expect(next.stdout.contains("Saved #1: 76.0 kg on \(Self.minute)."))
    }

    @Test func withNoRoomForADraftFileTheSessionSaysNoCopyIsOnDisk() throws {
        let disk = try SmallDisk(kilobytes: 512)
        let home = TemporaryDirectory()
        let store = disk.path + "/s.sqlite"
        #expect(run(store, ["list"], home: home).status == 0)
        unlink(store + ".draft")
        try disk.fill()

        let full = run(store, ["value 76", "note on a full disk", "save"], home: home)

        #expect(
            full.stderr.contains(
                "error: The draft could not be written to \(store).draft: no space left on device. The draft is kept in memory only; no copy of it is on disk. Save it soon."
            ), "\(full.stderr)")
        #expect(!full.stderr.contains("The draft file keeps it"), "\(full.stderr)")
        #expect(
            full.stderr.contains(
                "The session ended with unsaved changes in the draft; it was not saved. No copy of it is on disk: \(store).draft could not be written."
            ), "\(full.stderr)")

        disk.free()
        let next = run(store, ["show"], home: home)
        #expect(next.stdout.contains("No draft is open."), "what the session said was true: \(next.stdout)")
    }

    @Test func aDraftWriteThatFailsKeepsTheVersionBeforeIt() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        let shell = fixture.start(environment: shim.environment)
        try shell.run(["value 75"])
        try shim.arm(.draftWriteError)

        let failed = try shell.run(["note lost in the fault"])

        #expect(shim.injectedFaults > 0)
        #expect(
            failed.stderr.contains(
                "The draft is kept in memory; the draft file still holds the version before (value \"75\", dated \(Self.minute))."
            ), "\(failed.stderr)")
        shell.finish(killingWith: SIGKILL)
        try shim.disarm()

        let next = fixture.run(["show"])
        #expect(next.stdout.contains("Restored unsaved draft (new entry): value \"75\", dated \(Self.minute)."))
        #expect(next.stdout.contains("  note:  (none)"), "the earlier version, exactly as the message said")
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A draft file that cannot be written is an error the person sees, never ignored; the
/// draft stays in memory, the message says no copy of it is on disk, and it still saves.
@Suite struct DraftFileFaultTests {
    @Test func aDraftFileThatIsASymbolicLinkIsReportedNeverWrittenAndTheDraftStillSaves() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        // No room for a new draft file: its folder is read-only to the session. Root ignores
        // modes, so the draft file's name is taken by a dangling symbolic link instead,
        // which trendsh refuses to write through.
        unlink(fixture.draftPath)
        guard symlink(fixture.directory.file("elsewhere"), fixture.draftPath) == 0 else {
            throw SystemCallFailure(call: "symlink", errno: errno)
        }
        let shell = fixture.start()

        let edited = try shell.run(["value 75", "show", "status"])

        #expect(
            edited.stderr.contains(
                "error: The draft file \(fixture.draftPath) could not be read (it is a symbolic link, which trendsh never writes through); it was left in place. Move it aside to silence this."
            ), "\(edited.stderr)")
        #expect(edited.stdout.contains("draft file: in memory only: \(fixture.draftPath) could not be read"))
        #expect(edited.stdout.contains("  value: 75 (kg)"), "the draft is still open")
        #expect(!fileExists(fixture.directory.file("elsewhere")), "nothing was written through the link")

        let saved = try shell.run(["save"])
        let end = shell.finish()

        #expect(saved.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."), "\(saved)")
        #expect(end.status == 1, "a draft file that could not be read fails a piped run")
        #expect(try fixture.entries().map(\.kilograms) == [75])
    }
}

/// A draft file from trendsh 0.1 is rebuilt in the new format at the first write. The rebuild
/// replaces the old file whole, with the draft in it, so no failed or torn write, then or
/// after, can leave a file that holds no draft.
@Suite struct RebuiltDraftFileFaultTests {
    /// A 0.1 draft file (JSON): 75 kg, dated 2026-11-28 08:00 UTC (seconds since 2001).
    static let draft01 = #"{"draft":{"id":"draft-01","date":817545600.0,"value":"75","note":""}}"#

    @Test func aFailedWriteAfterA01DraftWasRebuiltLeavesTheRebuiltDraftForTheNextSession() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        try Disk.write(Self.draft01, to: fixture.draftPath)
        let shim = try FaultShim.build(in: fixture.directory)
        // Every write into the draft file in place fails; a new file beside it is not touched.
        try shim.arm(.draftWriteError)

        // Lines that arrive together write the draft file with the next command that reads the
        // store, or once the input is read: `status` makes the first edit its own write (the
        // rebuild), so that the second is a write into the rebuilt file.
        let edited = fixture.run(["note after run", "status", "value 76", "show"], environment: shim.environment)
        try shim.disarm()
        let next = fixture.run(["show"])

        #expect(edited.stdout.contains("Restored unsaved draft"), "\(edited)")
        #expect(shim.injectedFaults > 0, "a write into the draft file failed")
        #expect(edited.stdout.contains("  value: 76 (kg)"), "the session keeps the draft as typed: \(edited)")
        #expect(
            edited.stderr.contains(
                "the draft file still holds the version before (value \"75\", note \"after run\", dated 2026-11-28 08:00)."
            ), "what the session says is on disk is: \(edited)")
        #expect(next.stdout.contains("Restored unsaved draft"), "\(next)")
        #expect(next.stdout.contains("  value: 75 (kg)"), "the copy before the failed write: \(next)")
        #expect(next.stdout.contains("  note:  after run"), "the rebuild wrote the first edit: \(next)")
    }
}

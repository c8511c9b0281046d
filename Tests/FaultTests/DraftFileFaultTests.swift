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

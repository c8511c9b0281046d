import Testing

/// A draft file that cannot be written is an error the person sees, never ignored; the
/// draft stays in memory and still saves.
@Suite struct DraftFileFaultTests {
    @Test func aDraftFileThatCannotBeWrittenIsReportedAndTheDraftStillSaves() throws {
        let fixture = try StoreFixture()
        let shell = fixture.start()
        try shell.run(["status"])
        // A folder where the draft file belongs: opening it for writing fails (EISDIR).
        try Disk.makeFolder(fixture.draftPath)

        let edited = try shell.run(["value 75", "show"])

        #expect(
            edited.stderr.contains(
                "error: The draft could not be kept on disk at \(fixture.draftPath): is a directory. It is kept in memory only; save it soon."
            ), "\(edited.stderr)")
        #expect(edited.stdout.contains("  value: 75 (kg)"), "the draft is still open")

        let saved = try shell.run(["save"])
        let end = try shell.finish()

        #expect(saved.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."), "\(saved)")
        #expect(end.status == 1, "the failed draft write counts as a failed command")
        #expect(try fixture.entries().map(\.kilograms) == [75])
    }
}

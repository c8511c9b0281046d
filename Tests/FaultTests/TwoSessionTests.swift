import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two sessions on one store: the second keeps its draft in memory and says so; the first
/// session's draft file is never touched.
@Suite struct TwoSessionTests {
    @Test func secondSessionKeepsItsDraftInMemoryAndLeavesTheFirstOnesFileAlone() throws {
        let fixture = try StoreFixture()
        let first = fixture.start()
        try first.run(["value 71", "note first session"])
        let firstDraft = try #require(Disk.read(fixture.draftPath))
        let firstDraftFile = Disk.inode(fixture.draftPath)

        let second = fixture.run(["value 72", "note second session", "status", "save"])

        #expect(second.stderr.contains("warning: " + Fixtures.Sentence.otherSession))
        #expect(
            second.stdout.contains("draft file: in memory only: another trendsh session is using \(fixture.draftPath)"))
        #expect(second.stdout.contains("Saved #1: 72.0 kg on \(Fixtures.minute)."))
        #expect(
            !second.stdout.contains("Restored unsaved draft"), "the second session does not take the first one's draft")
        #expect(Disk.read(fixture.draftPath) == firstDraft)
        #expect(Disk.inode(fixture.draftPath) == firstDraftFile, "the first session's draft file was not replaced")

        let firstSave = try first.run(["save"])
        first.finish()

        #expect(firstSave.stdout.contains("Saved #2: 71.0 kg on \(Fixtures.minute)."))
        #expect(try fixture.entries().map(\.kilograms) == [72, 71])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func draftOfAKilledFirstSessionIsRestoredByTheNextOne() throws {
        let fixture = try StoreFixture()
        let first = fixture.start()
        try first.run(["value 71"])
        let second = fixture.run(["value 72"])
        first.finish(killingWith: SIGKILL)

        let third = fixture.run(["save"])

        #expect(second.stderr.contains(Fixtures.Sentence.otherSession))
        #expect(third.stdout.contains(#"Restored unsaved draft (new entry): value "71""#))
        #expect(third.stdout.contains("Saved #1: 71.0 kg on \(Fixtures.minute)."))
        #expect(!third.stderr.contains(Fixtures.Sentence.otherSession), "the killed session's lock is gone")
        #expect(try fixture.entries().map(\.kilograms) == [71])
    }
}

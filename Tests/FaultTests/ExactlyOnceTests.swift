import Testing
import TrendKit

/// A kill between the commit and closing the draft leaves the draft in the draft file. The
/// next session asks the store first: a draft that was already saved is closed and named,
/// never restored as if it were unsaved, and never written twice (issue 9, point 4).
@Suite struct ExactlyOnceTests {
    @Test func aRestoredDraftThatWasAlreadySavedIsClosedAndWritesNothingNew() throws {
        let fixture = try StoreFixture()
        let typed = fixture.run(["value 75", "note after run"])
        try #require(typed.status == 3, "the draft is left unsaved: \(typed.stderr)")
        let draftBeforeTheSave = try #require(Disk.read(fixture.draftPath))

        let saved = fixture.run(["save"])
        try #require(saved.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        try #require(Fixtures.draftOnDisk(fixture.draftPath) == nil)
        // As if the kill had landed after the commit, before the draft file was cleared.
        try Disk.write(draftBeforeTheSave, to: fixture.draftPath)

        let again = fixture.run(["list"])

        #expect(!again.stdout.contains("Restored unsaved draft"), "\(again.stdout)")
        #expect(
            again.stdout.contains(
                "The draft left by an earlier session had already been saved as #1, so it was closed."))
        #expect(again.status == 0, "nothing this run made is unsaved")
        #expect(try fixture.entries().count == 1)
        #expect(Fixtures.draftOnDisk(fixture.draftPath) == nil, "the closed draft is gone from the file")
        #expect(try fixture.integrity() == "ok")
    }

    @Test func aValueTypedAfterTheClosedDraftStartsANewOne() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 75"])
        let draftBeforeTheSave = try #require(Disk.read(fixture.draftPath))
        try #require(fixture.run(["save"]).stdout.contains("Saved #1:"))
        try Disk.write(draftBeforeTheSave, to: fixture.draftPath)

        let next = fixture.run(["value 76", "save"])

        #expect(next.stdout.contains("had already been saved as #1, so it was closed."), "\(next.stdout)")
        #expect(next.stdout.contains("Saved #2: 76.0 kg on \(Fixtures.minute)."), "\(next.stdout)")
        #expect(try fixture.entries().map(\.kilograms) == [75, 76])
        #expect(try fixture.integrity() == "ok")
    }
}

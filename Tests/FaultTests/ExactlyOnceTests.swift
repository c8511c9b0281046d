import Testing

/// A kill between the commit and the `Saved` line leaves the draft file behind; saving that
/// restored draft again must find the entry, not write a second one.
@Suite struct ExactlyOnceTests {
    @Test func restoredDraftOfAnAlreadySavedEntryWritesNothingNew() throws {
        let fixture = try StoreFixture()
        let typed = fixture.run(["value 75", "note after run"])
        try #require(typed.status == 3, "the draft is left unsaved: \(typed.stderr)")
        let draftBeforeTheSave = try #require(Disk.read(fixture.draftPath))

        let saved = fixture.run(["save"])
        try #require(saved.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        try #require(!Disk.exists(fixture.draftPath))
        // As if the kill had landed after the commit, before the draft file was removed.
        try Disk.write(draftBeforeTheSave, to: fixture.draftPath)

        let again = fixture.run(["save", "list"])

        #expect(again.stdout.contains(#"Restored unsaved draft (new entry): value "75", note "after run""#))
        #expect(
            again.stdout.contains(
                "Saved #1: 75.0 kg on \(Fixtures.minute) (an earlier attempt had already saved it; nothing new was written)."
            ))
        #expect(again.status == 0)
        #expect(try fixture.entries().count == 1)
        #expect(!Disk.exists(fixture.draftPath))
        #expect(try fixture.integrity() == "ok")
    }

    @Test func restoredDraftChangedAfterItsUnacknowledgedSaveUpdatesTheSameEntry() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 75"])
        let draftBeforeTheSave = try #require(Disk.read(fixture.draftPath))
        try #require(fixture.run(["save"]).stdout.contains("Saved #1:"))
        try Disk.write(draftBeforeTheSave, to: fixture.draftPath)

        let changed = fixture.run(["value 76", "save"])

        #expect(changed.stdout.contains("Saved #1: 76.0 kg on \(Fixtures.minute) (changed)."), "\(changed.stdout)")
        #expect(try fixture.entries().map(\.kilograms) == [76])
        #expect(try fixture.integrity() == "ok")
    }
}

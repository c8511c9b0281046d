import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Two real sessions on one store never lose each other's saved work (issue 9, point 1): a
/// session sees what another committed, and an edit or delete of an entry that changed
/// since this session read it is refused, saying what the entry holds now.
@Suite struct TwoSessionConflictTests {
    static let minute = "2026-11-29 08:00"

    func stored(_ fixture: StoreFixture) throws -> [[String?]] {
        try OtherProgram(path: fixture.storePath).rows("SELECT id, kilograms, note, revision FROM entries ORDER BY id")
    }

    @Test func aSessionShowsWhatAnotherSessionSaved() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 70", "note original", "save"])
        let a = fixture.start()
        let b = fixture.start()
        try b.run(["list"])

        try a.run(["edit 1", "value 90", "save"])
        let listed = try b.run(["list"])

        #expect(listed.stdout.contains("#1  \(Self.minute)  90.0 kg  trend 90.0  original"), "\(listed.stdout)")
        a.finish()
        b.finish()
    }

    @Test func anEditOfAnEntryAnotherSessionChangedIsRefusedThenOverwritesKnowingly() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 70", "note original", "save"])
        let a = fixture.start()
        let b = fixture.start()
        try b.run(["edit 1", "note typo fixed"])
        try a.run(["edit 1", "value 90", "save"])

        let refused = try b.run(["save"])

        #expect(
            refused.stderr.contains(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 90.0 kg on \(Self.minute), note \"original\". The draft is kept; type \"save\" again to overwrite the entry with it."
            ), "\(refused.stderr)")
        #expect(!refused.stdout.contains("Saved"))
        #expect(try stored(fixture) == [["1", "90.0", "original", "2"]], "A's save is still there")

        let overwritten = try b.run(["save"])

        #expect(overwritten.stdout.contains("Saved #1: 70.0 kg on \(Self.minute) (changed)."), "\(overwritten)")
        #expect(try stored(fixture) == [["1", "70.0", "typo fixed", "3"]])
        a.finish()
        b.finish()
        #expect(try fixture.integrity() == "ok")
    }

    @Test func aDeleteOfAnEntryChangedSinceItWasShownIsRefused() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 70", "save"])
        let a = fixture.start()
        let b = fixture.start()
        try b.run(["list"])
        try a.run(["edit 1", "value 90", "save"])

        let refused = try b.run(["delete 1"])

        #expect(
            refused.stderr.contains(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 90.0 kg on \(Self.minute), no note. Type \"delete 1\" again to delete it as it is now."
            ), "\(refused.stderr)")
        #expect(try fixture.entries().count == 1)

        let deleted = try b.run(["delete 1"])
        #expect(deleted.stdout.contains("Deleted #1: 90.0 kg on \(Self.minute)."), "\(deleted)")
        #expect(try fixture.entries().isEmpty)
        a.finish()
        b.finish()
    }

    @Test func anEditOfAnEntryAnotherSessionDeletedIsRefusedThenSavedAsNew() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 70", "save"])
        let a = fixture.start()
        let b = fixture.start()
        try b.run(["edit 1", "note still wanted"])
        try a.run(["delete 1"])

        let refused = try b.run(["save"])

        #expect(
            refused.stderr.contains(
                "error: Entry #1 was deleted by another session; nothing was written. The draft is kept; type \"save\" again to save it as a new entry."
            ), "\(refused.stderr)")
        #expect(try fixture.entries().isEmpty)

        let saved = try b.run(["save"])
        #expect(saved.stdout.contains("Saved #2: 70.0 kg on \(Self.minute)."), "\(saved)")
        #expect(try fixture.entries().map(\.id) == [2])
        a.finish()
        b.finish()
    }
}

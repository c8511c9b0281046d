import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Habits under real faults: another program's lock, a full disk (the fault shim) and
/// `kill -9`. Nothing is claimed on failure, nothing is lost, nothing is written twice.
@Suite struct HabitFaultTests {
    func completions(_ fixture: StoreFixture) throws -> [[String?]] {
        try OtherProgram(path: fixture.storePath).rows("SELECT habit_id, day FROM completions ORDER BY day")
    }

    @Test func doneWhileAnotherProgramHoldsTheLockClaimsNothingAndTheRepeatWritesOnce() throws {
        let fixture = try StoreFixture()
        #expect(fixture.run(["new habit", "name Run", "save"]).status == 0)
        let shell = fixture.start()
        try shell.run(["habits"])
        let otherProgram = try OtherProgram(path: fixture.storePath)
        try otherProgram.execute("BEGIN IMMEDIATE")

        let locked = try shell.run(["done Run"])
        try otherProgram.execute("ROLLBACK")
        otherProgram.close()
        let repeated = try shell.run(["done Run", "done Run"])
        shell.finish()

        #expect(locked.stderr.contains("error: " + Fixtures.Sentence.locked), "\(locked.stderr)")
        #expect(!locked.stdout.contains("Done"), "nothing is claimed")
        #expect(repeated.stdout.contains("Done: \"Run\" on 2026-11-29."))
        #expect(repeated.stdout.contains("\"Run\" was already done on 2026-11-29; nothing changed."))
        #expect(try completions(fixture) == [["1", "2026-11-29"]])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func doneOnAFullDiskClaimsNothingAndTheRepeatWritesOnce() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        #expect(fixture.run(["new habit", "name Run", "save"]).status == 0)
        try shim.arm(.diskFull(after: 0))

        let full = fixture.run(["done Run", "rename Run Walk"], environment: shim.environment)
        try shim.disarm()
        let repeated = fixture.run(["done Run", "rename Run Walk", "rename Run Walk", "habits"])

        #expect(shim.injectedFaults > 0, "the shim failed no call, so nothing was tested")
        #expect(full.stderr.contains(Fixtures.Sentence.diskFull), "\(full.stderr)")
        #expect(!full.stdout.contains("Done"))
        #expect(!full.stdout.contains("Renamed"))
        #expect(repeated.stdout.contains("Done: \"Run\" on 2026-11-29."), "\(repeated)")
        #expect(repeated.stdout.contains("Renamed \"Run\" to \"Walk\"."))
        #expect(repeated.stdout.contains("Walk   ......x"), "\(repeated.stdout)")
        #expect(try completions(fixture) == [["1", "2026-11-29"]])
        #expect(try OtherProgram(path: fixture.storePath).rows("SELECT name FROM habits") == [["Walk"]])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func aHabitDraftSurvivesKillNineAndSavesOnce() throws {
        let fixture = try StoreFixture()
        let shell = fixture.start()
        try shell.run(["new habit", "name Read 10 pages"])
        shell.finish(killingWith: SIGKILL)

        let next = fixture.run(["show", "save", "habits"])

        #expect(
            next.stdout.contains(
                "Restored unsaved draft (new habit): name \"Read 10 pages\". Type \"save\" to save it or \"cancel\" to discard it."
            ), "\(next.stdout)")
        #expect(next.stdout.contains("Saved the habit \"Read 10 pages\"."))
        #expect(try OtherProgram(path: fixture.storePath).rows("SELECT name FROM habits") == [["Read 10 pages"]])
        #expect(Fixtures.draftOnDisk(fixture.draftPath) == nil)
    }
}

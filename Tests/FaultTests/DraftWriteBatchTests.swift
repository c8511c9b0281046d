import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A piped run reads many lines at once and shows its answers when the reader would wait for
/// more. A draft-only command whose next line is already read leaves its change to the draft
/// file for the next command, so a weigh-in typed as five lines writes the file once; nothing
/// is ever shown ahead of what the draft file holds.
@Suite struct DraftWriteBatchTests {
    /// Every write into the draft file fails, and the shim logs each attempt: lines that arrive
    /// together attempt one write, and its failure is said once, truthfully.
    @Test func linesThatArriveTogetherWriteTheDraftFileOnce() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let shim = try FaultShim.build(in: fixture.directory)
        try shim.arm(.draftWriteError)

        let result = fixture.run(
            ["value 75", "fat 21.5", "waist 82", "muscle 40.2", "note after run", "show"],
            environment: shim.environment)
        try shim.disarm()

        #expect(shim.injectedFaults == 1, "one write for six draft commands: \(result)")
        let failures = result.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("error: ") }
        #expect(failures.count == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("The draft is kept in memory only; no copy of it is on disk."), "\(result.stderr)")
        #expect(result.stdout.contains("  waist:  82 (cm)\n"), "the session keeps the draft as typed: \(result)")
        #expect(result.status == 1, "a draft write that failed fails the piped run")
    }

    /// A weigh-in whose lines arrive together and whose save succeeds never needs the draft
    /// file: the draft is in the store by the time anything is shown. Every write into the
    /// draft file would fail here, and none is attempted.
    @Test func aWeighInThatSavesWritesNoDraft() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let shim = try FaultShim.build(in: fixture.directory)
        try shim.arm(.draftWriteError)

        let result = fixture.run(
            ["value 75", "fat 21.5", "waist 82", "muscle 40.2", "save"], environment: shim.environment)
        try shim.disarm()

        #expect(shim.injectedFaults == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("Saved #1: 75.0 kg, fat 21.5 %, muscle 40.2 kg, waist 82.0 cm on "), "\(result)")
        #expect(result.status == 0)
    }

    /// Lines sent together, the last one no command, then a pause: the answers are shown once
    /// the error goes out, and by then the draft file holds the edits before it (their change
    /// waited for the next command, which never ran one), so a kill loses nothing shown.
    @Test func whatIsShownIsInTheDraftFileBeforeTheReaderWaits() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let shell = fixture.start(echo: false)
        shell.send(["value 76", "fat 21.5", "nosuch"])
        try shell.process.readUntil {
            $0.stdoutSoFar.contains(Array("fat: 21.5\n".utf8), from: 0)
                && $0.stderrSoFar.contains(Array("Unknown command".utf8), from: 0)
        }

        let onDisk = Fixtures.draftOnDisk(fixture.draftPath)
        shell.finish(killingWith: SIGKILL)

        #expect(onDisk?["value"] == "76", "\(String(describing: onDisk))")
        #expect(onDisk?["m.fat"] == "21.5", "\(String(describing: onDisk))")
        let next = fixture.run(["show"])
        #expect(next.stdout.contains("  value: 76 (kg)\n"), "\(next)")
        #expect(next.stdout.contains("  fat:   21.5 (%)\n"), "\(next)")
    }

    /// A save that fails after lines that arrived together finds the draft in the file first:
    /// the draft it keeps is on disk when it says so, and the next session restores it.
    @Test func aSaveThatFailsAfterBatchedLinesKeepsTheDraftOnDisk() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let otherProgram = try OtherProgram(path: fixture.storePath)
        try otherProgram.execute("BEGIN IMMEDIATE")

        let locked = fixture.run(["value 75", "waist 82", "save"])
        try otherProgram.execute("ROLLBACK")
        otherProgram.close()

        #expect(locked.stderr.contains(Fixtures.Sentence.locked), "\(locked)")
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?["m.waist"] == "82")
        let retry = fixture.run(["save"])
        #expect(retry.stdout.contains("Saved #1: 75.0 kg, waist 82.0 cm on "), "\(retry)")
        #expect(try fixture.entries().map(\.kilograms) == [75])
    }
}

import Testing

/// Disk full and I/O errors on the store's own files, made real by the fault shim: the save
/// fails with the right sentence, the draft survives on disk, and a later session saves it once.
@Suite struct DiskFaultTests {
    /// One disk fault and the sentence trendsh must print for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var fault: FaultShim.Fault
        var sentence: String
        var testDescription: String { fault.control }

        static let all = [
            Case(fault: .diskFull(after: 0), sentence: Fixtures.Sentence.diskFull),
            // The first frame of the commit reaches the log, the next one finds the disk full.
            Case(fault: .diskFull(after: 1), sentence: Fixtures.Sentence.diskFull),
            Case(fault: .writeError, sentence: Fixtures.Sentence.ioError),
            // The commit's frames are written but never synced.
            Case(fault: .syncError, sentence: Fixtures.Sentence.ioError),
        ]
    }

    @Test(arguments: Case.all)
    func failedSaveKeepsTheDraftAndTheNextSessionSavesItOnce(_ testCase: Case) throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        try #require(fixture.run(["status"]).status == 0)
        try shim.arm(testCase.fault)

        let failed = fixture.run(["value 75", "save", "show"], environment: shim.environment)

        #expect(shim.injectedFaults > 0, "the shim failed no call, so nothing was tested")
        #expect(failed.stderr.contains("error: " + testCase.sentence), "\(failed.stderr)")
        #expect(failed.stderr.contains(Fixtures.Sentence.draftKept))
        #expect(!failed.stdout.contains("Saved"))
        #expect(failed.stdout.contains("  last save failed: " + testCase.sentence))
        #expect(failed.status == 1)
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?["value"] == "75")
        if testCase.fault != .syncError {
            // After a failed fsync the commit's frames are in the log and SQLite's recovery
            // may accept them, so only the other faults promise an unchanged store.
            #expect(try fixture.entries().isEmpty, "nothing confirmed is visible")
        }

        try shim.disarm()
        let retry = fixture.run(["save"], environment: shim.environment)

        #expect(retry.stdout.contains("Restored unsaved draft (new entry)"))
        #expect(retry.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)"), "\(retry.stdout)\(retry.stderr)")
        #expect(retry.status == 0)
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func diskFullWhileTheStoreIsCreatedIsReportedAndTheNextSessionCreatesIt() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        try shim.arm(.diskFull(after: 0))

        let failed = fixture.run(["list", "value 75", "save", "status"], environment: shim.environment)

        #expect(shim.injectedFaults > 0)
        let reports = failed.stderr.split(separator: "\n").filter { $0.contains(Fixtures.Sentence.diskFull) }
        #expect(reports.count == 2, "list and save each report the full disk: \(failed.stderr)")
        #expect(failed.stdout.contains("weights: failed, 0 loaded; error: " + Fixtures.Sentence.diskFull))
        #expect(!failed.stdout.contains("Saved"))

        try shim.disarm()
        let retry = fixture.run(["save", "status"])

        #expect(retry.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        #expect(retry.stdout.contains("weights: ready, 1 loaded"))
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(try fixture.integrity() == "ok")
    }

    @Test func failingWritesDuringTheSessionStopAndTheSameSessionRetriesOnce() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        let shell = fixture.start(environment: shim.environment)
        try shell.run(["value 75", "save"])
        try shim.arm(.writeError)

        let failed = try shell.run(["value 76", "save", "save"])
        try shim.disarm()
        let retry = try shell.run(["save", "list"])
        shell.finish()

        #expect(shim.injectedFaults > 0)
        #expect(failed.errorCount(of: Fixtures.Sentence.ioError) == 2)
        #expect(!failed.stdout.contains("Saved"))
        #expect(retry.stdout.contains("Saved #2: 76.0 kg on \(Fixtures.minute)."))
        #expect(try fixture.entries().map(\.kilograms) == [75, 76])
        #expect(try fixture.integrity() == "ok")
    }

    /// "Saved" promises the entry is on disk. While every fsync fails nothing can be on disk,
    /// so a retried save must fail too, however much of the first attempt reached the log.
    @Test
    func retriedSaveIsNotAcknowledgedWhileSyncsKeepFailing() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        try #require(fixture.run(["status"]).status == 0)
        try shim.arm(.syncError)

        let failed = fixture.run(["value 75", "save", "save", "show"], environment: shim.environment)

        #expect(!failed.stdout.contains("Saved"), "\(failed.stdout)")
        #expect(failed.stderr.ranges(of: Fixtures.Sentence.ioError).count == 2, "\(failed.stderr)")
        #expect(failed.stdout.contains("  value: 75 (kg)"))
        #expect(Disk.exists(fixture.draftPath))
    }
}

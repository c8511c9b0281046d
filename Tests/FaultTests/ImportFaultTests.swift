import FoundationEssentials
import Testing
import TrendKit

/// A real disk fault in the middle of an import's transaction (the fault shim fills the disk
/// after the transaction's first writes, while rows are still being inserted): nothing of
/// the import is visible, the import draft is kept on disk, and a later session imports
/// each row once.
@Suite struct ImportFaultTests {
    /// `count` rows of trendsh's own CSV, an hour apart, the last a day before the fixed clock.
    static func rows(_ count: Int) -> String {
        let last = 1_795_852_800.0
        var text = "date,kilograms,weight,unit,note\n"
        for index in 0..<count {
            let date = Date(timeIntervalSince1970: last - Double(count - index) * 3_600)
            text += "\(StoredTime.text(date)),\(60 + index % 300 / 10).\(index % 10),0,kg,row \(index)\n"
        }
        return text
    }

    @Test func aDiskThatFillsMidImportWritesNothingAndTheNextSessionImportsEachRowOnce() throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        let file = fixture.directory.file("big.csv")
        try Disk.write(Self.rows(60_000), to: file)
        let previewed = fixture.run(["import \(file)"])
        try #require(previewed.stdout.contains("new: 60000 rows"), "\(previewed.stdout)\(previewed.stderr)")
        // Many pages change before the commit: the cache spills them to the log as rows are
        // inserted, so the twentieth write lands in the middle of the transaction.
        try shim.arm(.diskFull(after: 20))

        let failed = fixture.run(["save", "status"], environment: shim.environment)

        #expect(shim.injectedFaults > 0, "the shim failed no call, so nothing was tested")
        #expect(
            failed.stderr.contains("error: Nothing was imported. " + Fixtures.Sentence.diskFull), "\(failed.stderr)")
        #expect(failed.stdout.contains("draft: import, unsaved changes, last save failed"))
        #expect(try fixture.entries().isEmpty, "no row of the import is visible")
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?.kind == "import")

        try shim.disarm()
        let retry = fixture.run(["save", "save"], environment: shim.environment)

        #expect(retry.stdout.contains("Imported 60000 entries from \(file)."), "\(retry.stdout)\(retry.stderr)")
        #expect(retry.stderr.contains("There is no draft to save."), "the import closed once saved")
        #expect(try fixture.entries().count == 60_000)
        #expect(try fixture.integrity() == "ok")
    }
}

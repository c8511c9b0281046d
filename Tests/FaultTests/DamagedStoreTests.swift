import Testing
import TrendshTestSupport

/// A file at the store's path that is not a trendsh store: the weights commands say so, the
/// rest of the shell keeps working, and the file is never written.
@Suite struct DamagedStoreTests {
    /// What is found at the store's path.
    enum Damage: String, CaseIterable, Sendable {
        case randomBytes
        case textFile
        case anotherProgramsDatabase

        /// How trendsh names it, after the path.
        var described: String {
            self == .anotherProgramsDatabase
                ? "is another program's SQLite database, not a trendsh store."
                : "is not a trendsh store (it is not a SQLite database at all)."
        }
    }

    @Test(arguments: Damage.allCases)
    func weightsCommandsReportTheDamageAndEverythingElseWorks(_ damage: Damage) throws {
        let fixture = try StoreFixture()
        try place(damage, at: fixture.storePath)
        let before = try #require(Disk.read(fixture.storePath))

        let result = fixture.run(["list", "unit lb", "value 75", "save", "help", "status", "show", "unit"])

        let reports = result.stderr.split(separator: "\n").filter { $0.contains(Fixtures.Sentence.damaged) }
        #expect(reports.count == 2, "list and save each report the damage: \(result.stderr)")
        #expect(result.stderr.contains("error: The file \(fixture.storePath) \(damage.described)"), "\(result.stderr)")
        #expect(!result.stdout.contains("Saved"))
        #expect(result.stdout.contains("List the commands, or explain one."), "help works")
        #expect(result.stdout.contains("unit: lb. Weights are now typed and shown in pounds."))
        #expect(
            result.stdout.contains(
                "weights: failed, 0 loaded; error: The file \(fixture.storePath) \(damage.described)"))
        #expect(result.stdout.contains("  value: 75 (lb)"), "the draft is kept and later commands still run")
        #expect(result.stdout.hasSuffix("unit: lb\n"), "the last command ran")
        #expect(result.status == 1)
        #expect(Disk.read(fixture.storePath) == before, "the file is left untouched")
        #expect(!Disk.exists(fixture.storePath + "-wal"))
        #expect(Fixtures.draftOnDisk(fixture.draftPath)?["value"] == "75")
    }

    @Test(arguments: Damage.allCases)
    func movingTheDamagedFileAsideLetsTheRestoredDraftSave(_ damage: Damage) throws {
        let fixture = try StoreFixture()
        try place(damage, at: fixture.storePath)
        let before = try #require(Disk.read(fixture.storePath))
        _ = fixture.run(["value 75", "save"])

        try Disk.rename(fixture.storePath, to: fixture.storePath + ".damaged")
        let retry = fixture.run(["save"])

        #expect(retry.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        #expect(retry.status == 0)
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(try fixture.integrity() == "ok")
        #expect(Disk.read(fixture.storePath + ".damaged") == before)
    }

    private func place(_ damage: Damage, at path: String) throws {
        switch damage {
        case .randomBytes: try Disk.write(Fixtures.randomBytes, to: path)
        case .textFile: try Disk.write(Fixtures.textFile, to: path)
        case .anotherProgramsDatabase:
            let other = try OtherProgram(path: path, creating: true, busyTimeoutMilliseconds: 0)
            defer { other.close() }
            try other.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('bread');")
        }
    }
}

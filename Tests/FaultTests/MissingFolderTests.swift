import Testing
import TrendshTestSupport

/// The store's folder is missing or cannot exist: saves and lists fail with the folder
/// sentence, the draft stays open in memory, and the rest of the shell works.
@Suite struct MissingFolderTests {
    /// Why the folder is not there.
    enum Absence: String, CaseIterable, Sendable {
        /// `<tmp>/missing/s.sqlite`: nobody created the folder.
        case folderMissing
        /// `<tmp>/afile/s.sqlite`: `afile` is a regular file, so the folder can never be created.
        case underARegularFile
    }

    @Test(arguments: Absence.allCases)
    func saveAndListFailAndTheDraftStaysOpen(_ absence: Absence) throws {
        let fixture = try StoreFixture()
        let store = try storePath(absence, in: fixture)

        let result = fixture.run(["value 75", "save", "list", "help", "show"], store: store)

        let reports = result.stderr.split(separator: "\n").filter { $0.contains(Fixtures.Sentence.cannotOpen) }
        #expect(reports.count == 2, "save and list each report the folder: \(result.stderr)")
        #expect(result.stderr.contains("error: The store \(store) can't be opened"))
        #expect(!result.stdout.contains("Saved"))
        #expect(result.stdout.contains("List the commands, or explain one."), "help works")
        #expect(result.stdout.contains("Log Weight (new entry), unsaved changes"))
        #expect(result.stdout.contains("  value: 75 (kg)"))
        #expect(result.stdout.contains("  last save failed: The store \(store) can't be opened"))
        #expect(result.status == 1)
        if absence == .underARegularFile {
            #expect(Disk.read(fixture.directory.file("afile")) == Fixtures.textFile, "the file in the way is untouched")
        } else {
            #expect(
                !Disk.exists(fixture.directory.file("missing")),
                "trendsh does not create the folder behind the person's back")
        }
    }

    @Test func creatingTheFolderDuringTheSessionLetsTheNextSaveThrough() throws {
        let fixture = try StoreFixture()
        let folder = fixture.directory.file("later")
        let store = folder + "/s.sqlite"
        let shell = fixture.start(store: store)

        let failed = try shell.run(["value 75", "save"])
        try Disk.makeFolder(folder)
        let retry = try shell.run(["save", "list"])
        shell.finish()

        #expect(failed.stderr.contains(Fixtures.Sentence.cannotOpen))
        #expect(!failed.stdout.contains("Saved"))
        #expect(retry.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)."))
        #expect(retry.stdout.contains("#1  \(Fixtures.minute)  75.0 kg"))
        #expect(try OtherProgram(path: store).entries().map(\.kilograms) == [75])
        #expect(try OtherProgram(path: store).integrity() == "ok")
    }

    /// The draft file cannot be kept beside a store whose folder is missing. The session must
    /// say that, not blame another session that does not exist.
    @Test(arguments: Absence.allCases)
    func theSessionSaysWhyTheDraftIsKeptInMemoryOnly(_ absence: Absence) throws {
        let fixture = try StoreFixture()
        let store = try storePath(absence, in: fixture)

        let result = fixture.run(["value 75", "status"], store: store)

        #expect(!result.stderr.contains(Fixtures.Sentence.otherSession))
        #expect(!result.stdout.contains("another trendsh session is using"))
        #expect(result.stderr.contains("warning: The draft file \(store).draft can't be created ("), "\(result.stderr)")
        #expect(result.stderr.contains("so this session's draft is kept in memory only."))
        #expect(result.stdout.contains("draft file: in memory only: \(store).draft can't be created"))
    }

    private func storePath(_ absence: Absence, in fixture: StoreFixture) throws -> String {
        switch absence {
        case .folderMissing:
            return fixture.directory.file("missing") + "/s.sqlite"
        case .underARegularFile:
            try Disk.write(Fixtures.textFile, to: fixture.directory.file("afile"))
            return fixture.directory.file("afile") + "/s.sqlite"
        }
    }
}

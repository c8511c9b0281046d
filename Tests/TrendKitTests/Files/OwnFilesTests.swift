import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The registry of trendsh's own files: the paths it gives the code that creates them, and
/// which own file a named path is, however it is spelled, whether the file exists yet or not.
@Suite struct OwnFilesTests {
    let folder: TemporaryDirectory
    let storePath: String
    let files: OwnFiles

    init() throws {
        folder = try TemporaryDirectory()
        storePath = folder.file("st.sqlite")
        files = OwnFiles(
            store: .file(path: storePath), defaultStore: folder.file("data/trend.sqlite"),
            history: folder.file("state/history"), startupFiles: [folder.file("config/trendshrc")])
    }

    func match(_ file: OwnFile, ofDefaultStore: Bool = false, temporary: Bool = false) -> OwnFiles.Match {
        OwnFiles.Match(file: file, ofDefaultStore: ofDefaultStore, temporary: temporary)
    }

    @Test func everyOwnFileIsDeclaredExactlyOnce() {
        for file in FeatureDeclaration.all.flatMap(\.ownFiles).map(\.file) {
            #expect(OwnFiles.declarations.filter { $0.file == file }.count == 1, "\(file)")
        }
    }

    @Test func theFilesBesideTheStoreAreNamedAfterIt() {
        #expect(files.path(of: .store) == storePath)
        #expect(files.path(of: .draft) == storePath + ".draft")
        #expect(files.path(of: .draftLock) == storePath + ".draft.lock")
        #expect(files.path(of: .pending) == storePath + ".pending")
        #expect(files.path(of: .pendingLock) == storePath + ".pending.lock")
        #expect(files.path(of: .settings) == storePath + ".settings")
        #expect(files.path(of: .settingsLock) == storePath + ".settings.lock")
        #expect(files.path(of: .writeAheadLog) == storePath + "-wal")
        #expect(files.path(of: .history) == folder.file("state/history"))
        #expect(OwnFiles.backupPath(ofStore: storePath, version: 5, attempt: 1) == storePath + ".v5-backup")
        #expect(OwnFiles.backupPath(ofStore: storePath, version: 5, attempt: 3) == storePath + ".v5-backup-3")
        #expect(OwnFiles(store: .memory).path(of: .draft) == nil)
        #expect(OwnFiles(store: .file(path: "/dev/null")).path(of: .draft) == nil, "nothing beside a device")
    }

    @Test func aServersLocalFilesAreInTheStateFolderNamedFromItsAddress() throws {
        let address = try #require(ServerAddress("postgresql://alice:secret@db.example:5433/trend"))
        let stem = address.fileStem(environment: [:])
        let state = folder.file("state/trendsh")
        let server = OwnFiles(
            store: .server(address, localName: stem), defaultStore: folder.file("data/trend.sqlite"),
            stateFolder: state)
        #expect(stem == "pg-db.example+5433+trend+alice")
        #expect(server.path(of: .draft) == state + "/" + stem + ".draft")
        #expect(server.path(of: .draftLock) == state + "/" + stem + ".draft.lock")
        #expect(server.path(of: .pending) == state + "/" + stem + ".pending")
        #expect(server.path(of: .settings) == state + "/" + stem + ".settings")
        #expect(server.path(of: .settingsLock) == state + "/" + stem + ".settings.lock")
        // No file is the store, and SQLite keeps nothing for a server.
        #expect(server.path(of: .store) == nil)
        #expect(server.path(of: .writeAheadLog) == nil)
        // A file a person names is checked against them, and their replacements.
        #expect(server.identify(state + "/" + stem + ".draft") == match(.draft))
        #expect(server.identify(state + "/" + stem + ".settings.tmp-12") == match(.settings, temporary: true))
        #expect(server.identify(state + "/" + stem + ".pending.lock") == match(.pendingLock))
        #expect(server.identify(folder.file("data/trend.sqlite")) == match(.store, ofDefaultStore: true))
        // Without a state folder, nothing is kept on disk.
        #expect(OwnFiles(store: .server(address, localName: stem)).path(of: .draft) == nil)
    }

    @Test(arguments: [
        ("st.sqlite", OwnFile.store), ("st.sqlite-wal", .writeAheadLog), ("st.sqlite-shm", .sharedMemory),
        ("st.sqlite-journal", .rollbackJournal), ("st.sqlite.draft", .draft), ("st.sqlite.draft.lock", .draftLock),
        ("st.sqlite.pending", .pending), ("st.sqlite.pending.lock", .pendingLock), ("st.sqlite.settings", .settings),
        ("st.sqlite.settings.lock", .settingsLock), ("st.sqlite.v5-backup", .backup),
        ("st.sqlite.v12-backup-3", .backup), ("state/history", .history), ("config/trendshrc", .startupFile),
    ])
    func aFileNotMadeYetIsFoundByItsPath(name: String, file: OwnFile) {
        #expect(!fileExists(folder.file(name)))
        #expect(files.identify(folder.file(name)) == match(file))
    }

    @Test(arguments: [
        "st.sqlite.csv", "st.sqlite.draftx", "st.sqlite.v5-backup-", "st.sqlite.v-backup", "st.sqlite.v5-backupx",
        "st.sqlite.v5-backup-2a", "st.sqlite.tmp-42", "st.sqlite.settings.tmp-", "other.sqlite", "state/history2",
    ])
    func aNameThatOnlyLooksLikeOneIsNotOurs(name: String) {
        #expect(files.identify(folder.file(name)) == nil)
    }

    @Test func anExistingFileIsFoundAndSoIsItsTemporaryReplacement() throws {
        try folder.write(Array("x".utf8), to: "st.sqlite.settings")
        #expect(files.identify(folder.file("st.sqlite.settings")) == match(.settings))
        #expect(files.identify(folder.file("st.sqlite.settings.tmp-42")) == match(.settings, temporary: true))
        #expect(files.identify(folder.file("state/history.tmp-7")) == match(.history, temporary: true))
    }

    @Test func aRelativePathIsReadFromTheWorkingFolder() {
        var buffer = [CChar](repeating: 0, count: 4096)
        let here =
            getcwd(&buffer, buffer.count).map { _ in
                String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            } ?? "/"
        let upToRoot = String(repeating: "../", count: here.split(separator: "/").count)
        let relative = upToRoot + folder.path.dropFirst() + "/./st.sqlite.pending"
        #expect(files.identify(relative) == match(.pending))
        #expect(files.identify(upToRoot + folder.path.dropFirst() + "/state/../st.sqlite") == match(.store))
    }

    @Test func aFolderReachedThroughASymbolicLinkIsSeenThrough() throws {
        let link = folder.file("link")
        guard symlink(folder.path, link) == 0 else { throw SystemCallError(errno: errno) }
        #expect(files.identify(link + "/st.sqlite.draft") == match(.draft), "the draft file does not exist yet")
        let registeredThroughTheLink = OwnFiles(store: .file(path: link + "/st.sqlite"))
        #expect(registeredThroughTheLink.identify(storePath + "-shm") == match(.sharedMemory))
    }

    @Test func aHardLinkIsTheSameFileUnderAnotherName() throws {
        try folder.write(Array("store".utf8), to: "st.sqlite")
        try folder.write(Array("copy".utf8), to: "st.sqlite.v5-backup")
        guard link(storePath, folder.file("innocent.csv")) == 0,
            link(storePath + ".v5-backup", folder.file("chart.svg")) == 0
        else { throw SystemCallError(errno: errno) }
        #expect(files.identify(folder.file("innocent.csv")) == match(.store))
        #expect(files.identify(folder.file("chart.svg")) == match(.backup), "found by listing the store's folder")
    }

    @Test func theDefaultStoresFilesAreOursWhileAnotherStoreIsInUse() {
        #expect(files.identify(folder.file("data/trend.sqlite")) == match(.store, ofDefaultStore: true))
        #expect(files.identify(folder.file("data/trend.sqlite-wal")) == match(.writeAheadLog, ofDefaultStore: true))
        #expect(files.identify(folder.file("data/trend.sqlite.v3-backup")) == match(.backup, ofDefaultStore: true))
        let overTheDefault = OwnFiles(store: .file(path: storePath), defaultStore: storePath)
        #expect(overTheDefault.identify(storePath + ".draft") == match(.draft), "the store in use, not the default")
    }

    @Test func inMemoryOnlyTheFilesElsewhereAreOurs() {
        let inMemory = files.with(store: .memory)
        #expect(inMemory.identify(storePath) == nil)
        #expect(inMemory.identify(folder.file("data/trend.sqlite")) == match(.store, ofDefaultStore: true))
        #expect(inMemory.identify(folder.file("config/trendshrc")) == match(.startupFile))
    }

    @Test func theLearningProgressAndTheScratchFoldersAreOwnFiles() {
        let temporary = folder.file("tmp")
        mkdir(temporary, 0o700)
        let registry = OwnFiles(
            store: .memory, stateFolder: folder.file("state"), temporaryFolder: temporary + "/")
        #expect(registry.path(of: .learningProgress) == folder.file("state/learn-progress"))
        #expect(registry.path(of: .learningProgressLock) == folder.file("state/learn-progress.lock"))
        #expect(registry.identify(folder.file("state/learn-progress")) == match(.learningProgress))
        #expect(
            registry.identify(folder.file("state/learn-progress.tmp-123"))
                == match(.learningProgress, temporary: true))
        #expect(registry.identify(temporary + "/trendsh-learn-a1B2c3/notes.csv") == match(.practiceFolder))
        #expect(registry.identify(temporary + "/trendsh-learn-a1B2c3") == match(.practiceFolder))
        #expect(registry.identify(temporary + "/trendsh-check-a1B2c3/lesson.sqlite") == match(.replayFolder))
        #expect(registry.identify(temporary + "/trendsh-learn-toolong/x.csv") == nil)
        #expect(registry.identify(temporary + "/my-notes/x.csv") == nil)
        #expect(OwnFiles(store: .memory).path(of: .learningProgress) == nil, "no state folder, no progress file")
    }

    @Test func aScratchFolderIsMadeFromItsDeclaredPrefixAndRemovedWhole() throws {
        let temporary = folder.file("scratch")
        mkdir(temporary, 0o700)
        let scratch = try #require(ScratchFolder.make(for: .practiceFolder, in: temporary))
        #expect(scratch.path.hasPrefix(temporary + "/trendsh-learn-"))
        #expect(permissions(of: scratch.path) == 0o700)
        let registry = OwnFiles(store: .memory, temporaryFolder: temporary)
        #expect(registry.identify(scratch.file("practice.sqlite")) == match(.practiceFolder))
        #expect(writeFile(scratch.file("practice.sqlite"), [1, 2, 3]))
        scratch.empty()
        #expect(scratch.exists && filesUnder(scratch.path).isEmpty)
        #expect(writeFile(scratch.file("practice.sqlite.draft"), [1]))
        scratch.remove()
        #expect(!scratch.exists)
    }
}

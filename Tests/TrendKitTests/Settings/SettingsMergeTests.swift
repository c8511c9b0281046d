import Synchronization
import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Two sessions on one settings file (issue 21, point 3): a change merges its one key into
/// what is on disk now, under `<settings>.lock`; a session reads a change made elsewhere
/// before its next command, and only when a `stat` shows one.
@MainActor
@Suite struct SettingsMergeTests {
    /// Two settings features on one file, as two sessions have.
    @MainActor
    struct TwoSessions {
        let directory: TemporaryDirectory
        let path: String
        let first: SettingsFeature
        let second: SettingsFeature

        init() throws {
            directory = try TemporaryDirectory()
            path = directory.file("s.sqlite.settings")
            first = SettingsFeature(store: FileSettingsStore(path: path))
            second = SettingsFeature(store: FileSettingsStore(path: path))
        }

        func onDisk() throws -> Settings { try FileSettingsStore(path: path).load() }
    }

    @Test func changesOfDifferentKeysFromTwoSessionsBothSurvive() throws {
        let sessions = try TwoSessions()
        defer { sessions.directory.remove() }

        try sessions.second.set(.unit, to: "lb")
        // The first session has not looked since it started: its copy still says kg.
        try sessions.first.set(.chartStyle, to: "ascii")
        try sessions.second.set(.goal, to: "165")

        let onDisk = try sessions.onDisk()
        #expect(onDisk.unit == .pounds)
        #expect(onDisk.chartStyle == .ascii)
        #expect(onDisk.goalKilograms == 165 * 0.45359237)
        #expect(sessions.second.settings == onDisk, "the second session took the first one's change with its own")
        sessions.first.reload()
        #expect(sessions.first.settings == onDisk)
    }

    @Test func aGoalTypedBeforeTheSessionSawTheUnitChangeMeansWhatTheSessionShowedAndTheNewUnitIsANotice() throws {
        let sessions = try TwoSessions()
        defer { sessions.directory.remove() }

        try sessions.second.set(.unit, to: "lb")
        try sessions.first.set(.goal, to: "70")

        #expect(try sessions.onDisk() == Settings(unit: .pounds, goalKilograms: 70))
        #expect(sessions.first.unit == .pounds)
        #expect(sessions.first.takeNotices() == [.unitChanged(.pounds)])
        #expect(sessions.second.takeNotices() == [], "its own change is no notice")
    }

    @Test func aReloadReadsTheFileOnlyWhenItChangedAndSaysWhenTheUnitDid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("s.sqlite.settings")
        let counted = CountingSettingsStore(FileSettingsStore(path: path))
        let first = SettingsFeature(store: counted)
        let second = SettingsFeature(store: FileSettingsStore(path: path))

        first.reload()
        first.reload()
        #expect(counted.reads == 1, "only the start read the settings")

        try second.set(.unit, to: "lb")
        first.reload()
        #expect(counted.reads == 2)
        #expect(first.unit == .pounds)
        #expect(first.takeNotices() == [.unitChanged(.pounds)])

        try second.set(.chartStyle, to: "ascii")
        first.reload()
        first.reload()
        #expect(counted.reads == 3)
        #expect(first.chartStyle == .ascii)
        #expect(first.takeNotices() == [], "only a changed unit is said")
    }

    @Test func aChangeIsNeverWrittenOverASettingsFileThatCannotBeRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = Array("unit = stone\ngoal = 70 kg\n".utf8)
        let path = try directory.write(damaged, to: "s.sqlite.settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        #expect(
            throws: TrendError.settings(.notWrittenOverUnreadable(path: path, detail: .unexpectedLine("unit = stone")))
        ) {
            try feature.set(.unit, to: "lb")
        }

        #expect(fileBytes(path) == damaged)
        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == .settings(.unreadable(path: path, detail: .unexpectedLine("unit = stone"))))
    }

    @Test func aFileThatCannotBeReadAnyMoreKeepsTheSettingsLastReadAndSaysSoOnce() throws {
        let sessions = try TwoSessions()
        defer { sessions.directory.remove() }
        try sessions.first.set(.unit, to: "lb")
        try Self.replace(sessions.path, with: "unit = lb\njust words\n")

        sessions.first.reload()
        sessions.first.reload()

        let unreadable = SettingsError.unreadable(path: sessions.path, detail: .unexpectedLine("just words"))
        #expect(sessions.first.unit == .pounds)
        #expect(sessions.first.source == .lastRead)
        #expect(sessions.first.retainedError == .settings(unreadable))
        #expect(sessions.first.takeNotices() == [.unreadable(unreadable)])

        try Self.replace(sessions.path, with: "unit = kg\n")
        sessions.first.reload()
        #expect(sessions.first.unit == .kilograms)
        #expect(sessions.first.source == .store)
        #expect(sessions.first.retainedError == nil)
        #expect(sessions.first.takeNotices() == [.unitChanged(.kilograms)])
    }

    @Test func aChangeWaitsForTheLockAndFailsWhenAnotherSessionHoldsItThroughout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("s.sqlite.settings")
        let store = FileSettingsStore(path: path, lockWait: .milliseconds(50))
        let feature = SettingsFeature(store: store)
        try feature.set(.chartStyle, to: "ascii")
        let before = fileBytes(path)
        // Another open file description of the lock, as another session has. Close-on-exec: a
        // child another test starts meanwhile would inherit it, and hold the lock until it exits.
        let held = open(store.lockPath, O_RDWR | O_CLOEXEC)
        #expect(held >= 0)
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)

        #expect(throws: TrendError.settings(.locked(path: path + ".lock"))) { try feature.set(.unit, to: "lb") }

        #expect(feature.unit == .kilograms)
        #expect(fileBytes(path) == before)
        close(held)
        try feature.set(.unit, to: "lb")
        #expect(try store.load().unit == .pounds)
    }

    @Test func theLockIsHeldOnlyWhileAChangeIsWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileSettingsStore(path: directory.file("s.sqlite.settings"))
        let feature = SettingsFeature(store: store)

        try feature.set(.unit, to: "lb")

        let other = open(store.lockPath, O_RDWR | O_CLOEXEC)
        defer { close(other) }
        #expect(other >= 0, "the change made the lock file")
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0, "the session does not keep the lock")
        #expect(permissions(of: store.lockPath) == 0o600)
    }

    @Test func twoFeaturesOnOneMemoryStoreSeeEachOthersChanges() throws {
        let store = InMemorySettingsStore()
        let first = SettingsFeature(store: store)
        let second = SettingsFeature(store: store)

        try second.set(.unit, to: "lb")
        try first.set(.chartStyle, to: "ascii")

        #expect(try store.load() == Settings(unit: .pounds, chartStyle: .ascii))
        #expect(first.takeNotices() == [.unitChanged(.pounds)])
    }

    /// Replaces the file as an editor or another program might: a new file renamed over it.
    static func replace(_ path: String, with text: String) throws {
        let temporary = path + ".by-hand"
        try fileWrite(Array(text.utf8), to: temporary)
        #expect(rename(temporary, path) == 0)
    }

    static func fileWrite(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }
}

/// A settings store that counts its reads, to show that looking for a change costs none.
final class CountingSettingsStore: SettingsStore {
    private let inner: FileSettingsStore
    private let count = Mutex(0)

    init(_ inner: FileSettingsStore) { self.inner = inner }

    var reads: Int { count.withLock { $0 } }

    func read() -> SettingsReading {
        count.withLock { $0 += 1 }
        return inner.read()
    }

    func currentVersion() -> SettingsVersion { inner.currentVersion() }

    func update(_ change: (inout SettingsCopy) -> Void) throws(SettingsError) -> SettingsReading {
        try inner.update(change)
    }
}

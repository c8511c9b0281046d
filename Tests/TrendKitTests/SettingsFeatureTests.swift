import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
@Suite struct SettingsFeatureTests {
    @Test func theUnitStartsAsWhatTheStoreHolds() {
        #expect(SettingsFeature(store: InMemorySettingsStore()).unit == .kilograms)
        #expect(SettingsFeature(store: InMemorySettingsStore(Settings(unit: .pounds))).unit == .pounds)
    }

    @Test func aChangedUnitIsKeptOnceTheStoreHasWrittenIt() throws {
        let store = InMemorySettingsStore()
        let feature = SettingsFeature(store: store)

        try feature.setUnit(.pounds)

        #expect(feature.unit == .pounds)
        #expect(try store.load() == Settings(unit: .pounds))
        #expect(feature.retainedError == nil)
    }

    @Test func aStoreThatCannotSaveKeepsTheOldUnit() throws {
        let store = InMemorySettingsStore(failsToSave: true)
        let feature = SettingsFeature(store: store)

        let error = #expect(throws: TrendError.self) { try feature.setUnit(.pounds) }

        #expect(error == .settings(.simulated))
        #expect(error?.message == "The settings could not be written (simulated failure). The setting is unchanged.")
        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == .settings(.simulated))
        #expect(try store.load() == Settings())
    }

    @Test @MainActor func aWeightLogReadsTheUnitFromSettings() throws {
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: InMemoryWeightRepository(), settings: settings, clock: Fixtures.clock)
        try settings.setUnit(.pounds)
        #expect(log.selectedUnit == .pounds)
    }

    @Test func settingsRoundTripThroughAPrivateFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.settings")

        try SettingsFeature(store: FileSettingsStore(path: path)).setUnit(.pounds)

        #expect(permissions(of: path) == 0o600)
        let reopened = SettingsFeature(store: FileSettingsStore(path: path))
        #expect(reopened.unit == .pounds)
        #expect(reopened.retainedError == nil)
    }

    @Test func aMissingSettingsFileMeansTheDefaults() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try FileSettingsStore(path: directory.file("none")).load() == Settings())
    }

    @Test func commentsBlankLinesAndUnknownKeysAreSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("# mine\n\ncolour = blue\n  unit = lb  \n".utf8), to: "settings")
        #expect(try FileSettingsStore(path: path).load() == Settings(unit: .pounds))
    }

    @Test func anUnreadableSettingsFileLeavesTheDefaultsAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("unit = stone\n".utf8), to: "settings")

        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == .settings(.unreadable(path: path, detail: "unexpected line \"unit = stone\"")))
        #expect(
            feature.retainedError?.message
                == "The settings in \(path) could not be read (unexpected line \"unit = stone\"); defaults are in use.")
    }

    @Test func settingsInAMissingFolderCannotBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        #expect(throws: TrendError.settings(.cannotWrite(path: path, errno: ENOENT))) { try feature.setUnit(.pounds) }
        #expect(feature.unit == .kilograms)
        #expect(
            feature.retainedError?.message
                == "The settings could not be written to \(path): no such file or directory. The setting is unchanged.")
    }
}

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

        try feature.set(.unit, to: "lb")

        #expect(feature.unit == .pounds)
        #expect(try store.load() == Settings(unit: .pounds))
        #expect(feature.retainedError == nil)
    }

    @Test func aStoreThatCannotSaveKeepsTheOldUnit() throws {
        let store = InMemorySettingsStore(failsToSave: true)
        let feature = SettingsFeature(store: store)

        #expect(throws: TrendError.settings(.simulated)) { try feature.set(.unit, to: "lb") }

        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == .settings(.simulated))
        #expect(try store.load() == Settings())
    }

    @Test func aWeightLogReadsTheUnitFromSettings() throws {
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: InMemoryWeightRepository(), settings: settings, clock: Fixtures.clock)
        try settings.set(.unit, to: "lb")
        #expect(log.selectedUnit == .pounds)
        #expect(log.makeDraft().unit == .pounds)
    }

    @Test func everySettingIsInTheOneTable() {
        #expect(
            SettingKey.all.map(\.name) == [
                "unit", "goal", "chart-style", "height", "muscle-unit", "bone-unit", "waist-unit", "hip-unit",
            ])
        #expect(SettingKey.named("unit")?.name == SettingKey.unit.name)
        #expect(SettingKey.named("Chart-Style")?.name == SettingKey.chartStyle.name)
        #expect(SettingKey.named("colour") == nil)
        #expect(SettingKey.unit.completions == ["kg", "lb", "st"])
        #expect(SettingKey.chartStyle.completions == ["auto", "unicode", "ascii"])
    }

    @Test(arguments: [
        ("unit", "lb", Settings(unit: .pounds)),
        ("unit", " KG ", Settings(unit: .kilograms)),
        ("goal", "70", Settings(goalKilograms: 70)),
        ("goal", "70.5 kg", Settings(goalKilograms: 70.5)),
        ("goal", "200 lb", Settings(goalKilograms: 200 * 0.45359237)),
        ("chart-style", "ascii", Settings(chartStyle: .ascii)),
        ("chart-style", "Unicode", Settings(chartStyle: .unicode)),
    ])
    func aSettingIsSetFromTypedText(key: String, text: String, expected: Settings) throws {
        let store = InMemorySettingsStore()
        let feature = SettingsFeature(store: store)

        try feature.set(try #require(SettingKey.named(key)), to: text)

        #expect(feature.settings == expected)
        #expect(try store.load() == expected)
    }

    @Test func aGoalIsReadInTheSelectedUnitAndTurnedOff() throws {
        let feature = SettingsFeature(store: InMemorySettingsStore(Settings(unit: .pounds)))

        try feature.set(.goal, to: "165")
        #expect(feature.goalKilograms == 165 * 0.45359237)

        try feature.set(.goal, to: "off")
        #expect(feature.goalKilograms == nil)
    }

    @Test(arguments: [
        ("unit", "stone", TrendError.settings(.invalidValue(key: "unit", value: "stone"))),
        ("chart-style", "fancy", .settings(.invalidValue(key: "chart-style", value: "fancy"))),
        ("goal", "heavy", .settings(.invalidGoal(.invalidWeight(.kilograms)))),
        ("goal", "10", .settings(.invalidGoal(.invalidWeight(.kilograms)))),
        ("goal", "10 lb", .settings(.invalidGoal(.invalidWeight(.pounds)))),
    ])
    func aValueASettingDoesNotTakeChangesNothing(key: String, text: String, expected: TrendError) throws {
        let store = InMemorySettingsStore()
        let feature = SettingsFeature(store: store)

        #expect(throws: expected) { try feature.set(try #require(SettingKey.named(key)), to: text) }

        #expect(feature.settings == Settings())
        #expect(try store.load() == Settings())
    }

    @Test func settingsRoundTripThroughAPrivateFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        try feature.set(.unit, to: "lb")
        try feature.set(.goal, to: "165.5")
        try feature.set(.chartStyle, to: "ascii")

        #expect(permissions(of: path) == 0o600)
        let reopened = SettingsFeature(store: FileSettingsStore(path: path))
        #expect(reopened.settings == feature.settings)
        #expect(reopened.unit == .pounds)
        #expect(reopened.goalKilograms == 165.5 * 0.45359237)
        #expect(reopened.chartStyle == .ascii)
        #expect(reopened.retainedError == nil)
    }

    @Test func aMissingSettingsFileMeansTheDefaults() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try FileSettingsStore(path: directory.file("none")).load() == Settings())
    }

    @Test func commentsAndUnknownKeysAreKeptAsideAndBlankLinesSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("# mine\n\ncolour = blue\n  unit = lb  \n".utf8), to: "settings")

        let settings = try FileSettingsStore(path: path).load()

        #expect(settings.unit == .pounds)
        #expect(settings.goalKilograms == nil)
        #expect(settings.chartStyle == .auto)
        #expect(try FileSettingsStore(path: path).loadCopy().otherLines == ["# mine", "colour = blue"])
    }

    /// A newer trendsh may write keys this one does not know; changing a setting here must
    /// not drop them. (They were once skipped on reading, and so lost on the next write.)
    @Test func unknownKeysSurviveARewrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("unit = kg\nfuture-key = 42\n".utf8), to: "settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        try feature.set(.unit, to: "lb")

        let text = try #require(fileBytes(path).map { String(decoding: $0, as: UTF8.self) })
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("future-key = 42"))
        #expect(lines.contains("unit = lb"))
        #expect(lines.contains("unit = kg") == false)
        #expect(try FileSettingsStore(path: path).loadCopy().otherLines == ["future-key = 42"])
        #expect(SettingsFeature(store: FileSettingsStore(path: path)).unit == .pounds)
    }

    @Test func anUnreadableSettingsFileLeavesTheDefaultsAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("unit = stone\n".utf8), to: "settings")

        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == .settings(.unreadable(path: path, detail: .unexpectedLine("unit = stone"))))
    }

    @Test func aLineThatIsNotAKeyAndValueIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("unit = kg\njust words\n".utf8), to: "settings")

        #expect(throws: SettingsError.unreadable(path: path, detail: .unexpectedLine("just words"))) {
            try FileSettingsStore(path: path).load()
        }
    }

    @Test func settingsInAMissingFolderCannotBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        let lockMissing = TrendError.settings(.cannotLock(path: path + ".lock", problem: .system(ENOENT)))
        #expect(throws: lockMissing) { try feature.set(.unit, to: "lb") }
        #expect(feature.unit == .kilograms)
        #expect(feature.retainedError == lockMissing)
    }

    @Test func aSymbolicLinkAtTheSettingsPathIsNeitherReadNorReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write(Array("unit = lb\n".utf8), to: "elsewhere")
        let path = directory.file("settings")
        #expect(symlink(target, path) == 0)

        let feature = SettingsFeature(store: FileSettingsStore(path: path))
        #expect(feature.retainedError == .settings(.unreadable(path: path, detail: .system(.symbolicLink))))
        #expect(
            throws: TrendError.settings(.notWrittenOverUnreadable(path: path, detail: .system(.symbolicLink)))
        ) {
            try feature.set(.unit, to: "lb")
        }

        #expect(fileBytes(target) == Array("unit = lb\n".utf8))
    }
}

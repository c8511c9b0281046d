import Testing
import TrendKit
import TrendshTestSupport

/// Each kind's unit is a setting: one key per built-in kind with more than one unit, read
/// from the declarations, kept in the settings file and merged between sessions like any key.
@MainActor
@Suite struct KindUnitSettingsTests {
    @Test func everyKindWithMoreThanOneUnitButWeightHasAUnitKeyAndNoOtherDoes() throws {
        let expected = MeasurementKind.builtIn.filter { $0.id != .weight && $0.units.count > 1 }.map(\.id)
        #expect(SettingKey.kindUnits.compactMap(\.kind) == expected)
        #expect(expected == [KindID("muscle"), KindID("bone"), KindID("waist"), KindID("hip")])
        #expect(SettingKey.unitKey(of: .weight)?.name == "unit")
        #expect(SettingKey.unitKey(of: .waist)?.name == "waist-unit")
        #expect(SettingKey.unitKey(of: .bodyFat) == nil)
        let catalog = KindCatalog()
        let neck = try catalog.add(KindSpec(word: "neck", unit: "cm", minimum: "20", maximum: "80"))
        #expect(neck.defaultUnit == .centimetres)
        #expect(SettingKey.unitKey(of: neck) == nil)
    }

    @Test func aKindsUnitAndStoneRoundTripThroughTheSettingsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.settings")
        let feature = SettingsFeature(store: FileSettingsStore(path: path))

        try feature.set(.unit, to: "st")
        try feature.set(try #require(SettingKey.unitKey(of: .waist)), to: "in")

        let reopened = SettingsFeature(store: FileSettingsStore(path: path))
        #expect(reopened.settings == feature.settings)
        #expect(reopened.unit == .stones)
        #expect(reopened.unit(of: .waist) == .inches)
        #expect(reopened.unit(of: .hip) == .centimetres, "a kind not set is in its default unit")
        #expect(reopened.unit(of: .weight) == .stones)
        let text = String(decoding: fileBytes(path) ?? [], as: UTF8.self)
        #expect(text == "# trendsh settings\nunit = st\nwaist-unit = in\n")
    }

    @Test func aUnitTheKindDoesNotOfferIsRefusedAndNothingChanges() throws {
        let store = InMemorySettingsStore()
        let feature = SettingsFeature(store: store)
        let key = try #require(SettingKey.unitKey(of: .waist))

        #expect(throws: TrendError.settings(.invalidValue(key: "waist-unit", value: "kg"))) {
            try feature.set(key, to: "kg")
        }
        #expect(try store.load() == Settings())
    }

    @Test func aBareNumberInStoneIsReadInStonesAndStoneAndPoundsInAnyUnit() throws {
        #expect(try WeightUnit.stones.kilograms(from: "12") == 12 * 14 * WeightUnit.kilogramsPerPound)
        #expect(try WeightUnit.kilograms.kilograms(from: "12 st 4") == 172 * WeightUnit.kilogramsPerPound)
        #expect(throws: WeightValidationError.invalidWeight(.stones)) { try WeightUnit.stones.kilograms(from: "2") }
        #expect(WeightUnit.stones.numberUnit == .pounds)
    }

    @Test func twoSessionsKeepEachOthersKindUnitsAndEachHearsOfTheOthers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("s.sqlite.settings")
        let first = SettingsFeature(store: FileSettingsStore(path: path))
        let second = SettingsFeature(store: FileSettingsStore(path: path))
        let waist = try #require(SettingKey.unitKey(of: .waist))
        let hip = try #require(SettingKey.unitKey(of: .hip))

        try first.set(waist, to: "in")
        // The second session has not looked since it started: its copy has no waist unit.
        try second.set(hip, to: "in")

        let onDisk = try FileSettingsStore(path: path).load()
        #expect(onDisk.kindUnits == [KindID("waist"): .inches, KindID("hip"): .inches])
        #expect(second.takeNotices() == [.kindUnitChanged(KindID("waist"), .inches)])
        first.reload()
        #expect(first.settings == onDisk)
        #expect(first.takeNotices() == [.kindUnitChanged(KindID("hip"), .inches)])
        #expect(first.takeNotices() == [], "said once")
    }
}

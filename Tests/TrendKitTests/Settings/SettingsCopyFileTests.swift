import Testing
import TrendKit
import TrendshTestSupport

/// The local copy's file: this machine's settings as `KEY = VALUE`, each person's own as
/// `NAME: KEY = VALUE`, a change the store does not hold yet as `NAME: KEY waits for the
/// store since = TIME`; and a file an older trendsh wrote, whose per-person lines name no
/// person.
@Suite struct SettingsCopyFileTests {
    static let legend =
        "# \"NAME: KEY = VALUE\" is NAME's own setting, kept in the store too; \"NAME: KEY waits for the store since = TIME\" marks one set here that the store does not hold yet."

    @Test func eachPersonsSettingsAndTheirMarksAreKeptApartAndReadBackAsWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileSettingsStore(path: directory.file("trend.sqlite.settings"))

        _ = try store.update { copy in
            copy.set(.chartStyle, from: Settings(chartStyle: .ascii), for: "sam", at: nil)
            copy.set(.unit, from: Settings(unit: .pounds), for: "sam", at: "2026-11-29T08:00:00.000Z")
            copy.set(.goal, from: Settings(goalKilograms: 70), for: "alex", at: "2026-11-29T09:00:00.000Z")
            copy.delivered(
                SettingDelivery(key: "goal", value: "70.0 kg", changedAt: "2026-11-29T09:00:00.000Z"), for: "alex")
        }

        let text = String(decoding: fileBytes(store.path) ?? [], as: UTF8.self)
        #expect(
            text == """
                # trendsh settings
                \(Self.legend)
                chart-style = ascii
                alex: goal = 70.0 kg
                sam: unit = lb
                sam: unit waits for the store since = 2026-11-29T08:00:00.000Z

                """)
        let copy = try store.loadCopy()
        #expect(copy.settings(for: "sam") == Settings(unit: .pounds, chartStyle: .ascii))
        #expect(copy.settings(for: "alex") == Settings(goalKilograms: 70, chartStyle: .ascii))
        #expect(copy.waitingKeys(of: "sam") == ["unit"])
        #expect(copy.waitingKeys(of: "alex") == [])
        #expect(copy.otherLines == [], "the legend is the file's own, not a line kept aside")
    }

    @Test func aFileAnOlderTrendshWroteIsReadWithItsSettingsNamingNoPersonAndAllWaiting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(
            Array("# trendsh settings\nunit = lb\ngoal = 70 kg\nchart-style = ascii\nwaist-unit = in\n".utf8),
            to: "trend.sqlite.settings")

        let copy = try FileSettingsStore(path: path).loadCopy()

        #expect(copy.local == ["chart-style": "ascii"])
        #expect(copy.unnamed.values == ["unit": "lb", "goal": "70.0 kg", "waist-unit": "in"])
        #expect(copy.people == [:])
        #expect(copy.waitingKeys(of: nil) == ["unit", "goal", "waist-unit"])
        // Any session sees them until the store says whose they are.
        #expect(copy.settings(for: "alex").unit == .pounds)
        var assigned = copy
        assigned.assignUnnamed(to: "alex")
        #expect(assigned.unnamed == PersonSettings())
        #expect(assigned.waitingKeys(of: "alex") == ["unit", "goal", "waist-unit"])
        #expect(assigned.people["alex"]?.waiting["unit"] == WaitingChange(changedAt: nil))
        #expect(assigned.settings(for: "sam").unit == .kilograms)
    }

    @Test func linesNamingAPersonThatThisVersionDoesNotKnowAreKeptAndABadValueIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kept = try directory.write(
            Array("alex: colour = blue\nalex: chart-style = ascii\nnot a name: unit = lb\nalex: unit = lb\n".utf8),
            to: "kept.settings")
        let copy = try FileSettingsStore(path: kept).loadCopy()
        #expect(copy.otherLines == ["alex: colour = blue", "alex: chart-style = ascii", "not a name: unit = lb"])
        #expect(copy.settings(for: "alex").unit == .pounds)

        let bad = try directory.write(
            Array("alex: unit = stone\n".utf8), to: "bad.settings")
        #expect(throws: SettingsError.unreadable(path: bad, detail: .unexpectedLine("alex: unit = stone"))) {
            try FileSettingsStore(path: bad).loadCopy()
        }
        let badTime = try directory.write(
            Array("alex: unit waits for the store since = yesterday\n".utf8), to: "time.settings")
        #expect(
            throws: SettingsError.unreadable(
                path: badTime, detail: .unexpectedLine("alex: unit waits for the store since = yesterday"))
        ) {
            try FileSettingsStore(path: badTime).loadCopy()
        }
    }
}

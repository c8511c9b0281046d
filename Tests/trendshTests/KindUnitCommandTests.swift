import Testing
import TrendshTestSupport

/// Each kind's unit is a setting (`unit waist in`), stone shows weights as `12 st 4.0 lb`, and
/// every display of a measurement uses the session's kinds and units, an added kind's
/// among them. The store and the exports keep their own units whatever the setting.
@Suite struct KindUnitCommandTests {
    @Test func aWaistUnitOfInchesReadsShowsListsAndAmendsInInchesAndExportsCentimetres() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "unit waist in", "unit waist", "waist 33", "show", "save", "list", "amend 1 waist 34", "settings",
            "export csv",
        ])

        #expect(result.stderr == "", "\(result)")
        #expect(
            result.stdout.hasPrefix(
                lines(
                    "waist-unit: in. Waist is now typed and shown in inches.", "waist-unit: in", "waist: 33",
                    "Log Weight (new entry), unsaved changes", "  value: (none)", "  waist: 33 (in)",
                    "  date:  \(Fixtures.nowText)",
                    "  note:  (none)", "Saved #1: waist 33.0 in on \(Fixtures.nowText).",
                    "#1  \(Fixtures.nowText)  waist 33.0 in",
                    "Amended #1: waist 34.0 in on \(Fixtures.nowText), no note.",
                    "unit: kg", "goal: off", "chart-style: auto", "waist-unit: in")
                    + "date,kilograms,weight,unit,trend,note,fat_percent,muscle_kilograms,water_percent,bone_kilograms,waist_centimetres,hip_centimetres,person\r\n"
            ), "\(result.stdout)")
        // The store keeps centimetres, and so does the export's column, as its name says.
        #expect(result.stdout.hasSuffix(",,,kg,,,,,,,86.36,,me\r\n"), "\(result.stdout)")
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT kind, value FROM measurements") == [["waist", "86.36"]])
    }

    @Test func aValueTypedWithItsUnitIsReadInItWhateverTheSetting() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["unit waist in", "waist 80 cm", "save", "list"])

        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("Saved #1: waist 31.5 in on \(Fixtures.nowText).\n"))
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT kind, value FROM measurements") == [["waist", "80.0"]])
    }

    @Test func stoneShowsWeightsAsStoneAndPoundsAndExportsPounds() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "unit st", "value 12 st 4", "show", "save", "value 12.5", "save", "list", "stats", "export csv",
            "export json",
        ])

        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.hasPrefix("unit: st. Weights are now typed and shown in stone and pounds.\n"))
        #expect(result.stdout.contains("  value: 12 st 4\n"), "stone and pounds name their own unit")
        #expect(result.stdout.contains("Saved #1: 12 st 4.0 lb on \(Fixtures.nowText).\n"))
        // A bare number is read in stones.
        #expect(result.stdout.contains("Saved #2: 12 st 7.0 lb on \(Fixtures.nowText).\n"))
        #expect(result.stdout.contains("#2  \(Fixtures.nowText)  12 st 7.0 lb  trend 12 st 5.5 lb\n"))
        #expect(result.stdout.contains("  mean         12 st 5.5 lb\n"), "\(result.stdout)")
        // The export's weight column holds one number: pounds, with its unit.
        #expect(result.stdout.contains(",78.01788764,172.0,lb,173.5,,"), "\(result.stdout)")
        #expect(result.stdout.contains("\"unit\":\"lb\""))
        #expect(!result.stdout.contains("\"st\""))
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT kilograms FROM entries ORDER BY id") == [["78.01788764"], ["79.37866475"]])
    }

    @Test func aWeightOutOfRangeInStoneSaysTheRangeInStone() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["unit weight st", "value 2", "save"])

        #expect(result.stdout.hasPrefix("unit: st. Weights are now typed and shown in stone and pounds.\n"))
        #expect(
            result.stderr.hasPrefix(
                "error: Enter a weight between 3 st 2.1 lb and 78 st 10.3 lb. The draft is kept; fix it and save again.\n"
            ), "\(result)")
    }

    @Test func anAddedKindsValueShowsWithItsUnitInListShowAndSave() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["measure add neck cm 20 80", "neck 38", "value 80", "show", "save", "list"])

        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("  neck:  38 (cm)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Saved #1: 80.0 kg, neck 38.0 cm on \(Fixtures.nowText).\n"))
        #expect(result.stdout.hasSuffix("#1  \(Fixtures.nowText)  80.0 kg  neck 38.0 cm  trend 80.0\n"))
    }

    @Test func aKindWithOneUnitRefusesAUnitNamingItsOne() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "measure add neck cm 20 80", "unit fat in", "unit neck in", "unit waist kg", "unit neck",
        ])

        #expect(
            result.stderr
                == lines(
                    "error: Body fat has one unit, %, so there is no unit to set for it.",
                    "error: Neck is shown in cm, the unit it was added with, so there is no unit to set for it.",
                    "error: \"kg\" is not a value for waist-unit; use cm, in.",
                ), "\(result)")
        #expect(
            result.stdout.hasSuffix(
                "Neck is shown in cm, the unit it was added with, so there is no unit to set for it.\n"))
        #expect(result.status == 1)
    }

    @Test func aKindsUnitIsKeptInTheSettingsFileForTheNextSession() {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["unit hip in", "unit muscle lb"]).status == 0)

        let next = shell.run(["hip 40", "muscle 70", "save", "settings"])

        #expect(next.stderr == "", "\(next)")
        #expect(next.stdout.contains("Saved #1: muscle 70.0 lb, hip 40.0 in on \(Fixtures.nowText).\n"))
        #expect(next.stdout.hasSuffix("muscle-unit: lb\nhip-unit: in\n"))
        let settings = String(decoding: fileBytes(shell.storePath + ".settings") ?? [], as: UTF8.self)
        #expect(settings.contains("\nme: muscle-unit = lb\nme: hip-unit = in\n"), "\(settings)")
        #expect(!settings.contains("me: hip-unit waits"), "both are in the store: \(settings)")
    }

    @Test func anImportsPreviewAndAPendingChangeShowTheKindsInTheirUnits() throws {
        let source = Shell()
        defer { source.home.remove() }
        let file = source.home.file("e.csv")
        #expect(source.run(["waist 83.82", "value 80", "save", "export csv \(file)"]).status == 0)
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.run([
            "unit waist in", "unit st", "import \(file)", "save", "simulate save-failure always", "amend 1 waist 34",
        ])

        #expect(result.stdout.contains("    line 2: \(Fixtures.nowText), 12 st 8.4 lb, waist 33.0 in\n"), "\(result)")
        #expect(result.stderr.contains("The change is kept as pending (amend #1 waist 34.0 in)"), "\(result)")
    }

    @Test func aChartInStoneCountsItsAxisInPoundsAndAKindsChartIsInItsUnit() {
        let shell = Shell()
        defer { shell.home.remove() }
        let svg = shell.home.file("c.svg")
        let result = shell.run([
            "unit st", "unit waist in", "value 12 st 4", "waist 33", "date 2026-11-28 08:00", "save", "value 12 st 6",
            "waist 34", "save", "chart 7 --width 60", "chart waist 7 --width 60", "chart 7 --svg \(svg)",
        ])

        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("Weight and trend, 2026-11-23 to 2026-11-29 (lb)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Waist and trend, 2026-11-23 to 2026-11-29 (in)\n"))
        let drawn = String(decoding: fileBytes(svg) ?? [], as: UTF8.self)
        #expect(drawn.contains("<title>2026-11-28: 172.0 lb, trend 172.0 lb"), "\(drawn)")
    }
}

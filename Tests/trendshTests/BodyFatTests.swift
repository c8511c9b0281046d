import Testing
import TrendshTestSupport

/// Body fat, the first kind added through its declaration alone: `fat 21.5` in a draft,
/// a save that writes the entry and its measurement once, a failed save that keeps every
/// measurement as typed, `amend ID fat`, and undo.
@Suite struct BodyFatTests {
    @Test func aWeighInWithBodyFatIsOneEntryWithOneMeasurementRow() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 75", "fat 21.5", "note after run", "show", "save", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "value: 75", "fat: 21.5", "note: after run", "Log Weight (new entry), unsaved changes",
                    "  value: 75 (kg)", "  fat:   21.5 (%)", "  date:  \(Fixtures.nowText)", "  note:  after run",
                    "Saved #1: 75.0 kg, fat 21.5 % on \(Fixtures.nowText).",
                    "#1  \(Fixtures.nowText)  75.0 kg  fat 21.5 %  trend 75.0  after run"))
        #expect(result.stderr == lines("error: There is no draft to save. Start one with \"value WEIGHT\"."))
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT entry_id, kind, value FROM measurements") == [["1", "fat", "21.5"]])
        #expect(try store.integer("SELECT count(*) FROM entries") == 1)
    }

    @Test func aBodyFatOutOfRangeFailsTheSaveAndKeepsEveryMeasurementAsTyped() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 75.4", "fat 80", "save", "show", "fat 21.5", "save"])
        #expect(
            result.stderr
                == lines("error: Enter a body fat between 2.0 and 75.0 %. The draft is kept; fix it and save again."))
        #expect(result.stdout.contains("  value: 75.4 (kg)\n  fat:   80 (%)\n"))
        #expect(result.stdout.hasSuffix("Saved #1: 75.4 kg, fat 21.5 % on \(Fixtures.nowText).\n"))
        #expect(try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM measurements") == 1)
    }

    @Test func amendChangesTheBodyFatOfAnEntryAndUndoPutsItBack() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["fat 21.5", "save", "amend 1 fat 22", "undo", "list"])
        #expect(
            result.stdout
                == lines(
                    "fat: 21.5", "Saved #1: fat 21.5 % on \(Fixtures.nowText).",
                    "Amended #1: fat 22.0 % on \(Fixtures.nowText), no note.",
                    "Undid step 2: amended #1: fat 22.0 % (was 21.5 %).", "#1  \(Fixtures.nowText)  fat 21.5 %"))
        #expect(result.stderr == "")
    }

    /// An edit shows each measurement in its kind's unit, keeps those it does not change, and
    /// saves one typed into it (the model test found all three broken).
    @Test func anEditKeepsTheMeasurementsItDoesNotChangeAndSavesThoseTypedIntoIt() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "value 75", "fat 20", "waist 83", "save", "edit 1", "show", "note x", "save", "waist 81", "save", "edit 2",
            "fat 19", "save",
        ])
        #expect(result.stdout.contains("  fat:   20.0 (%)\n  waist: 83.0 (cm)\n"))
        #expect(result.stderr == "")
        let store = try OtherProgram(path: shell.storePath)
        #expect(
            try store.rows("SELECT entry_id, kind, value FROM measurements ORDER BY entry_id, kind") == [
                ["1", "fat", "20.0"], ["1", "waist", "83.0"], ["2", "fat", "19.0"], ["2", "waist", "81.0"],
            ])
    }
}

import Testing
import TrendshTestSupport

/// Through the binary: the preview counts each kind's values and names the columns it leaves
/// out and why; a row that matches a stored entry says what it adds to it; a conflict and a
/// dropped value are listed; `fix LINE KIND TEXT` corrects a kind's value.
@Suite struct ImportMeasurementsCommandTests {
    @Test func thePreviewCountsEachKindNamesWhatItLeavesOutAndWhatItAddsToAStoredEntry() {
        let shell = Shell()
        let first = shell.home.write(
            "Date,Time,Weight\n2026-11-20,07:30:00,80.3\n2026-11-21,07:30:00,80.1\n", to: "old.csv")
        let seeded = shell.run(["import \(first) kg", "save"])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let again = shell.home.write(
            "Date,Time,Weight,Body Fat %,Steps\n2026-11-20,07:30:00,80.3,21.4,9000\n2026-11-21,07:30:00,80.1,x,\n"
                + "2026-11-22,07:30:00,80.0,21.2,\n",
            to: "again.csv")
        let result = shell.run(["import \(again) kg", "fix 3 fat 21.3", "save", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("    left out: Steps (no kind of measurement; \"measure add\" makes one)\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("  values read besides the weight: body fat 2\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  adds to stored entries: 1 row"), "\(result.stdout)")
        #expect(result.stdout.contains("    line 2: adds body fat to #1, 2026-11-20 07:30, 80.3 kg, fat 21.4 %\n"))
        #expect(result.stdout.contains("  values left out: 1 value (each row is read without it)\n"))
        #expect(result.stdout.contains("    line 3: body fat \"x\" is not a number.\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Line 3 now reads 2026-11-21 07:30, 80.1 kg, fat 21.3 %."), "\(result.stdout)")
        #expect(
            result.stdout.contains("Imported 1 entry, and measurements to 2 stored entries from"), "\(result.stdout)")
        #expect(result.stdout.contains("#1  2026-11-20 07:30  80.3 kg  fat 21.4 %"), "\(result.stdout)")
        #expect(result.stdout.contains("#2  2026-11-21 07:30  80.1 kg  fat 21.3 %"), "\(result.stdout)")
    }

    @Test func aValueThatDiffersFromTheStoredEntrysIsListedAsAConflictAndNotWritten() {
        let shell = Shell()
        let first = shell.home.write("Date,Time,Weight,Body Fat %\n2026-11-20,07:30:00,80.3,21.4\n", to: "a.csv")
        let second = shell.home.write("Date,Time,Weight,Body Fat %\n2026-11-20,07:30:00,80.3,22.0\n", to: "b.csv")
        let result = shell.run(["import \(first) kg", "save", "import \(second) kg", "cancel", "list"])
        #expect(result.stdout.contains("  conflicts: 1 value differs from its stored entry's, not written\n"))
        #expect(result.stdout.contains("    line 2: body fat 22.0 %, but #1 holds 21.4 %\n"), "\(result.stdout)")
        #expect(result.stdout.contains("#1  2026-11-20 07:30  80.3 kg  fat 21.4 %"), "\(result.stdout)")
    }

    @Test func fixRefusesAWordThatIsNoKind() {
        let shell = Shell()
        let file = shell.home.write("Date,Time,Weight\n2026-11-20,07:30:00,80.3\n", to: "a.csv")
        let result = shell.run(["import \(file) kg", "fix 2 elbow 3"])
        #expect(
            result.stderr.contains("error: \"elbow\" is not a field of an import's row; use weight, date, note, fat"),
            "\(result.stderr)")
    }
}

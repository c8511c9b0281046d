import Testing
import TrendKit
import TrendshTestSupport

/// A person's own sheet through the built binary: the issue's two-column file, a German
/// `;` file with decimal commas, the question slashed dates ask and its answer with
/// `--dates`, columns named with `--column`, and options that no file name can be taken for.
@Suite struct SpreadsheetImportCommandTests {
    @Test func theIssuesTwoColumnFileImports() {
        let shell = Shell()
        _ = shell.home.write("date,weight\n2026-03-01 07:30,92.7\n", to: "w.csv")
        let result = shell.runMerged(
            ["import w.csv", "save", "list"], arguments: ["--store", shell.storePath, "--now", Fixtures.now])
        #expect(
            result.stdout
                == lines(
                    "Import (w.csv), not saved yet",
                    "  w.csv: a spreadsheet, weights in kg, the unit setting, since the file names none (\"import FILE --unit lb\" reads them as lb), 1 row",
                    "    read as a comma-separated spreadsheet: column 1 \"date\" as the date (ISO 8601, from 2026-03-01 07:30 on line 2), column 2 \"weight\" as weight",
                    "  new: 1 row, dated 2026-03-01 07:30",
                    "    line 2: 2026-03-01 07:30, 92.7 kg",
                    "  duplicate: 0 rows",
                    "  rejected: 0 rows",
                    "Type \"save\" to add the new row or \"cancel\".",
                    "Imported 1 entry from w.csv.",
                    "#1  2026-03-01 07:30  92.7 kg  trend 92.7"))
        #expect(result.status == 0)
    }

    /// The JSON preview says how each column was read, as the text does; python3's json reads it.
    @Test func theJSONPreviewSaysHowEachColumnWasRead() {
        let shell = Shell()
        let file = shell.home.write(
            "Datum;Gewicht [kg];Notiz\n31.03.2026;92,7;gut\n", to: "gewicht.csv")
        let reader =
            "import json, sys; print(json.dumps(json.load(sys.stdin)[\"preview\"][\"files\"][0][\"spreadsheet\"], sort_keys=True))"
        let result = TrendshProcess.run(
            [
                "-c", "\"$0\" \"$@\" | python3 -c '\(reader)'", TrendshProcess.binaryPath, "--store", shell.storePath,
                "--now", Fixtures.now, "--format", "json", "-c", "import \(file)",
            ],
            environment: shell.environment, program: "/bin/sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == #"{"columns": [{"byHand": false, "header": "Datum", "number": 1, "readAs": "date"}, {"byHand": false, "header": "Gewicht [kg]", "kind": "weight", "number": 2, "readAs": "kind", "unit": "kg"}, {"byHand": false, "header": "Notiz", "number": 3, "readAs": "note"}], "dates": "day-first", "datesExample": "31.03.2026", "datesFrom": "file", "datesLine": 2, "separator": ";"}"#
                + "\n")
    }

    @Test func aGermanSemicolonFileWithDecimalCommasImports() {
        let shell = Shell()
        let file = shell.home.write(
            "Datum;Gewicht [kg];Körperfett (%);Notiz\n31.03.2026;92,7;21,5;gut\n01.04.2026 07:30;92,1;;\n",
            to: "gewicht.csv")
        let result = shell.run(["import \(file)", "save", "save", "list"])
        #expect(
            result.stdout.hasPrefix(
                lines(
                    "Import (\(file)), not saved yet",
                    "  \(file): a spreadsheet, weights in kg, as the file says, 2 rows",
                    "    read as a semicolon-separated spreadsheet: column 1 \"Datum\" as the date (day-first, from 31.03.2026 on line 2), column 2 \"Gewicht [kg]\" as weight in kg, column 3 \"Körperfett (%)\" as body fat in %, column 4 \"Notiz\" as the note",
                    "  values read besides the weight: body fat 1",
                    "  new: 2 rows, dated 2026-03-31 12:00 to 2026-04-01 07:30",
                    "    line 2: 2026-03-31 12:00, 92.7 kg, fat 21.5 %, note \"gut\"",
                    "    line 3: 2026-04-01 07:30, 92.1 kg")))
        // Saved exactly once: the second save has no draft to save.
        #expect(
            result.stdout.hasSuffix(
                lines(
                    "#2  2026-04-01 07:30  92.1 kg              trend 92.6",
                    "#1  2026-03-31 12:00  92.7 kg  fat 21.5 %  trend 92.7  gut")))
        #expect(result.stdout.components(separatedBy: "Imported 2 entries").count == 2)
    }

    /// `date,weight (lb)` starts as Withings' header does, but Withings writes more columns of
    /// its own: a person's two-column sheet is a spreadsheet, and its slashed dates are read.
    @Test func aTwoColumnCommaSheetWithAUnitInItsHeaderIsASpreadsheet() {
        let shell = Shell()
        _ = shell.home.write("date,weight (lb)\n03/04/2026,180\n04/25/2026,181\n", to: "us.csv")
        let result = shell.runMerged(
            ["import us.csv", "save", "list"], arguments: ["--store", shell.storePath, "--now", Fixtures.now])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  us.csv: a spreadsheet, weights in lb, as the file says, 2 rows"))
        #expect(
            result.stdout.contains(
                "column 1 \"date\" as the date (month-first, from 04/25/2026 on line 3), column 2 \"weight (lb)\" as weight in lb"
            ))
        #expect(
            result.stdout.hasSuffix(
                lines("#2  2026-04-25 12:00  82.1 kg  trend 82.1", "#1  2026-03-04 12:00  81.6 kg  trend 81.6")))
    }

    /// A column named the weight by hand whose header gives grams is refused, not left out
    /// unseen while the rest imports.
    @Test func aWeightColumnInGramsNamedByHandIsRefused() {
        let shell = Shell()
        _ = shell.home.write("Date,Weight (g),Fat %\n2026-11-01,80000,20\n", to: "g.csv")
        let result = shell.runMerged(
            ["import g.csv --column 2=weight", "status"],
            arguments: ["--store", shell.storePath, "--now", Fixtures.now])
        #expect(
            result.stdout.hasPrefix(
                lines(
                    "error: Column \"Weight (g)\" gives its weights in g, which trendsh does not read weights in (kg or lb), so it can't be the weight. Convert the column, then import again. Nothing was imported."
                )), "\(result.stdout)")
        #expect(result.stdout.contains("draft: none"))
    }

    @Test func slashedDatesThatReadTwoWaysAskAndDatesAnswers() throws {
        let shell = Shell()
        _ = shell.home.write("Date;Weight (lb)\n03/04/2026;200\n05/06/2026;199\n", to: "us.csv")
        let arguments = ["--store", shell.storePath, "--now", Fixtures.now]
        let asked = shell.runMerged(["import us.csv", "status"], arguments: arguments)
        #expect(
            asked.stdout.hasPrefix(
                lines(
                    "error: us.csv writes its dates with slashes and no day above 12, so 03/04/2026 (line 2) is 3 April or March 4. Type \"import us.csv --dates day-first\" for 3 April, or \"import us.csv --dates month-first\" for March 4. Nothing was imported."
                )))
        #expect(asked.stdout.contains("draft: none"))
        let dayFirst = shell.runMerged(["import us.csv --dates day-first", "save", "list"], arguments: arguments)
        #expect(
            dayFirst.stdout.hasSuffix(
                lines("#2  2026-06-05 12:00  90.3 kg  trend 90.3", "#1  2026-04-03 12:00  90.7 kg  trend 90.7")))
        #expect(dayFirst.stdout.contains("as the date (day-first, as --dates says)"))
        let again = Shell()
        _ = again.home.write("Date;Weight (lb)\n03/04/2026;200\n05/06/2026;199\n", to: "us.csv")
        let monthFirst = again.runMerged(
            ["import us.csv --dates=month-first", "save", "list"],
            arguments: ["--store", again.storePath, "--now", Fixtures.now])
        #expect(
            monthFirst.stdout.hasSuffix(
                lines("#2  2026-05-06 12:00  90.3 kg  trend 90.3", "#1  2026-03-04 12:00  90.7 kg  trend 90.7")))
    }

    @Test func aRestoredDraftReadsTheFileWithItsOptionsAndSavesOnce() {
        let shell = Shell()
        _ = shell.home.write("Date;Weight (lb)\n03/04/2026;200\n05/06/2026;199\n", to: "us.csv")
        let arguments = ["--store", shell.storePath, "--now", Fixtures.now]
        let first = shell.runMerged(["import us.csv --dates month-first"], arguments: arguments)
        #expect(first.stdout.contains("The draft file keeps it"))
        let second = shell.runMerged(["save", "save", "list"], arguments: arguments)
        #expect(second.stdout.hasPrefix("Restored unsaved draft (import): import of us.csv."))
        #expect(second.stdout.components(separatedBy: "Imported 2 entries from us.csv.").count == 2)
        #expect(
            second.stdout.hasSuffix(
                lines("#2  2026-05-06 12:00  90.3 kg  trend 90.3", "#1  2026-03-04 12:00  90.7 kg  trend 90.7")))
    }

    @Test func columnsAreNamedByHand() {
        let shell = Shell()
        let file = shell.home.write("when;kg;Umfang\n2026-03-01 07:00;80,4;88\n", to: "own.csv")
        let refused = shell.run(["import \(file)"])
        #expect(refused.stderr.contains("is not in a layout trendsh reads"))
        let result = shell.run([
            "import \(file) --column 1=date --column KG=weight --column \"Umfang=waist\"", "save", "list",
        ])
        #expect(
            result.stdout.contains(
                "    read as a semicolon-separated spreadsheet: column 1 \"when\" as the date (ISO 8601, from 2026-03-01 07:00 on line 2), as --column says, column 2 \"kg\" as weight, as --column says, column 3 \"Umfang\" as waist, as --column says"
            ))
        #expect(result.stdout.hasSuffix(lines("#1  2026-03-01 07:00  80.4 kg  waist 88.0 cm  trend 80.4")))
        #expect(result.stderr == "")
        let wrong = shell.run(["import \(file) --column 9=weight", "import \(file) --column 2=fatt"])
        #expect(
            wrong.stderr
                == lines(
                    "error: \(file) has no column \"9\": name a column by its place from 1 or by its header as written. Nothing was imported.",
                    "error: \"fatt\" is not what a column can be: date, time, note, skip, or a kind's word (weight, fat, waist…). Nothing was imported."
                ))
    }

    @Test func anOptionIsNeverAFileNameAndTheOldTrailingUnitStillWorks() {
        let shell = Shell()
        _ = shell.home.write("date,weight\n2026-03-01,180\n", to: "-w.csv")
        let arguments = ["--store", shell.storePath, "--now", Fixtures.now]
        let dashed = shell.runMerged(["import -w.csv", "import ./-w.csv lb", "save", "list"], arguments: arguments)
        #expect(
            dashed.stdout.hasPrefix(
                lines(
                    "error: \"-w.csv\" is not an option of import; use --unit, --dates, --column or ./-w.csv for a file of that name. Usage: "
                        + Self.usage)))
        #expect(dashed.stdout.contains("  ./-w.csv: a spreadsheet, weights in lb, as given, 1 row"))
        #expect(dashed.stdout.hasSuffix(lines("#1  2026-03-01 12:00  81.6 kg  trend 81.6")))
        let options = shell.runMerged(
            ["import ./-w.csv --unit", "import ./-w.csv --dates sideways", "import ./-w.csv --width 3"],
            arguments: arguments)
        #expect(
            options.stdout
                == lines(
                    "error: --unit needs a value. Usage: " + Self.usage,
                    "error: \"sideways\" is not a reading of dates; use day-first or month-first. Usage: "
                        + Self.usage,
                    "error: \"--width\" is not an option of import; use --unit, --dates, --column or ./--width for a file of that name. Usage: "
                        + Self.usage))
    }

    static let usage = "import FILE... [--unit kg|lb] [--dates day-first|month-first] [--column COLUMN=KIND]..."

    @Test func optionsForANamedLayoutsFileAreRefused() {
        let shell = Shell()
        let file = shell.home.write("date,kilograms,note\n2026-11-20T07:30:00.000Z,80.3,\n", to: "own.csv")
        let result = shell.run(["import \(file) --dates day-first"])
        #expect(
            result.stderr
                == lines(
                    "error: \(file) is in the trendsh CSV layout, which names its own columns and dates; --column and --dates are for other spreadsheets. Nothing was imported."
                ))
    }
}

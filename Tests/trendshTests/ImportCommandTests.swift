import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `import` through the built binary: a draft previewed, fixed and saved; refused while
/// another draft has changes; file problems refuse the whole import with a sentence that
/// names the line; the draft survives a restart and saves once.
@Suite struct ImportCommandTests {
    static let twoRows =
        "date,kilograms,note\r\n2026-11-20T07:30:00.000Z,80.3,\"two\nlines\"\r\n2026-11-21T07:30:00.000Z,8O.1,\r\n"

    @Test func anImportIsPreviewedFixedSavedAndListed() {
        let shell = Shell()
        let file = shell.home.write(Self.twoRows, to: "a.csv")
        let result = shell.run(["import \(file)", "fix 4 weight 80.1", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "Import (\(file)), not saved yet",
                    "  \(file): trendsh CSV, weights in kg, as the file says, 2 rows",
                    "  new: 1 row, dated 2026-11-20 07:30",
                    "    line 2: 2026-11-20 07:30, 80.3 kg, note \"two\\nlines\"",
                    "  duplicate: 0 rows",
                    "  rejected: 1 row",
                    "    line 4: \"8O.1\" is not a weight.",
                    "Type \"save\" to add the new row, \"fix LINE weight|date|note TEXT\" to correct a row, or \"cancel\".",
                    "Line 4 now reads 2026-11-21 07:30, 80.1 kg. Type \"show\" to preview the import again.",
                    "Imported 2 entries from \(file).",
                    "#2  2026-11-21 07:30  80.1 kg  trend 80.3",
                    "#1  2026-11-20 07:30  80.3 kg  trend 80.3  two\\nlines"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aWeightDraftWithChangesMustBeSavedOrCancelledFirst() {
        let shell = Shell()
        let file = shell.home.write(Self.twoRows, to: "a.csv")
        let result = shell.run(["value 75", "import \(file)", "status"])
        #expect(result.stderr.hasPrefix(Fixtures.unsavedDraftOpen))
        #expect(result.stdout.contains("draft: new entry, unsaved changes"))
    }

    @Test func anOpenImportKeepsOtherDraftsOutUntilItIsSavedOrCancelled() {
        let shell = Shell()
        let file = shell.home.write(Self.twoRows, to: "a.csv")
        let result = shell.run(["import \(file)", "value 75", "cancel", "value 75", "save"])
        #expect(
            result.stderr.contains(
                "error: A draft with unsaved changes is open (import of \(file)). Save it with \"save\" or discard it with \"cancel\" first."
            ))
        #expect(result.stdout.contains("Discarded the import of \(file); nothing was imported."))
        #expect(result.stdout.hasSuffix(lines(Fixtures.savedFirst)))
    }

    @Test func aZipIsToBeUnzippedFirst() throws {
        let shell = Shell()
        let zip = try shell.home.write([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00], to: "export.zip")
        let result = shell.run(["import \(zip)", "status"])
        #expect(
            result.stderr
                == lines(
                    "error: \(zip) is a zip archive. Unzip it first (Apple Health's export.zip holds apple_health_export/export.xml), then import the file inside. Nothing was imported."
                ))
        #expect(result.stdout.contains("draft: none"))
        #expect(result.status == 1)
    }

    @Test func anUnknownLayoutNamesTheLayoutsTrendshReads() {
        let shell = Shell()
        let file = shell.home.write("when,how much\n2026-11-20,80\n", to: "other.csv")
        let result = shell.run(["import \(file)"])
        #expect(
            result.stderr
                == lines(
                    "error: \(file) is not in a layout trendsh reads. trendsh reads its own CSV and JSON exports, Libra (versions 5 and 6), openScale (2.x and 3.x), Withings, Fitbit (weight-*.json), The Hacker's Diet Online, TrendWeight (raw CSV) and Apple Health (export.xml), and a spreadsheet whose first line names a date column and a column of a kind. Nothing was imported."
                ))
    }

    /// Files that must refuse the whole import, and the sentence each gets after the file's name.
    static let hostileFiles: [(name: String, bytes: [UInt8], reason: String)] = [
        (
            "utf16.csv", Array("date,kilograms\n2026-11-20T07:30:00.000Z,80\n".utf8) + [0xFF, 0xFE, 0x41, 0x0A],
            "line 3 is not UTF-8 text. Save the file as UTF-8, then import it again."
        ),
        (
            "quote.csv", Array("date,kilograms,note\n2026-11-20T07:30:00.000Z,80,\"never closed\n".utf8),
            "line 2 opens a quoted field that is never closed."
        ),
        (
            "big.csv",
            Array(
                ("date,kilograms,note\n2026-11-20T07:30:00.000Z,80," + String(repeating: "x", count: 1_048_577) + "\n")
                    .utf8),
            "line 2 has a field longer than 1 MB."
        ),
        (
            "lol.xml",
            Array(
                "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ENTITY lol \"lol\">\n]>\n<HealthData>&lol;</HealthData>\n"
                    .utf8),
            "line 3 declares an XML entity, which trendsh never expands."
        ),
        (
            "xxe.xml",
            Array(
                "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" value=\"&xxe;\"/>\n</HealthData>\n"
                    .utf8),
            "line 2 refers to the XML entity \"&xxe;\", which trendsh never expands."
        ),
        (
            "cut.xml",
            Array(
                "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-20 08:00:00 +0000\" value=\"80\"/>\n"
                    .utf8),
            "ends at line 3 before its last element is closed, so it may have been cut short. Export or unzip it again, then import the whole file."
        ),
        (
            "twice.xml",
            Array(
                "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-20 08:00:00 +0000\" value=\"80\" value=\"90\"/>\n</HealthData>\n"
                    .utf8),
            "line 2 gives the attribute \"value\" twice in one tag, so which value is meant is unknown."
        ),
        (
            "sheet-latin1.csv",
            Array("Datum;Gewicht\n2026-03-01;80\n".utf8) + [0x4B, 0xF6, 0x72, 0x70, 0x65, 0x72, 0x0A],
            "line 3 is not UTF-8 text. Save the file as UTF-8, then import it again."
        ),
        (
            "sheet-utf16.csv", Array("d\0a\0t\0e\0,\0w\0e\0i\0g\0h\0t\0\n\0".utf8),
            "line 1 holds a NUL byte, so it is not a text file (UTF-16, perhaps). Save it as UTF-8 text, then import it again."
        ),
        (
            "sheet-long.csv",
            Array(("Datum;Gewicht\n2026-03-01;80" + String(repeating: "0", count: 1_048_577) + "\n").utf8),
            "line 2 has a field longer than 1 MB."
        ),
        (
            "sheet-quote.csv", Array("Datum;Gewicht;Notiz\n2026-03-01;80;\"never closed\n".utf8),
            "line 2 opens a quoted field that is never closed."
        ),
    ]

    @Test(arguments: hostileFiles.indices)
    func aFileProblemRefusesTheWholeImportNamingTheLine(index: Int) throws {
        let (name, bytes, reason) = Self.hostileFiles[index]
        let shell = Shell()
        let file = try shell.home.write(bytes, to: name)
        let result = shell.run(["import \(file)", "status", "list"])
        #expect(result.stderr == lines("error: \(file) \(reason) Nothing was imported."))
        #expect(result.stdout.contains("draft: none"))
        #expect(result.stdout.hasSuffix(lines(Fixtures.noEntries)))
    }

    @Test func aTrendshJSONFileOfANewerVersionIsRefusedNamingBothVersions() throws {
        let shell = Shell()
        let newer = EntryExporter.entriesVersion + 1
        let file = shell.home.write(
            "{\"format\": \"trendsh-entries\", \"version\" : \(newer), \"entries\": [\n"
                + "{\"date\": \"2026-11-20T07:30:00.000Z\", \"kilograms\": 80.3}\n]}\n", to: "newer.json")
        let result = shell.run(["import \(file)", "status", "list"])
        let reads = EntryExporter.entriesVersion == 1 ? "version 1" : "versions 1 to \(EntryExporter.entriesVersion)"
        #expect(
            result.stderr
                == lines(
                    "error: \(file) is a trendsh export of version \(newer), newer than this trendsh reads (\(reads)). Import it with the trendsh that wrote it, or a newer one. Nothing was imported."
                ))
        #expect(result.stdout.contains("draft: none"))
        #expect(result.stdout.hasSuffix(lines(Fixtures.noEntries)))
    }

    @Test func aByteOrderMarkCRLFAndQuotedLineBreaksAreRead() throws {
        let shell = Shell()
        let text =
            "date,kilograms,note\r\n2026-11-20T07:30:00.000Z,80.3,\"a\r\nb, \"\"c\"\"\"\r\n2026-11-21T07:30:00.000Z,80.1,\r\n"
        let file = try shell.home.write([0xEF, 0xBB, 0xBF] + Array(text.utf8), to: "bom.csv")
        let result = shell.run(["import \(file)", "save", "list"])
        #expect(result.stdout.contains("Imported 2 entries"))
        #expect(
            result.stdout.hasSuffix(
                lines(
                    "#2  2026-11-21 07:30  80.1 kg  trend 80.3",
                    "#1  2026-11-20 07:30  80.3 kg  trend 80.3  a\\r\\nb, \"c\"")))
    }

    @Test func theImportDraftSurvivesTheEndOfTheSessionAndSavesOnce() {
        let shell = Shell()
        let file = shell.home.write(Self.twoRows, to: "a.csv")
        let first = shell.run(["import \(file)", "fix 4 skip"])
        #expect(first.status == 3)
        #expect(first.stderr.contains("The draft file keeps it, and the next trendsh on this log restores it."))
        let second = shell.run(["save", "list"])
        #expect(
            second.stdout.hasPrefix(
                lines(
                    "Restored unsaved draft (import): import of \(file). Type \"save\" to save it or \"cancel\" to discard it.",
                    "Imported 1 entry from \(file) (1 skipped left out).")))
        let third = shell.run(["import \(file)", "save"])
        #expect(
            third.stdout.contains(
                "Nothing was imported from \(file): no row is new (1 duplicate and 1 rejected left out), so nothing was written."
            ))
    }

    @Test func aFileChangedAfterThePreviewIsRefusedUntilItIsPreviewedAgain() {
        let shell = Shell()
        let file = shell.home.write("date,kilograms\n2026-11-20T07:30:00.000Z,80.3\n", to: "a.csv")
        let first = shell.run(["import \(file)"])
        #expect(first.status == 3)
        shell.home.write("date,kilograms\n2026-11-20T07:30:00.000Z,80.3\n2026-11-21T07:30:00.000Z,80.1\n", to: "a.csv")
        let second = shell.run(["save", "list", "show", "save"])
        #expect(
            second.stderr.contains(
                "error: \(file) changed since the preview, so nothing was imported. The import is kept; type \"show\" to preview it again, then \"save\"."
            ))
        #expect(second.stdout.contains(Fixtures.noEntries))
        #expect(second.stdout.contains("  new: 2 rows"))
        #expect(second.stdout.hasSuffix(lines("Imported 2 entries from \(file).")))
    }

    @Test func showAllListsEveryRowByLine() {
        let shell = Shell()
        var text = "date,kilograms\n"
        for day in 1...9 { text += "2026-11-0\(day)T07:30:00.000Z,8\(day).0\n" }
        let file = shell.home.write(text, to: "a.csv")
        let result = shell.run(["import \(file)", "show all"])
        #expect(result.stdout.contains("  (5 of 9 rows listed; \"show all\" lists every one)"))
        for day in 1...9 {
            #expect(result.stdout.contains("  line \(day + 1): new, 2026-11-0\(day) 07:30, 8\(day).0 kg\n"))
        }
    }

    @Test func severalFitbitFilesAreReadInTheUnitGiven() {
        let shell = Shell()
        let november = shell.home.write(
            "[{\"date\":\"11/20/26\",\"time\":\"07:30:00\",\"weight\":165.0,\"logId\":1}]", to: "weight-2026-11-20.json"
        )
        let october = shell.home.write(
            "[{\"date\":\"10/20/26\",\"time\":\"07:30:00\",\"weight\":166.0,\"logId\":2}]", to: "weight-2026-10-20.json"
        )
        let result = shell.run(["import \(october) \(november) lb", "save", "list"])
        #expect(result.stdout.contains("  \(october): Fitbit, weights in lb, as given, 1 row"))
        #expect(result.stdout.contains("Imported 2 entries from 2 files"))
        #expect(
            result.stdout.hasSuffix(
                lines("#2  2026-11-20 07:30  74.8 kg  trend 74.9", "#1  2026-10-20 07:30  75.3 kg  trend 75.3")))
    }

    @Test func anImportIsOneStepThatUndoTakesBackWholeAndRedoPutsBackAcrossARestart() throws {
        let shell = Shell()
        let file = shell.home.write(
            "date,kilograms,note\r\n2026-11-20T07:30:00.000Z,80.3,a\r\n2026-11-21T07:30:00.000Z,80.1,b\r\n", to: "a.csv"
        )
        _ = shell.run(["value 75", "save", "import \(file)", "save"])
        #expect(try OtherProgram(path: shell.storePath).entries().map(\.id) == [1, 2, 3])

        let undone = shell.run(["undo", "list"])
        #expect(
            undone.stdout == lines("Undid step 2: imported 2 entries.", "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(try OtherProgram(path: shell.storePath).entries().map(\.id) == [1], "both imported rows are gone")

        let redone = shell.run(["redo", "list"])
        #expect(
            redone.stdout
                == lines(
                    "Redid step 2: imported 2 entries.", "#1  2026-11-29 08:00  75.0 kg  trend 77.3",
                    "#3  2026-11-21 07:30  80.1 kg  trend 80.3  b", "#2  2026-11-20 07:30  80.3 kg  trend 80.3  a"))
        #expect(
            try OtherProgram(path: shell.storePath).entries().map(\.id) == [1, 2, 3],
            "the rows are back with their numbers")
        #expect(redone.status == 0)
    }

    /// TrendWeight's raw CSV names no unit: the preview says the unit setting was used and how
    /// to read the file in the other unit, and `import FILE kg` does that.
    @Test func aFileThatNamesNoUnitTakesTheUnitSettingAndSaysSoUnlessAUnitIsGiven() {
        let shell = Shell()
        let file = shell.home.write(
            "Date,Time,Weight,Body Fat %\n2026-11-20,07:30:00,165.0,21.4\n", to: "trendweight.csv")
        let setting = shell.run(["unit lb", "import \(file)", "cancel", "import \(file) kg", "save", "unit kg", "list"])
        #expect(
            setting.stdout.contains(
                "  \(file): TrendWeight, weights in lb, the unit setting, since the file names none (\"import FILE --unit kg\" reads them as kg), 1 row\n"
            ), "\(setting.stdout)")
        #expect(setting.stdout.contains("    line 2: 2026-11-20 07:30, 165.0 lb, fat 21.4 %\n"), "\(setting.stdout)")
        #expect(setting.stdout.contains("  \(file): TrendWeight, weights in kg, as given, 1 row\n"))
        #expect(
            setting.stdout.hasSuffix("#1  2026-11-20 07:30  165.0 kg  fat 21.4 %  trend 165.0\n"), "\(setting.stdout)")
        #expect(setting.stderr == "")
    }
}

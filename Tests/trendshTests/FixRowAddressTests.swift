import Testing
import TrendKit
import TrendshTestSupport

/// `fix` changes exactly one row of an import, through the built binary: every row has an
/// address that names it alone (`LINE`, or `LINE.K` where several rows start on one line,
/// with `FILE:` before either), an address or a file name that could mean several is refused
/// naming the candidates, and an earlier trendsh's import draft keeps only the fixes it can
/// still place on one row.
@Suite struct FixRowAddressTests {
    /// Runs `input` in the shell's home, so files are named there as a person types them.
    func run(_ shell: Shell, _ input: [String]) -> ProcessResult {
        TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: input.map { $0 + "\n" }.joined(),
            environment: shell.environment, directory: shell.home.path)
    }

    /// Every stored entry's kilograms and note, oldest first, as `sqlite3` reads them.
    func stored(_ shell: Shell) throws -> [[String?]] {
        try OtherProgram(path: shell.storePath).rows("SELECT kilograms, note FROM entries ORDER BY taken_at")
    }

    /// Two files named `w.csv`: January's row is new, February's is rejected (`8O.0`).
    func twoMonths(_ shell: Shell) {
        shell.home.makeFolder("jan")
        shell.home.makeFolder("feb")
        shell.home.write("date,kilograms,note\n2026-11-20T08:00:00.000+00:00,80.0,a\n", to: "jan/w.csv")
        shell.home.write("date,kilograms,note\n2026-11-21T08:00:00.000+00:00,8O.0,b\n", to: "feb/w.csv")
    }

    @Test func aFixOfALineThatHoldsThreeAppleHealthRecordsIsRefusedAndChangesNoRow() throws {
        let shell = Shell()
        shell.home.write(Fixtures.appleHealthOneLine, to: "export.xml")
        let result = run(shell, ["import export.xml", "fix 1 weight 80.4", "save"])
        #expect(
            result.stderr
                == lines(
                    "error: Line 1 of export.xml holds 3 rows, so \"1\" could mean 1.1, 1.2 or 1.3; nothing was changed. Name the row by its address, as the preview prints it."
                ))
        #expect(result.stdout.hasSuffix(lines("Imported 2 entries from export.xml (1 rejected left out).")))
        #expect(try stored(shell) == [["80.1", ""], ["80.2", ""]])
    }

    @Test func theSecondRecordOfTheLineIsFixedAloneByTheAddressThePreviewPrints() throws {
        let shell = Shell()
        shell.home.write(Fixtures.appleHealthOneLine, to: "export.xml")
        let result = run(shell, ["import export.xml", "fix 1.2 weight 80.4", "fix 1.4 skip", "save"])
        #expect(
            result.stdout
                == lines(
                    "Import (export.xml), not saved yet",
                    "  export.xml: Apple Health, each record names its unit, 3 rows",
                    "  new: 2 rows, dated 2026-11-20 08:00 to 2026-11-22 08:00",
                    "    line 1.1: 2026-11-20 08:00, 80.1 kg",
                    "    line 1.3: 2026-11-22 08:00, 80.2 kg",
                    "  duplicate: 0 rows",
                    "  rejected: 1 row",
                    "    line 1.2: \"8O.4\" is not a weight.",
                    "Type \"save\" to add the 2 new rows, \"fix LINE weight|date|note TEXT\" to correct a row, or \"cancel\".",
                    "Line 1.2 now reads 2026-11-21 08:00, 80.4 kg. Type \"show\" to preview the import again.",
                    "Imported 3 entries from export.xml."))
        #expect(
            result.stderr
                == lines(
                    "error: Line 1 of export.xml holds 3 rows (1.1, 1.2 and 1.3), and none is \"1.4\"; nothing was changed."
                ))
        #expect(try stored(shell) == [["80.1", ""], ["80.4", ""], ["80.2", ""]])
    }

    @Test func aNoteFixOnAOneLineJSONExportChangesTheRowItAddressesAndNoOther() throws {
        let shell = Shell()
        shell.home.write(Fixtures.jsonOneLine, to: "one.json")
        let result = run(shell, ["import one.json", "fix 1 note fixed", "fix 1.2 note fixed", "save"])
        #expect(result.stderr.hasPrefix("error: Line 1 of one.json holds 2 rows, so \"1\" could mean 1.1 or 1.2;"))
        #expect(result.stdout.contains("    line 1.1: 2026-11-20 08:00, 80.0 kg, note \"a\"\n"))
        #expect(
            result.stdout.contains(
                "Line 1.2 now reads 2026-11-21 08:00, 80.5 kg, note \"fixed\". Type \"show\" to preview the import again."
            ))
        #expect(try stored(shell) == [["80.0", "a"], ["80.5", "fixed"]])
    }

    @Test func aFileNameThatCouldBeTwoOfTheImportsFilesIsRefusedNamingBoth() throws {
        let shell = Shell()
        twoMonths(shell)
        let result = run(
            shell, ["import jan/w.csv feb/w.csv", "fix w.csv:2 weight 81", "fix feb/w.csv:2 weight 81", "save"])
        #expect(
            result.stderr
                == lines(
                    "error: \"w.csv\" names more than one of the import's files (jan/w.csv and feb/w.csv), so nothing was changed. Type the file as the import names it, as in \"jan/w.csv:2\"."
                ))
        #expect(result.stdout.contains("feb/w.csv line 2 now reads 2026-11-21 08:00, 81.0 kg, note \"b\"."))
        #expect(try stored(shell) == [["80.0", "a"], ["81.0", "b"]])
    }

    @Test func aFileNamedAsTypedAtImportIsTheOneMeantThoughAnotherPathEndsTheSame() throws {
        let shell = Shell()
        twoMonths(shell)
        shell.home.write("date,kilograms,note\n2026-11-22T08:00:00.000+00:00,80.2,c\n", to: "w.csv")
        let result = run(shell, ["import jan/w.csv w.csv", "fix w.csv:2 note here", "save"])
        #expect(result.stderr == "")
        #expect(try stored(shell) == [["80.0", "a"], ["80.2", "here"]])
    }

    @Test func aRowThatWasNewIsNowRejectedAndOneThatWasRejectedIsStillRejected() {
        let shell = Shell()
        shell.home.write("date,kilograms,note\n2026-11-20T08:00:00.000+00:00,80.0,a\n", to: "one.csv")
        let result = run(shell, ["import one.csv", "fix 2 weight abc", "fix 2 weight xyz"])
        #expect(
            result.stdout.hasSuffix(
                lines(
                    "Line 2 is now rejected: \"abc kg\" is not a weight.",
                    "Line 2 is still rejected: \"xyz kg\" is not a weight.")))
    }

    @Test func aSentenceThatStartsWithAPathLeavesThePathAsTyped() {
        let shell = Shell()
        twoMonths(shell)
        let result = run(shell, ["import jan/w.csv feb/w.csv", "fix jan/w.csv:2 note x", "fix feb/w.csv:2 skip"])
        #expect(
            result.stdout.hasSuffix(
                lines(
                    "jan/w.csv line 2 now reads 2026-11-20 08:00, 80.0 kg, note \"x\". Type \"show\" to preview the import again.",
                    "feb/w.csv line 2 will be left out; \"fix feb/w.csv:2 reset\" brings it back.")))
    }

    @Test func anEarlierTrendshsImportDraftKeepsAFixOfALineOfOneRowAndDropsTheOthersSayingWhy() throws {
        let shell = Shell()
        shell.home.write(Fixtures.appleHealthOneLine, to: "export.xml")
        shell.home.write(
            "date,kilograms,note\n2026-11-23T08:00:00.000+00:00,8O.0,\n2026-11-24T08:00:00.000+00:00,80.0,\n",
            to: "a.csv")
        #expect(run(shell, ["import a.csv export.xml"]).status == 3)
        // The fixes as the trendsh before this one kept them: by file and line alone.
        let file = DraftFile(path: shell.storePath + ".draft")
        var record = try #require(try file.load())
        record.fields["fix.0.2.weight"] = "81 kg"
        record.fields["fix.0.9.skip"] = "1"
        record.fields["fix.1.1.weight"] = "80.4 kg"
        try file.write(record)

        let result = run(shell, ["save"])
        #expect(
            result.stderr
                == lines(
                    "warning: The import's fix of a.csv line 9 (skip) was dropped: no row starts on that line now.",
                    "warning: The import's fix of export.xml line 1 (weight 80.4 kg) was dropped: 3 rows start on that line, and a fix must now name one. Type it again with the row's address: export.xml:1.1, export.xml:1.2 or export.xml:1.3."
                ))
        #expect(
            result.stdout.hasSuffix(lines("Imported 4 entries from 2 files (a.csv, export.xml) (1 rejected left out)."))
        )
        #expect(try stored(shell) == [["80.1", ""], ["80.2", ""], ["81.0", ""], ["80.0", ""]])
    }
}

import Testing
import TrendshTestSupport

/// Adding or removing a kind of measurement is a step of the change history (format 13):
/// `undo` takes a `measure add` back and `redo` puts it back, an undone `measure remove`
/// brings the kind back as it was declared, and an undo that would leave entries holding
/// values of no kind is refused with their count, as `measure remove` is.
@Suite struct KindUndoTests {
    /// The kinds table as another program reads it, every column trendsh declares a kind by.
    static func kinds(_ path: String) throws -> [[String?]] {
        try OtherProgram(path: path).rows(
            "SELECT id, name, quantity, unit, printf('%!.17g', min_value), printf('%!.17g', max_value), decimals, trend FROM kinds ORDER BY id"
        )
    }

    @Test func undoTakesBackAMeasureAddAndRedoPutsItBack() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "measure add neck cm 20 80", "undo list", "undo", "measure list", "neck 35", "redo", "neck 35",
        ])
        #expect(
            result.stdout.contains(
                lines(
                    "step  state  next  change",
                    "   1  done   undo  added the kind \"neck\" (cm, 20.0 to 80.0)",
                    "Undid step 1: added the kind \"neck\" (cm, 20.0 to 80.0).")))
        #expect(!result.stdout.contains("neck    cm"))
        #expect(result.stdout.hasSuffix(lines("Redid step 1: added the kind \"neck\" (cm, 20.0 to 80.0).", "neck: 35")))
        // Between the undo and the redo, the word names nothing.
        #expect(result.stderr.hasPrefix("error: Unknown command \"neck\""))
        #expect(try Self.kinds(shell.storePath) == [["neck", "neck", "length", "cm", "20.0", "80.0", "1", "0"]])
        let help = shell.run(["help measure"]).stdout
        #expect(help.contains("(0-3, default 1). \"undo\" takes it back.\n"))
        #expect(
            help.contains("while no entry, draft or pending change holds a value of it;\n  \"undo\" brings it back.\n"))
    }

    @Test func undoOfAMeasureRemoveBringsTheKindBackWithItsExactDeclaration() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["measure add arm in 5 30.3 2"])
        let declared = try Self.kinds(shell.storePath)
        let result = shell.run([
            "measure remove arm", "undo list", "undo", "measure list", "redo", "undo", "arm 10", "value 70", "save",
        ])
        #expect(result.stderr == "")
        #expect(
            result.stdout.contains(
                lines(
                    "step  state  next  change",
                    "   2  done   undo  removed the kind \"arm\" (in, 5.00 to 30.30)",
                    "   1  done         added the kind \"arm\" (in, 5.00 to 30.30)",
                    "Undid step 2: removed the kind \"arm\" (in, 5.00 to 30.30).")))
        #expect(result.stdout.contains("arm     in, 5.00 to 30.30, added\n"))
        #expect(result.stdout.contains("Redid step 2: removed the kind \"arm\" (in, 5.00 to 30.30).\n"))
        #expect(result.stdout.contains("arm: 10\nvalue: 70\nSaved #1: 70.0 kg, arm "))
        #expect(try Self.kinds(shell.storePath) == declared)
    }

    @Test func aRedoOfAMeasureRemoveIsRefusedWhileAnEntryHoldsAValueOfTheKind() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["measure add neck cm 20 80", "measure remove neck", "undo"])
        // Another program gives an entry a value of it (no step, so the redo list stays).
        try OtherProgram(path: shell.storePath).execute(
            """
            INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-20T08:00:00.000Z', 79, '');
            INSERT INTO measurements (entry_id, kind, value) VALUES (last_insert_rowid(), 'neck', 37);
            """)
        let result = shell.run(["redo", "measure list"])
        #expect(
            result.stderr
                == lines(
                    "error: 1 entry holds a value of \"neck\", so step 2 (removed the kind \"neck\" (cm, 20.0 to 80.0)) can't be put back; nothing was written. Remove those values first (\"amend ID neck\" with no text)."
                ))
        #expect(result.stdout.contains("neck    cm, 20.0 to 80.0, added\n"))
        #expect(try Self.kinds(shell.storePath).map { $0[0] } == ["neck"])
    }

    @Test func anUndoThatWouldLeaveValuesOfNoKindIsRefusedWithTheirCount() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "measure add neck cm 20 80", "value 80", "neck 35", "save", "value 81", "neck 36", "save", "undo 1",
        ])
        #expect(
            result.stderr
                == lines(
                    "error: 2 entries hold values of \"neck\", so step 1 (added the kind \"neck\" (cm, 20.0 to 80.0)) can't be put back; nothing was written. Remove those values first (\"amend ID neck\" with no text). Step 1 stays done; \"undo STEP\" takes back an older step whose rows no newer step changed (\"undo list\" shows the numbers)."
                ))
        #expect(try Self.kinds(shell.storePath).map { $0[0] } == ["neck"])

        // A value another program wrote is counted too; with the saves undone, only it is left.
        let store = try OtherProgram(path: shell.storePath)
        try store.execute(
            """
            INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-20T08:00:00.000Z', 79, '');
            INSERT INTO measurements (entry_id, kind, value) VALUES (last_insert_rowid(), 'neck', 37);
            """)
        let undone = shell.run(["undo", "undo", "undo"])
        #expect(undone.stdout.contains("Undid step 3: saved #2"))
        #expect(undone.stdout.contains("Undid step 2: saved #1"))
        #expect(
            undone.stderr.hasPrefix(
                "error: 1 entry holds a value of \"neck\", so step 1 (added the kind \"neck\" (cm, 20.0 to 80.0)) can't be put back; nothing was written."
            ))
        #expect(try Self.kinds(shell.storePath).map { $0[0] } == ["neck"])

        let emptied = shell.run(["amend 3 neck", "undo 1"])
        #expect(emptied.stderr == "")
        #expect(emptied.stdout.hasSuffix("Undid step 1: added the kind \"neck\" (cm, 20.0 to 80.0).\n"))
        #expect(try Self.kinds(shell.storePath) == [])
    }

    @Test func anImportsUndoRemovesTheKindsItAddedAndItsRedoRestoresThem() throws {
        let source = Shell()
        defer { source.home.remove() }
        let file = source.home.file("neck.json")
        let exported = source.run([
            "measure add neck cm 20 80 2", "value 80", "neck 35.25", "save", "export json \(file)",
        ])
        #expect(exported.stderr == "")
        let declared = try Self.kinds(source.storePath)

        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["import \(file)", "save", "undo list", "undo", "measure list", "list"])
        #expect(result.stderr == "")
        // The preview shows a value of a kind the file declares in that kind's unit and
        // decimals, before the import adds the kind.
        #expect(result.stdout.contains("    declares its own kinds: neck\n"), "\(result.stdout)")
        #expect(result.stdout.contains(", 80.0 kg, neck 35.25 cm\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                lines(
                    "step  state  next  change",
                    "   1  done   undo  imported 1 entry and the kind \"neck\"",
                    "Undid step 1: imported 1 entry and the kind \"neck\".")))
        #expect(!result.stdout.contains("neck    cm"))
        #expect(try Self.kinds(shell.storePath) == [])
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.integer("SELECT count(*) FROM entries") == 0)

        let redone = shell.run(["redo", "measure list"])
        #expect(redone.stderr == "")
        #expect(redone.stdout.contains("Redid step 1: imported 1 entry and the kind \"neck\".\n"))
        #expect(redone.stdout.contains("neck    cm, 20.00 to 80.00, added\n"))
        #expect(try Self.kinds(shell.storePath) == declared)
        #expect(try store.rows("SELECT entry_id, kind, value FROM measurements") == [["1", "neck", "35.25"]])

        // A value saved since, outside the import, keeps its kind: the import's undo waits.
        let refused = shell.run(["value 81", "neck 36", "save", "undo 1"])
        #expect(
            refused.stderr.hasPrefix(
                "error: 1 entry holds a value of \"neck\", so step 1 (imported 1 entry and the kind \"neck\") can't be put back; nothing was written."
            ))
        #expect(try store.integer("SELECT count(*) FROM entries") == 2)
        #expect(try Self.kinds(shell.storePath) == declared)
    }
}

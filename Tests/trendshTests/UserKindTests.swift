import Testing
import TrendshTestSupport

/// Kinds a person adds (`measure add neck cm 20 80`): kept in the store, set by their word in
/// a draft, by `measure` and by `amend`, listed by `measure list` and `help`, removed by
/// `measure remove` only while no entry holds a value of them.
@Suite struct UserKindTests {
    @Test func anAddedKindIsStoredAndWorksInADraftInMeasureAndInAmend() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let added = shell.run(["measure add neck cm 20 80"])
        #expect(added.stdout == lines("Added the kind \"neck\", in cm, 20.0 to 80.0: type \"neck VALUE\" in a draft."))
        #expect(added.stderr == "")
        let store = try OtherProgram(path: shell.storePath)
        #expect(
            try store.rows("SELECT id, quantity, unit, min_value, max_value, decimals, trend FROM kinds") == [
                ["neck", "length", "cm", "20.0", "80.0", "1", "0"]
            ])

        let used = shell.run([
            "neck 35", "value 80", "save", "measure neck 36", "save", "amend 1 neck 37", "neck 90", "save",
        ])
        #expect(used.stdout.contains("neck: 35\nvalue: 80\nSaved #1: 80.0 kg, neck 35.0 cm on "))
        #expect(used.stdout.contains("Amended #1: 80.0 kg, neck 37.0 cm on "))
        #expect(
            try store.rows("SELECT entry_id, kind, value FROM measurements ORDER BY entry_id") == [
                ["1", "neck", "37.0"], ["2", "neck", "36.0"],
            ])
        // Its range is the domain's rule, as a built-in kind's is.
        #expect(
            used.stderr.hasPrefix(
                lines("error: Enter a neck between 20.0 and 80.0 cm. The draft is kept; fix it and save again.")))
    }

    @Test func measureReadsAValueEndingInAnInchMarkAsInchesNotAsAQuote() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["measure waist 33 \"", "save"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("waist: 33 \"\nSaved #1: waist 83.8 cm on "))
    }

    @Test func measureListAndHelpNameTheAddedKinds() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["measure add arm in 5 30 2", "measure list", "help"])
        #expect(result.stdout.contains("hip     cm, 30.0 to 250.0\narm     in, 5.00 to 30.00, added\n"))
        #expect(result.stdout.hasSuffix("Your kinds (set like \"fat 21.5\"): arm (in).\n"))
        #expect(result.stderr == "")
    }

    @Test func aKindsWordMayBeNoWordACommandAcceptsNoUnitAndNoKeptWord() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let words = [
            "list", "measure", "all", "csv", "json", "habits", "off", "habit", "today", "remove", "save-failure",
            "kg", "inch", "percent", "week", "month", "year", "hint", "again", "skip", "trace", "person", "people",
            "share", "unshare", "format", "on", "fat", "value",
        ]
        let result = shell.run(words.map { "measure add \($0) cm 1 2" })
        let refusals = result.stderr.split(separator: "\n")
        #expect(refusals.count == words.count)
        for (word, refusal) in zip(words, refusals) {
            let expected =
                word == "fat"
                ? "error: There is a kind \"fat\" already. Nothing was changed."
                : "error: \"\(word)\" is a word trendsh uses itself (a command, a keyword or a unit); choose another. Nothing was changed."
            #expect(String(refusal) == expected)
        }
        #expect(result.stdout == "")
        #expect(try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM kinds") == 0)
    }

    @Test func removeIsRefusedWhileEntriesHoldValuesOfTheKindAndSaysHowMany() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "measure add neck cm 20 80", "value 80", "neck 35", "save", "neck 36", "save", "measure remove neck",
            "amend 2 neck", "amend 1 neck", "measure remove neck", "delete 2", "measure remove neck",
            "measure remove fat",
        ])
        #expect(
            result.stderr
                == lines(
                    "error: 2 entries hold values of \"neck\", so it stays. Remove those values first (\"amend ID neck\" with no text). Nothing was changed.",
                    "error: An entry holds at least one measurement, so its last one cannot be removed. Delete the entry instead. Nothing was changed.",
                    "error: 1 entry holds a value of \"neck\", so it stays. Remove those values first (\"amend ID neck\" with no text). Nothing was changed.",
                    "error: \"fat\" is built in; only a kind you added can be removed. Nothing was changed."))
        #expect(result.stdout.contains("Deleted #2"))
        #expect(result.stdout.hasSuffix("Removed the kind \"neck\".\n"))
        #expect(try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM kinds") == 0)
    }

    @Test func aStoredKindWhoseWordIsNowACommandStaysReachableAsMeasureWordValue() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["status"]).status == 0)
        // Another program (or an older trendsh, before `list` was a command) stored it.
        let store = try OtherProgram(path: shell.storePath)
        try store.execute(
            """
            INSERT INTO kinds (id, name, quantity, unit, min_value, max_value, decimals, trend)
            VALUES ('list', 'list', 'length', 'cm', 1, 100, 1, 0)
            """)
        let result = shell.run(["measure list 35", "value 70", "save", "measure list"])
        #expect(result.stdout.contains("list: 35\nvalue: 70\nSaved #1: 70.0 kg, list 35.0 cm on "))
        #expect(result.stdout.hasSuffix("list    cm, 1.0 to 100.0, added\n"))
        #expect(try store.rows("SELECT kind, value FROM measurements") == [["list", "35.0"]])
    }
}

/// `amend ID KIND TEXT` for the weight and every other kind: `weight` is `value`, an empty
/// TEXT removes the measurement, and the weight goes only while another measurement stays.
@Suite struct AmendMeasurementTests {
    @Test func amendIdWeightIsAmendIdValue() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 80", "save", "amend 1 weight 81", "amend 1 WEIGHT 82", "amend #1 value 83"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Amended #1: 81.0 kg on "))
        #expect(result.stdout.contains("Amended #1: 82.0 kg on "))
        #expect(result.stdout.contains("Amended #1: 83.0 kg on "))
        #expect(
            try OtherProgram(path: shell.storePath).rows("SELECT kilograms, revision FROM entries") == [["83.0", "4"]])
    }

    @Test func anEmptyTextRemovesThatMeasurement() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 80", "fat 20", "waist 82", "save", "amend 1 fat", "list"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Amended #1: 80.0 kg, waist 82.0 cm on "))
        #expect(
            try OtherProgram(path: shell.storePath).rows("SELECT kind, value FROM measurements") == [["waist", "82.0"]])
    }

    @Test func theWeightIsRemovedOnlyWhileAnotherMeasurementRemains() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "value 80", "fat 20", "save", "amend 1 weight", "amend 1 fat", "value 81", "save", "amend 2 weight",
        ])
        #expect(result.stdout.contains("Amended #1: fat 20.0 % on "))
        #expect(
            result.stderr
                == lines(
                    "error: An entry holds at least one measurement, so its last one cannot be removed. Delete the entry instead. Nothing was changed.",
                    "error: An entry holds at least one measurement, so its last one cannot be removed. Delete the entry instead. Nothing was changed."
                ))
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT id, kilograms IS NULL FROM entries ORDER BY id") == [["1", "1"], ["2", "0"]])
        #expect(try store.rows("SELECT entry_id, kind FROM measurements") == [["1", "fat"]])
    }
}

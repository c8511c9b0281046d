import Testing
import TrendshTestSupport

/// Three things the model test found where one feature meets another, each through the
/// binary, on the lines that showed it.
@Suite struct ModelFoundTests {
    /// An edit opened with a value of a kind that another session then took away: `save`
    /// refuses the value, as filled in, rather than store a value of no kind.
    @Test func anEditsFilledInValueOfAKindTakenAwayIsRefusedNotSaved() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["measure add neck cm 20 80", "value 80", "neck 35", "save"])
        let live = fixture.start()
        try live.run(["edit 1", "note x"])
        _ = fixture.run(["amend 1 neck", "measure remove neck"])

        // Twice: once the store's other change was seen, the second save overwrote it.
        let refused = try live.run(["save", "save"])
        live.finish()

        #expect(
            refused.stderr.contains(
                "error: The draft holds a value of \"neck\", a kind the store no longer has (an undo or another session removed it)."
            ), "\(refused)")
        #expect(!refused.stdout.contains("Saved #1"), "\(refused)")
        let program = try OtherProgram(path: fixture.storePath)
        #expect(try program.integer("SELECT count(*) FROM measurements") == 0)
        #expect(try program.integer("SELECT count(*) FROM kinds") == 0)
    }

    /// Kinds this session adds are listed where a session that reads them from the store
    /// lists them, whatever order they were added in.
    @Test func addedKindsAreListedInTheOrderANewSessionListsThem() throws {
        let fixture = try StoreFixture()
        let live = fixture.run([
            "measure add neck cm 20 80", "measure add arm cm 10 60", "arm 30", "neck 75", "save", "list",
        ])
        let fresh = fixture.run(["list"])

        let row = "#1  2026-11-29 08:00  arm 30.0 cm  neck 75.0 cm\n"
        #expect(live.stdout.contains(row), "\(live)")
        #expect(fresh.stdout.contains(row), "\(fresh)")
    }

    /// An amend that replaces a waiting amend of the same field is judged against the entry
    /// as this session now shows it, this session's own edit included: not "changed by
    /// another session".
    @Test func aReplacingAmendIsJudgedAgainstTheEntryAsThisSessionShowsIt() throws {
        let fixture = try StoreFixture()
        let result = fixture.run([
            "value 79.9", "save", "simulate save-failure once", "amend 1 note a", "edit 1", "fat 21.5", "save",
            "amend 1 note b",
        ])

        #expect(!result.stderr.contains("another session"), "\(result)")
        #expect(result.stdout.contains("Amended #1: 79.9 kg, fat 21.5 % on "), "\(result)")
        let program = try OtherProgram(path: fixture.storePath)
        #expect(try program.text("SELECT note FROM entries WHERE id = 1") == "b")
    }
}

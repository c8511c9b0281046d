import Testing
import TrendshTestSupport

/// The forms `date` accepts, relative to the fixed clock (2026-11-29 08:00 UTC).
@Suite struct DateCommandTests {
    @Test(arguments: [
        ("date today", "date: 2026-11-29 08:00"),
        ("date yesterday", "date: 2026-11-28 08:00"),
        ("date -3d", "date: 2026-11-26 08:00"),
        ("date -0d", "date: 2026-11-29 08:00"),
        ("date 2026-11-28 07:30", "date: 2026-11-28 07:30"),
        ("date 2026-11-28", "date: 2026-11-28 08:00"),
        ("date 2026-11-29 08:00", "date: 2026-11-29 08:00"),
        ("date 2024-02-29 23:59", "date: 2024-02-29 23:59"),
        ("DATE Yesterday", "date: 2026-11-28 08:00"),
    ])
    func aDateFormSetsTheDraftsDate(line: String, shown: String) {
        let result = Shell().run([line, "cancel"])
        let date = String(shown.dropFirst("date: ".count))
        #expect(result.stdout == lines(shown, "Discarded the draft (no value, dated \(date))."))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aDatedEntryIsSavedAndListedWithThatDate() {
        let result = Shell().run(["date 2026-11-28 07:30", "value 75", "save", "value 76", "date -3d", "save", "list"])
        #expect(
            result.stdout
                == lines(
                    "date: 2026-11-28 07:30", "value: 75", "Saved #1: 75.0 kg on 2026-11-28 07:30.", "value: 76",
                    "date: 2026-11-26 08:00", "Saved #2: 76.0 kg on 2026-11-26 08:00.",
                    "#1  2026-11-28 07:30  75.0 kg", "#2  2026-11-26 08:00  76.0 kg"))
        #expect(result.status == 0)
    }

    @Test(arguments: ["date 2026-11-30", "date 2026-11-29 08:01", "date 2027-01-01 00:00"])
    func aFutureDateIsRefusedAndTheDraftKeepsItsDate(line: String) {
        let result = Shell().run(["value 75", line, "save"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.stderr == lines(Fixtures.futureError))
        #expect(result.status == 1)
    }

    @Test func aFutureDateWithNoDraftOpenOpensNone() {
        let result = Shell().run(["date 2026-12-01", "show"])
        #expect(result.stdout == lines("No draft is open. Start one with \"new\" or \"value WEIGHT\"."))
        #expect(result.stderr == lines("error: An entry can't be dated in the future."))
        #expect(result.status == 1)
    }

    @Test(arguments: ["date soon", "date 2026-02-30", "date 2026-11-28 24:00", "date -3", "date 28/11/2026"])
    func anUnreadableDateNamesTheAcceptedForms(line: String) {
        let text = String(line.dropFirst("date ".count))
        let result = Shell().run(["value 75", line])
        #expect(
            result.stderr
                == lines(
                    "error: \"\(text)\" is not a date. Use YYYY-MM-DD, YYYY-MM-DD HH:MM, today, yesterday or -Nd. The draft is unchanged.",
                    Fixtures.endedUnsaved))
        #expect(result.status == 1)
    }
}

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
                    "#1  2026-11-28 07:30  75.0 kg  trend 75.8", "#2  2026-11-26 08:00  76.0 kg  trend 76.0"))
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

/// Dates at the edges (issue 9, point 19): the C library's -1, years outside 1900–9999,
/// daylight-saving gaps and overlaps, and entries an earlier clock dated in the future.
@Suite struct DateEdgeTests {
    @Test func yesterdayWorksOnTheFirstDayOf1970() {
        let shell = Shell()
        let result = shell.run(
            arguments: ["--store", ":memory:", "--now", "1970-01-01T23:59:59Z"], input: "date yesterday\ncancel\n")
        #expect(result.stdout.hasPrefix("date: 1969-12-31 23:59\n"), "\(result.stdout) \(result.stderr)")
        #expect(result.status == 0)
    }

    @Test(arguments: ["0000-01-01T00:00:00Z", "1899-12-31T00:00:00Z", "9999-13-01T00:00:00Z"])
    func aClockOutsideTheYearsTrendshKeepsIsAUsageError(now: String) {
        let result = Shell().run(arguments: ["--store", ":memory:", "--now", now], input: "value 75\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
    }

    @Test(arguments: ["date 1899-12-31", "date 0000-01-01 00:00"])
    func aDateBefore1900IsRefused(line: String) {
        let text = String(line.dropFirst("date ".count))
        let result = Shell().run(["value 75", line])
        #expect(
            result.stderr.hasPrefix(
                "error: \"\(text)\" is outside the years 1900 to 9999, which are the dates trendsh keeps. The draft is unchanged.\n"
            ), "\(result.stderr)")
    }

    @Test func aTimeTheClocksSkippedIsRefused() {
        let shell = Shell()
        var environment = shell.environment
        environment["TZ"] = "Europe/Berlin"
        let result = shell.run(
            arguments: ["--store", ":memory:", "--now", "2026-11-29T08:00:00Z"],
            input: "value 75\ndate 2026-03-29 02:30\n",
            environment: environment)
        #expect(
            result.stderr.hasPrefix(
                "error: 2026-03-29 02:30 did not happen here: the clocks went forward over it. Type a time before or after the change. The draft is unchanged.\n"
            ), "\(result.stderr)")
    }

    @Test func aDayKeepsTheDraftsTimeOfDayNotTheClocks() {
        let result = Shell().run(["date 2026-11-20 07:15", "date 2026-11-01", "cancel"])
        #expect(
            result.stdout.hasPrefix(lines("date: 2026-11-20 07:15", "date: 2026-11-01 07:15")), "\(result.stdout)")
    }

    @Test func aDayOnWhichTheDraftsTimeOfDayWasSkippedTakesTheFirstTimeAfterTheChangeAndSaysSo() {
        let shell = Shell()
        var environment = shell.environment
        environment["TZ"] = "America/New_York"
        let result = shell.run(
            arguments: [
                "--store", ":memory:", "--now", "2026-11-29T07:30:00Z", "-c", "value 80", "-c", "date 2026-03-08", "-c",
                "save",
            ],
            environment: environment)
        #expect(
            result.stdout
                == lines(
                    "value: 80",
                    "date: 2026-03-08 03:00 (the draft's time, 02:30, did not happen that day: the clocks went forward over it, so this is the first time after the change)",
                    "Saved #1: 80.0 kg on 2026-03-08 03:00."), "\(result.stdout)")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func anAmendedDayKeepsTheEntrysTimeOfDay() {
        let shell = Shell()
        let result = shell.run(["value 75", "date 2026-11-20 07:15", "save", "amend 1 date 2026-11-02", "list"])
        #expect(result.stdout.hasSuffix(lines("#1  2026-11-02 07:15  75.0 kg  trend 75.0")), "\(result.stdout)")
    }

    @Test func aTimeThatHappenedTwiceTakesTheFirstAndSaysSo() {
        let shell = Shell()
        var environment = shell.environment
        environment["TZ"] = "Europe/Berlin"
        let result = shell.run(
            arguments: ["--store", ":memory:", "--now", "2026-11-29T08:00:00Z"],
            input: "value 75\ndate 2026-10-25 02:30\nsave\n", environment: environment)
        #expect(
            result.stdout.contains(
                "date: 2026-10-25 02:30 (that time happened twice, as the clocks went back; this is the first)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("Saved #1: 75.0 kg on 2026-10-25 02:30."))
    }

    @Test func anEntryDatedInTheFutureCanStillHaveItsNoteChanged() {
        let shell = Shell()
        _ = shell.run(
            arguments: ["--store", shell.storePath, "--now", "2026-12-31T08:00:00Z"], input: "value 75\nsave\n")
        let noteOnly = shell.run(["edit 1", "note fixed", "save"])
        #expect(noteOnly.stderr == "", "\(noteOnly.stderr)")
        #expect(noteOnly.stdout.hasSuffix("Saved #1: 75.0 kg on 2026-12-31 08:00 (changed).\n"))

        let weight = shell.run(["edit 1", "value 76", "save"])
        #expect(
            weight.stderr.hasPrefix(
                "error: This entry is dated 2026-12-31 08:00, which is still in the future, so only its note can change. Set a date that has passed with \"date WHEN\" to change its weight. The draft is kept; fix it and save again.\n"
            ), "\(weight.stderr)")
    }
}

import Testing
import TrendshTestSupport

/// A row without a time (The Hacker's Diet Online writes only days) is kept at 12:00 local
/// time on its day, or at the first time after the clocks' change where they skip noon, and is
/// judged "in the future" by its day: a row dated today is new at any hour, even before noon,
/// keeps 12:00, and importing the file again finds it as a duplicate. Its weight can be amended
/// at once. Each case runs the built trendsh with `TZ` set in its environment.
@Suite struct ImportedDayTests {
    /// The Hacker's Diet Online's CSV, in kilograms, one row a day.
    static func hackersDiet(_ rows: [(day: String, kilograms: String)]) -> String {
        "Date,Weight,Rung,Flag,Comment\nStartTrend,2026-01-01,82.0,kg\n"
            + rows.map { "\($0.day),\($0.kilograms),12,0,\n" }.joined()
    }

    /// Imports `text` under `zone` at `now`, saves and lists; then, in a second run, imports it
    /// again, cancels, runs `commands` and lists.
    static func importTwice(_ text: String, zone: String, now: String, then commands: [String] = [])
        -> (first: ProcessResult, again: ProcessResult)
    {
        let shell = Shell()
        let file = shell.home.write(text, to: "hackdiet_db.csv")
        let environment = TrendshProcess.environment(home: shell.home.path, ["TZ": zone])
        func run(_ commands: [String]) -> ProcessResult {
            shell.run(
                arguments: ["--store", shell.storePath, "--now", now],
                input: commands.map { $0 + "\n" }.joined(), environment: environment)
        }
        let first = run(["import \(file)", "save", "list"])
        let again = run(["import \(file)", "cancel"] + commands + ["list"])
        return (first, again)
    }

    @Test(arguments: [
        // 03:00 in New York, 09:00 in Berlin, 21:00 in Auckland: before noon in two of them.
        ("America/New_York", "2026-11-29T08:00:00Z"),
        ("Europe/Berlin", "2026-11-29T08:00:00Z"),
        ("Pacific/Auckland", "2026-11-29T08:00:00Z"),
        // The day the clocks go forward (02:00 to 03:00): 03:30 local, noon still to come.
        ("America/New_York", "2026-03-08T07:30:00Z"),
        // The day the clocks go back (02:00 to 01:00): 01:30 local, the first of the two.
        ("America/New_York", "2026-11-01T05:30:00Z"),
        ("Europe/Berlin", "2026-03-29T01:30:00Z"),
    ])
    func aRowDatedTodayIsNewAtAnyHourKeepsNoonAndIsADuplicateWhenImportedAgain(zone: String, now: String) {
        let today = String(now.prefix(10))
        let (first, again) = Self.importTwice(
            Self.hackersDiet([(today, "80.1")]), zone: zone, now: now, then: ["amend 1 value 80.3"])
        #expect(first.stderr == "", "\(first.stderr)")
        #expect(first.stdout.contains("  new: 1 row, dated \(today) 12:00\n"), "\(first.stdout)")
        #expect(first.stdout.contains("Imported 1 entry from"), "\(first.stdout)")
        #expect(first.stdout.hasSuffix(lines("#1  \(today) 12:00  80.1 kg  trend 80.1")), "\(first.stdout)")
        #expect(first.status == 0)
        // Imported again, it is the stored entry; its weight can be amended before noon too.
        #expect(again.stdout.contains("  new: 0 rows\n  duplicate: 1 row ("), "\(again.stdout)")
        #expect(again.stdout.contains("    line 3: \(today) 12:00, 80.1 kg\n"), "\(again.stdout)")
        #expect(again.stdout.contains("Amended #1: 80.3 kg on \(today) 12:00, no note.\n"), "\(again.stdout)")
        #expect(again.stdout.hasSuffix(lines("#1  \(today) 12:00  80.3 kg  trend 80.3")), "\(again.stdout)")
        #expect(again.stderr == "", "\(again.stderr)")
    }

    @Test func aRowDatedTomorrowIsInTheFutureByItsDay() {
        let (first, _) = Self.importTwice(
            Self.hackersDiet([("2026-11-29", "80.1"), ("2026-11-30", "80.0")]), zone: "Pacific/Kiritimati",
            now: "2026-11-29T08:00:00Z")
        // 22:00 on 2026-11-29 in Kiritimati (UTC+14): the 30th is still to come.
        #expect(first.stdout.contains("    line 4: 2026-11-30 is in the future.\n"), "\(first.stdout)")
        #expect(first.stdout.contains("Imported 1 entry from"), "\(first.stdout)")
    }

    /// No real zone's clocks skip noon, so a POSIX rule that changes at 12:00 stands for one:
    /// on 2026-03-08 its clocks go from 12:00 straight to 13:00.
    @Test func aDayWhoseNoonTheClocksSkipIsKeptAtTheFirstTimeAfterTheChange() {
        let (first, again) = Self.importTwice(
            Self.hackersDiet([("2026-03-07", "80.5"), ("2026-03-08", "80.3")]), zone: "EST5EDT,M3.2.0/12,M11.1.0/2",
            now: "2026-03-08T14:00:00Z")
        // 09:00 local, before the change: the day is today, and accepted.
        #expect(first.stderr == "", "\(first.stderr)")
        #expect(
            first.stdout.hasSuffix(
                lines("#2  2026-03-08 13:00  80.3 kg  trend 80.5", "#1  2026-03-07 12:00  80.5 kg  trend 80.5")),
            "\(first.stdout)")
        #expect(again.stdout.contains("  duplicate: 2 rows"), "\(again.stdout)")
    }
}

import FoundationEssentials
import TrendKit

/// Values shared by the TrendShell tests.
enum Fixtures {
    /// 2026-11-29 08:00 in the process's own time zone, so every date below prints the same
    /// whatever `TZ` the tests run under.
    static let now = localDate(2026, 11, 29, 8, 0)
    static let clock = Clock.fixed(now)
    static let nowText = "2026-11-29 08:00"

    static let kilogramsMessage = "Enter a weight between 20 and 500 kg."
    static let simulatedSaveMessage = "The store could not save (simulated failure), so nothing was written."

    /// A stored entry with a note, and one without.
    static let entryWithNote = WeightEntry(id: 12, date: now, kilograms: 75, note: "after run")
    static let entryWithoutNote = WeightEntry(
        id: 3, date: localDate(2026, 11, 28, 7, 30), kilograms: 74.84274105, note: "")

    /// A local date and time; traps for a date that does not exist, which no fixture names.
    static func localDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        guard
            let date = LocalCalendar.date(
                from: LocalCalendar.Fields(year: year, month: month, day: day, hour: hour, minute: minute))
        else { preconditionFailure("\(year)-\(month)-\(day) is not a date") }
        return date
    }
}

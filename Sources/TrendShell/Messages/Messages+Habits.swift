import TrendKit

extension Messages {
    public static func reason(_ error: HabitError) -> String {
        switch error {
        case .invalidName: return "A habit needs a name; type one with \"name TEXT\"."
        case .duplicateName(let name):
            return "There is already a habit called \"\(name)\"; habit names differ by more than case."
        case .nameTooLong(let length):
            return "A habit's name can have at most \(HabitName.maximumLength) characters; this one has \(length)."
        case .noSuchHabit(let name):
            return
                "There is no habit called \"\(name)\"; type \"habits\" to see them, and put a name with spaces in double quotes."
        case .dayInFuture: return "A day can't be marked before it has come."
        case .date(let error): return reason(error)
        }
    }

    public static let newHabitDraft = "New habit draft. Name it with \"name TEXT\", then \"save\"."
    public static let noHabits = "No habits yet. Start one with \"new habit\", then \"name TEXT\" and \"save\"."

    /// A failed habit save: the seed's sentence, the cause, and the hint that fits.
    public static func habitSaveFailed(_ error: TrendError, units: MeasureUnits, retry: DraftRetry = .here) -> String {
        if case .habit = error {
            return reason(error, units: units) + " " + draftKept(retry, then: "fix it and save again")
        }
        return "The habit could not be saved. " + saveFailed(error, units: units, retry: retry)
    }

    public static func habitSaved(_ outcome: HabitAddOutcome) -> String {
        switch outcome {
        case .added(let habit): return "Saved the habit \"\(habit.name)\"."
        case .alreadyAdded(let habit):
            return
                "Saved the habit \"\(habit.name)\" (an earlier attempt had already saved it; nothing new was written)."
        case .duplicate(let habit): return reason(.duplicateName(habit.name))
        }
    }

    public static func marked(_ name: String, day: Int, done: Bool, changed: Bool) -> String {
        let date = LocalCalendar.dayText(dayNumber: day)
        if changed { return done ? "Done: \"\(name)\" on \(date)." : "Not done: \"\(name)\" on \(date)." }
        return done
            ? "\"\(name)\" was already done on \(date); nothing changed."
            : "\"\(name)\" was not done on \(date); nothing changed."
    }

    public static func renamed(from old: String, to new: String) -> String { "Renamed \"\(old)\" to \"\(new)\"." }

    public static func habitDeleted(_ outcome: HabitDeleteOutcome, name: String) -> String {
        switch outcome {
        case .deleted(let habit): return "Deleted the habit \"\(habit.name)\" and the days it was done."
        case .alreadyDeleted, .missing: return "The habit \"\(name)\" had already been deleted; nothing changed."
        }
    }

    @MainActor
    public static func habitsLoadFailed(_ log: HabitLog, _ error: TrendError, shownEarlier: Bool, units: MeasureUnits)
        -> String
    {
        loadFailed(log, error, units: units) + (shownEarlier ? " These are the habits loaded earlier." : "")
            + " Type \"refresh\" to try again."
    }

    public static func deleteAgain(_ id: Int64) -> String { " Type \"delete \(id)\" again to delete it as it is now." }

    public static let amendAgain = " Type the amend again to change it as it is now."
}

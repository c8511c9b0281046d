import FoundationEssentials
import TrendKit

extension Messages {
    public static func newWeightDraft(_ draft: WeightEntryDraft) -> String {
        "New draft dated \(LocalCalendar.minuteText(draft.date)). Set its weight with \"value WEIGHT\", then \"save\"."
    }

    /// `edit`'s answer; an entry that breaks `rule` says so, as `list` marks it.
    public static func editing(_ entry: WeightEntry, units: MeasureUnits, breaking rule: EntryRule? = nil) -> String {
        let mark = rule.map { " (\(leftOutMark($0, units: units)))" } ?? ""
        return
            "Editing \(Renderer.entrySummary(entry, units: units))\(mark). Change its fields, then \"save\" or \"cancel\"."
    }

    public static func dateSet(_ parsed: EntryDateParser.Parsed) -> String {
        "date: \(LocalCalendar.minuteText(parsed.date))" + dateNote(parsed)
    }

    /// What a typed date needs said about the clocks: a time that happened twice, or a time of
    /// day kept from the draft that did not happen that day.
    static func dateNote(_ parsed: EntryDateParser.Parsed) -> String {
        if let skipped = parsed.movedPastGap {
            let time = "\(twoDigits(skipped.hour)):\(twoDigits(skipped.minute))"
            return
                " (the draft's time, \(time), did not happen that day: the clocks went forward over it, so this is the first time after the change)"
        }
        return parsed.tookEarlierOfTwo ? " (that time happened twice, as the clocks went back; this is the first)" : ""
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    public static func saved(_ outcome: SaveOutcome, units: MeasureUnits) -> String {
        switch outcome {
        case .created(let entry): return "Saved \(Renderer.entrySummary(entry, units: units))."
        case .updated(let entry): return "Saved \(Renderer.entrySummary(entry, units: units)) (changed)."
        case .alreadySaved(let entry):
            return
                "Saved \(Renderer.entrySummary(entry, units: units)) (an earlier attempt had already saved it; nothing new was written)."
        case .unchanged(let id): return "Entry #\(id) is unchanged, so nothing was written."
        case .removedSince(let id):
            return
                "An earlier attempt had already saved this draft as #\(id), which has been removed since (undone or deleted); nothing new was written."
        }
    }

    public static func deleted(_ outcome: DeleteOutcome, units: MeasureUnits) -> String {
        guard let entry = outcome.entry else {
            return "Entry #\(outcome.id) had already been deleted; nothing changed."
        }
        let summary = Renderer.entrySummary(entry, units: units)
        return outcome.alreadyDeleted
            ? "Deleted \(summary) (an earlier attempt had already deleted it; nothing else changed)."
            : "Deleted \(summary)."
    }

    public static func discarded(summary: String, editing id: Int64?) -> String {
        "Discarded the draft (\(summary)).\(id.map { " Entry #\($0) is unchanged." } ?? "")"
    }

    /// `between 20 and 500 kg`: the weights every entry keeps, in `unit`.
    static func weightRange(_ unit: WeightUnit) -> String {
        switch unit {
        case .kilograms: return "between 20 and 500 kg"
        case .pounds: return "between 44.1 and 1102.3 lb"
        case .stones: return "between 3 st 2.1 lb and 78 st 10.3 lb"
        }
    }

    /// What `list` puts beside an entry that breaks a rule: `left out: weight not between 20 and 500 kg`.
    public static func leftOutMark(_ rule: EntryRule, units: MeasureUnits) -> String {
        switch rule {
        case .weightInRange: return "left out: weight not \(weightRange(units.weight))"
        case .notInFuture: return "left out: dated in the future"
        }
    }

    /// The edited entry's stored weight breaks the rule, and the draft keeps it.
    static func storedWeightBreaksRule(_ kilograms: Double, unit: WeightUnit) -> String {
        "This entry weighs \(Renderer.weight(kilograms, in: unit)), which breaks the rule that a weight is \(weightRange(unit)), so it is left out of the trend. The save needs a valid weight: set one with \"value WEIGHT\"."
    }

    /// The edited entry is dated in the future, and the draft changes nothing.
    static func storedDateInFuture(_ date: Date) -> String {
        "This entry is dated \(LocalCalendar.minuteText(date)), which is in the future: that breaks the rule that no entry is, so it is left out of the trend until then. The save needs a date that has passed (set one with \"date WHEN\"), or a change to its note alone."
    }

    /// `stats` and `trend` under their figures: how many entries break a rule.
    public static func leftOut(_ count: Int) -> String { leftOutPhrase(count) + "." }

    /// `status`: how many entries break a rule, as part of the trend's line.
    static func leftOutPhrase(_ count: Int) -> String {
        count == 1
            ? "1 row that breaks the rules is left out (list shows it)"
            : "\(count) rows that break the rules are left out (list shows them)"
    }

    public static let noEntries = "No entries yet. Log one with \"value WEIGHT\", then \"save\"."

    public static func listFailed(_ error: TrendError, units: MeasureUnits, showedEarlier: Bool) -> String {
        var retryable = true
        if case .storage(let storage) = error { retryable = storage.retryMayHelp }
        return reason(error, units: units) + (showedEarlier ? " These are the entries loaded earlier." : "")
            + (retryable ? " Type \"refresh\" to try again." : "")
    }

    public static func restoredEntryGone(_ id: Int64) -> String {
        "Entry #\(id), which the draft was editing, no longer exists; the draft will be saved as a new entry."
    }

    public static func restoredEntryUnread(_ id: Int64, reason: String) -> String {
        "Entry #\(id), which the draft was editing, could not be read: \(reason) Its save will first show what the entry holds."
    }
}

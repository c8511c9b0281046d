import TrendKit

extension Messages {
    public static func newWeightDraft(_ draft: WeightEntryDraft) -> String {
        "New draft dated \(LocalCalendar.minuteText(draft.date)). Set its weight with \"value WEIGHT\", then \"save\"."
    }

    public static func editing(_ entry: WeightEntry, unit: WeightUnit) -> String {
        "Editing \(Renderer.entrySummary(entry, unit: unit)). Change its fields, then \"save\" or \"cancel\"."
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

    public static func saved(_ outcome: SaveOutcome, unit: WeightUnit) -> String {
        switch outcome {
        case .created(let entry): return "Saved \(Renderer.entrySummary(entry, unit: unit))."
        case .updated(let entry): return "Saved \(Renderer.entrySummary(entry, unit: unit)) (changed)."
        case .alreadySaved(let entry):
            return
                "Saved \(Renderer.entrySummary(entry, unit: unit)) (an earlier attempt had already saved it; nothing new was written)."
        case .unchanged(let id): return "Entry #\(id) is unchanged, so nothing was written."
        case .removedSince(let id):
            return
                "An earlier attempt had already saved this draft as #\(id), which has been removed since (undone or deleted); nothing new was written."
        }
    }

    public static func deleted(_ outcome: DeleteOutcome, unit: WeightUnit) -> String {
        guard let entry = outcome.entry else {
            return "Entry #\(outcome.id) had already been deleted; nothing changed."
        }
        let summary = Renderer.entrySummary(entry, unit: unit)
        return outcome.alreadyDeleted
            ? "Deleted \(summary) (an earlier attempt had already deleted it; nothing else changed)."
            : "Deleted \(summary)."
    }

    public static func discarded(summary: String, editing id: Int64?) -> String {
        "Discarded the draft (\(summary)).\(id.map { " Entry #\($0) is unchanged." } ?? "")"
    }

    public static let noEntries = "No entries yet. Log one with \"value WEIGHT\", then \"save\"."

    public static func listFailed(_ error: TrendError, unit: WeightUnit, showedEarlier: Bool) -> String {
        var retryable = true
        if case .storage(let storage) = error { retryable = storage.retryMayHelp }
        return reason(error, unit: unit) + (showedEarlier ? " These are the entries loaded earlier." : "")
            + (retryable ? " Type \"refresh\" to try again." : "")
    }

    public static func restoredEntryGone(_ id: Int64) -> String {
        "Entry #\(id), which the draft was editing, no longer exists; the draft will be saved as a new entry."
    }

    public static func restoredEntryUnread(_ id: Int64, reason: String) -> String {
        "Entry #\(id), which the draft was editing, could not be read: \(reason) Its save will first show what the entry holds."
    }
}

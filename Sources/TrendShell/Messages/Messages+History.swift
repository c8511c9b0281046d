import TrendKit

/// Sentences about the change history: steps, undo and redo, and why one was refused.
extension Messages {
    /// A step in a few words: `amended #1: value 76.0 kg (was 75.0 kg)`.
    public static func describe(_ step: HistoryStep, units: MeasureUnits) -> String {
        for feature in ShellFeature.all {
            if let text = feature.describeStep(step, units) { return text }
        }
        return step.rowCount == 1 ? "a change of 1 row" : "a change of \(step.rowCount) rows"
    }

    /// A weights step: a save, an edit, an amend or a delete, or a kind added or removed.
    static func describeWeightsStep(_ step: HistoryStep, units: MeasureUnits) -> String? {
        switch (step.kind, step.before, step.after) {
        case (.kindAdd, _, .kind(let kind)?):
            return "added \(kindDeclared(kind))"
        case (.kindRemove, .kind(let kind)?, _):
            return "removed \(kindDeclared(kind))"
        case (.save, _, .entry(let entry)?):
            return "saved \(Renderer.entrySummary(entry, units: units))"
        case (.edit, .entry(let before)?, .entry(let after)?), (.amend, .entry(let before)?, .entry(let after)?):
            let verb = step.kind == .edit ? "edited" : "amended"
            return "\(verb) #\(after.id): \(Renderer.entryDifferences(from: before, to: after, units: units))"
        case (.delete, .entry(let entry)?, _):
            return "deleted \(Renderer.entrySummary(entry, units: units))"
        default: return nil
        }
    }

    /// An import's step: its entries, and the kinds its files declared that it added.
    static func describeExchangeStep(_ step: HistoryStep, units: MeasureUnits) -> String? {
        guard step.kind == .import else { return nil }
        let kinds = step.rowCount(of: .kinds)
        let entries = step.rowCount - kinds
        let imported = entries == 1 ? "imported 1 entry" : "imported \(entries) entries"
        switch (kinds, step.after) {
        case (0, _): return imported
        case (1, .kind(let kind)?): return "\(imported) and the kind \"\(kind.word)\""
        default: return "\(imported) and \(kinds == 1 ? "1 kind" : "\(kinds) kinds")"
        }
    }

    /// `the kind "neck" (cm, 20.0 to 80.0)`: a kind a person added, with what it was declared.
    private static func kindDeclared(_ kind: MeasurementKind) -> String {
        "the kind \"\(kind.word)\" (\(kind.defaultUnit.symbol), \(range(of: kind, in: kind.defaultUnit)))"
    }

    /// A habits step: a habit added, renamed or deleted, or a day marked.
    static func describeHabitsStep(_ step: HistoryStep, units: MeasureUnits) -> String? {
        switch (step.kind, step.before, step.after) {
        case (.habitAdd, _, .habit(let habit)?):
            return "added the habit \"\(habit.name)\""
        case (.habitRename, .habit(let before)?, .habit(let after)?):
            return "renamed the habit \"\(before.name)\" to \"\(after.name)\""
        case (.habitDelete, .habit(let habit)?, _):
            let days = step.rowCount - 1
            let extra = days == 0 ? "" : days == 1 ? " and its 1 done day" : " and its \(days) done days"
            return "deleted the habit \"\(habit.name)\"\(extra)"
        case (.habitDone, _, .day(_, let day)?):
            return "marked \"\(step.subject)\" done on \(LocalCalendar.dayText(dayNumber: day))"
        case (.habitUndone, .day(_, let day)?, _):
            return "marked \"\(step.subject)\" not done on \(LocalCalendar.dayText(dayNumber: day))"
        default: return nil
        }
    }

    /// What `undo list` prints: a heading, then the steps newest first, each done or undone,
    /// with the step `undo` takes next and the one `redo` takes next marked.
    public static func historyLines(_ listing: HistoryListing, units: MeasureUnits) -> [String] {
        guard !listing.steps.isEmpty else { return [noHistory] }
        var rows = [["step", "state", "next", "change"]]
        for step in listing.steps {
            let next = step.id == listing.nextToUndo ? "undo" : step.id == listing.nextToRedo ? "redo" : ""
            rows.append([String(step.id), step.isUndone ? "undone" : "done", next, describe(step, units: units)])
        }
        return TextColumns.lines(rows, alignments: [.right, .left, .left, .left])
    }

    public static let noHistory = "The history is empty: nothing has been changed yet."

    public static func undone(_ result: HistoryResult, units: MeasureUnits) -> String {
        applied(result, verb: "Undid", units: units, earlier: "undone")
    }

    public static func redone(_ result: HistoryResult, units: MeasureUnits) -> String {
        applied(result, verb: "Redid", units: units, earlier: "redone")
    }

    private static func applied(_ result: HistoryResult, verb: String, units: MeasureUnits, earlier: String) -> String {
        guard let step = result.step else {
            return "\(verb) it: an earlier attempt had already \(earlier) it, and nothing more was written."
        }
        let what = "\(verb) step \(step.id): \(describe(step, units: units))"
        return result.alreadyApplied
            ? "\(what) (an earlier attempt had already \(earlier) it; nothing more was written)." : "\(what)."
    }

    public static func reason(_ error: HistoryError, units: MeasureUnits) -> String {
        switch error {
        case .nothingToUndo: return "There is nothing to undo."
        case .nothingToRedo: return "There is nothing to redo."
        case .noSuchStep(let id):
            return
                "Step \(id) is no longer in the history (a newer change cleared it, or it is older than the \(ChangeRecorder.levels) steps kept), so nothing was changed."
        case .alreadyUndone(let step):
            return
                "Step \(step.id) (\(describe(step, units: units))) had already been undone by another session; nothing changed."
        case .alreadyRedone(let step):
            return
                "Step \(step.id) (\(describe(step, units: units))) had already been redone by another session; nothing changed."
        case .changedSince(let step, let expected, let now):
            return
                "\(changedRow(step, expected: expected, now: now, units: units)) since step \(step.id) (\(describe(step, units: units))), so nothing was written.\(holdsNow(now, units: units))"
        case .nameTaken(let step, let name):
            return
                "Another habit is called \"\(name)\" now, so step \(step.id) (\(describe(step, units: units))) can't be put back; nothing was written. Rename that habit first."
        case .inUse(let step, let row, let count):
            let word: String
            if case .kind(let kind)? = row ?? step.after ?? step.before { word = kind.word } else { word = "it" }
            let values = count == 1 ? "1 entry holds a value" : "\(count) entries hold values"
            return
                "\(values) of \"\(word)\", so step \(step.id) (\(describe(step, units: units))) can't be put back; nothing was written. Remove those values first (\"amend ID \(word)\" with no text)."
        case .heldOutside(let step, let row):
            let word: String
            if case .kind(let kind)? = row ?? step.after ?? step.before { word = kind.word } else { word = "it" }
            return
                "The open draft holds a value of \"\(word)\", so step \(step.id) (\(describe(step, units: units))) can't be put back; nothing was written. Save or cancel the draft, or type \"\(word)\" with no value, first."
        case .usesMissing(let step, let word):
            return
                "Step \(step.id) (\(describe(step, units: units))) holds a value of \"\(word)\", a kind that no longer exists, so it can't be put back; nothing was written. Bring the kind back first (undo its removal, or \"measure add \(word) …\"), then try again."
        case .changedByNewerStep(let step, let newer, let row):
            return
                "Step \(newer.id) (\(describe(newer, units: units))) changed \(rowName(step, row)) after step \(step.id) (\(describe(step, units: units))) and is done, so step \(step.id) stays \(step.isUndone ? "undone" : "done"); nothing was written. Type \"undo \(newer.id)\" first."
        }
    }

    /// After an undo refused at a step: how to reach older steps past it.
    static func pastTheRefusedStep(_ error: HistoryError) -> String {
        switch error {
        case .changedSince(let step, _, _), .nameTaken(let step, _), .inUse(let step, _, _), .usesMissing(let step, _),
            .heldOutside(let step, _):
            return
                " Step \(step.id) stays done; \"undo STEP\" takes back an older step whose rows no newer step changed (\"undo list\" shows the numbers)."
        case .nothingToUndo, .nothingToRedo, .noSuchStep, .alreadyUndone, .alreadyRedone, .changedByNewerStep:
            return ""
        }
    }

    /// `undo STEP` for a step the history does not hold.
    public static func notInHistory(_ id: Int64) -> String {
        "The history holds no step \(id) (it keeps the newest \(ChangeRecorder.levels) steps, and a new change clears the undone ones), so nothing was changed. \"undo list\" shows the steps."
    }

    /// `undo STEP` for a step that is undone.
    public static func undoneAlready(_ step: HistoryStep, units: MeasureUnits) -> String {
        "Step \(step.id) (\(describe(step, units: units))) is undone already, so nothing was changed. \"redo\" brings back the step undone last."
    }

    /// `entry #3`, `the habit "Read"`, for the row a newer step changed.
    private static func rowName(_ step: HistoryStep, _ row: RowValue?) -> String {
        switch row ?? step.after ?? step.before {
        case .entry(let entry)?: return "entry #\(entry.id)"
        case .habit(let habit)?: return "the habit \"\(habit.name)\""
        case .day(_, let day)?: return "the day \(LocalCalendar.dayText(dayNumber: day)) of \"\(step.subject)\""
        case .kind(let kind)?: return "the kind \"\(kind.word)\""
        case nil: return "what it changed"
        }
    }

    /// `Entry #3 has changed`, `The habit "Read" has changed`.
    private static func changedRow(_ step: HistoryStep, expected: RowValue?, now: RowValue?, units: MeasureUnits)
        -> String
    {
        switch expected ?? now {
        case .entry(let entry)?: return "Entry #\(entry.id) has changed"
        case .habit(let habit)?: return "The habit \"\(habit.name)\" has changed"
        case .day(_, let day)?:
            return "The day \(LocalCalendar.dayText(dayNumber: day)) of \"\(step.subject)\" has changed"
        case .kind(let kind)?: return "The kind \"\(kind.word)\" has changed"
        case nil: return "What it changed has changed again"
        }
    }

    private static func holdsNow(_ now: RowValue?, units: MeasureUnits) -> String {
        switch now {
        case .entry(let entry)?: return " It now holds \(Renderer.entryContents(entry, units: units))."
        case .habit(let habit)?: return " It is now called \"\(habit.name)\"."
        case .day?: return " That day is marked done now."
        case .kind(let kind)?: return " It is now \(kindDeclared(kind))."
        case nil: return " It is gone now."
        }
    }
}

import FoundationEssentials
import TrendKit

/// The trace's lines (`--trace`, `trace on`): one short line per step a layer took, named
/// as docs/design.md names the layers, told from the events the layers record as they act.
extension Messages {
    /// The layer a trace line is about, as its line begins: `editor`, `feature weights`,
    /// `store`, `draft file`, `pending file`.
    public static func traceLayer(_ event: TraceEvent) -> String {
        switch event {
        case .editorOpened, .editorKept, .editorError, .editorClosed, .editorRebased: return "editor"
        case .validated(let feature, _, _), .published(let feature, _), .retainedError(let feature, _):
            return "feature \(feature)"
        case .writeBegan, .writeRefused, .statementsRan, .committed, .rolledBack, .commitUnconfirmed, .read,
            .readFailed, .otherSessionCommitted:
            return "store"
        case .pendingQueued: return "pending changes"
        case .fileWritten(let file, _), .fileWriteFailed(let file, _), .keptInMemory(let file, _):
            return "\(file.rawValue) file"
        }
    }

    /// One line of the trace, `trace: LAYER: WHAT IT DID`; text a person typed is quoted as
    /// typed, its control characters escaped by the caller.
    public static func traceLine(_ event: TraceEvent, units: MeasureUnits) -> String {
        "trace: \(traceLayer(event)): \(traceText(event, units: units))"
    }

    /// What the layer did, without the layer's name.
    public static func traceText(_ event: TraceEvent, units: MeasureUnits) -> String {
        switch event {
        case .editorOpened(let kind, let editing, let fields):
            let what = editing.map { "\(aDraft(kind)) of entry #\($0)" } ?? "a new \(kind) draft"
            let filled = fields.filter { !$0.text.isEmpty }
            return "opens \(what)" + (filled.isEmpty ? "" : ", holding \(traceFields(filled))")
        case .editorKept(_, let fields):
            return "keeps \(traceFields(fields)), as typed"
        case .editorError(let kind, let error?):
            return "keeps the failed save's error beside the \(kind) draft: \(reason(error, units: units))"
        case .editorError(let kind, nil):
            return "lets go of the \(kind) draft's error"
        case .editorClosed(let kind):
            return "closes the \(kind) draft"
        case .editorRebased(_, let entry, let revision?):
            return
                "moves the draft's base to entry #\(entry) at revision \(revision), as stored now: the next save overwrites that revision, knowingly"
        case .editorRebased(_, let entry, nil):
            return "lets go of entry #\(entry), which is gone: the next save writes the draft as a new entry"
        case .validated(_, let subject, let decision):
            return "checks \(traceSubject(subject, units: units)): \(traceDecision(decision, units: units))"
        case .writeBegan(let feature):
            return "BEGIN IMMEDIATE: a write transaction for \(feature), holding the store's write lock"
        case .writeRefused(let feature, let error):
            return "the write for \(feature) does not begin, so nothing is written: \(reason(error))"
        case .statementsRan(let runs):
            return runs.isEmpty ? "runs no statement" : "runs \(traceStatements(runs))"
        case .committed(_, let rows):
            return "COMMIT returns: the store confirms the transaction (\(rows) \(rows == 1 ? "row" : "rows") written)"
        case .rolledBack(_, let error):
            return "ROLLBACK: nothing the transaction did is kept, because \(traceReason(error))"
        case .commitUnconfirmed(let feature):
            return
                "the outcome of the commit for \(feature) is not known to the feature (its reply was lost, or the disk did not confirm it): a retry asks the store first"
        case .read(let feature, let runs):
            return "reads for \(feature): " + (runs.isEmpty ? "no statement" : traceStatements(runs))
        case .readFailed(let feature, let error):
            return "the read for \(feature) fails: \(reason(error))"
        case .otherSessionCommitted:
            return "another session has committed since the last command: the features reload"
        case .published(_, let publication):
            return tracePublication(publication)
        case .retainedError(_, let error?):
            return "sets its retained error: \(reason(error, units: units))"
        case .retainedError(_, nil):
            return "clears its retained error"
        case .pendingQueued(let change):
            return "queues \(traceChange(change)), to be tried when the store can be written"
        case .fileWritten(_, let contents):
            return "now holds \(traceContents(contents))"
        case .fileWriteFailed(_, let error):
            return "could not be written, so it holds what it held before: \(reason(error))"
        case .keptInMemory(_, let contents):
            return "none for this session, so memory alone holds \(traceContents(contents))"
        }
    }

    /// `value "75.4", note "after run"`; an emptied field is `note ""`.
    static func traceFields(_ fields: [TraceField]) -> String {
        fields.map { "\(traceFieldName($0.name)) \"\(traceFieldText($0))\"" }.joined(separator: ", ")
    }

    /// A record's field name as the commands say it: `m.waist` is `waist`.
    private static func traceFieldName(_ name: String) -> String {
        if name.hasPrefix("m.") { return String(name.dropFirst(2)) }
        // An import's files and columns: `file.0.name` is `file`, `column.0.of` is `column`.
        if name.hasPrefix("file."), name.hasSuffix(".name") { return "file" }
        if name.hasPrefix("column."), name.hasSuffix(".of") { return "column" }
        if name.hasPrefix("column."), name.hasSuffix(".as") { return "as" }
        return name
    }

    /// `a weight draft`, `an import draft`.
    private static func aDraft(_ kind: DraftKind) -> String {
        ("aeiou".contains(kind.rawValue.prefix(1)) ? "an " : "a ") + "\(kind) draft"
    }

    /// A field's text; a stored time is shown in local time, as `list` shows it.
    private static func traceFieldText(_ field: TraceField) -> String {
        if field.name == "date", let date = StoredTime.date(field.text) { return LocalCalendar.minuteText(date) }
        return field.text
    }

    private static func traceSubject(_ subject: TraceSubject, units: MeasureUnits) -> String {
        switch subject {
        case .entry(let kilograms, let date, let note, let editing):
            let weight = kilograms.map { Renderer.weight($0, in: units.weight) } ?? "no weight"
            let noted = note.isEmpty ? "" : ", note \"\(note)\""
            let target = editing.map { "a change to entry #\($0)" } ?? "a new entry"
            return "the draft as \(target): \(weight) on \(LocalCalendar.minuteText(date))\(noted)"
        case .unchangedEntry(let id): return "the draft of entry #\(id), which changes nothing"
        case .entryDraft: return "the draft"
        case .storedEntry(let id?):
            return "entry #\(id) as the store holds it, against the revision the draft was opened from"
        case .storedEntry(nil): return "the entry the draft saved before"
        case .amendment(let id): return "the amendment of entry #\(id)"
        case .habit(let name): return "the habit \"\(name)\""
        case .historyStep(let step?, let undo): return "the \(undo ? "undo" : "redo") of step \(step)"
        case .historyStep(nil, let undo):
            return "the \(undo ? "undo" : "redo") of the \(undo ? "newest step" : "step undone last")"
        case .importRows(let rows): return "the import: \(rows) \(rows == 1 ? "row" : "rows") to write"
        }
    }

    private static func traceDecision(_ decision: TraceDecision, units: MeasureUnits) -> String {
        switch decision {
        case .accepted: return "valid, so it goes to the store"
        case .unchanged: return "nothing to write"
        case .refused(let error): return "refused, so nothing goes to the store: \(reason(error, units: units))"
        }
    }

    /// `reads entries, adds to entries, changes day_trends ×3`.
    static func traceStatements(_ runs: [StatementRun]) -> String {
        runs.map { run in
            let what: String
            switch run.action {
            case .reads: what = run.table.isEmpty ? "computes a value" : "reads \(run.table)"
            case .adds: what = "adds to \(run.table)"
            case .changes: what = "changes \(run.table)"
            case .removes: what = "removes from \(run.table)"
            case .other: what = run.table
            }
            return run.count == 1 ? what : "\(what) ×\(run.count)"
        }.joined(separator: ", ")
    }

    /// Why a transaction rolled back, as a clause.
    private static func traceReason(_ error: StorageError) -> String {
        if case .abandoned = error { return "the feature stopped it (it says why above)" }
        let sentence = reason(error)
        return sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    private static func tracePublication(_ publication: TracePublication) -> String {
        switch publication {
        case .entry(let id, let revision):
            return "publishes entry #\(id) at revision \(revision), as the store confirmed it"
        case .removal(let id): return "publishes that entry #\(id) is gone"
        case .reloaded(let count):
            return "publishes what the store holds: \(count) \(count == 1 ? "row" : "rows") in its window"
        case .habit(let name): return "publishes the habit \"\(name)\", as the store confirmed it"
        case .historyStep(let step, let undone):
            return "publishes that step \(step) is \(undone ? "undone" : "redone")"
        }
    }

    private static func traceChange(_ change: TraceChange) -> String {
        switch change {
        case .amend(let entry, let text): return "an amend of entry #\(entry) (\"\(text)\")"
        case .undo(let step?): return "an undo of step \(step)"
        case .undo(nil): return "an undo of the newest step"
        case .redo(let step?): return "a redo of step \(step)"
        case .redo(nil): return "a redo of the step undone last"
        }
    }

    private static func traceContents(_ contents: TraceFileContents) -> String {
        switch contents {
        case .nothing: return "nothing"
        case .draft(let kind, let fields):
            return aDraft(kind) + (fields.isEmpty ? "" : ": \(traceFields(fields))")
        case .changes(let changes):
            return "\(changes.count) waiting \(changes.count == 1 ? "change" : "changes"): "
                + changes.map(traceChange).joined(separator: ", ")
        }
    }
}

extension Messages {
    /// `trace`'s answer.
    static func traceState(_ on: Bool, changed: Bool) -> String {
        switch (on, changed) {
        case (true, true):
            return "The trace is on: each command also prints, on standard error, the path it takes through the layers."
        case (false, true): return "The trace is off."
        case (true, false): return "The trace is on. \"trace off\" turns it off."
        case (false, false):
            return "The trace is off. \"trace on\" shows the path each command takes through the layers."
        }
    }

    static let traceDetails = [
        "With the trace on, each command also prints one line per step on standard error:",
        "what the editor keeps as typed, what the feature checks and decides, each store",
        "transaction (BEGIN, its statements by what they do to which table, COMMIT or ROLLBACK",
        "and why), what the feature publishes, its retained error, and what the draft file and",
        "the pending file now hold. The lines come from the layers as they act (docs/design.md),",
        "name entries and steps by number, and are the same on every run, so lessons show them.",
        "Dimmed at a terminal, plain in a pipe, JSON objects (schema trendsh-trace) with --format",
        "json. --trace turns it on from the start. It lasts for the session and is never saved.",
    ]
}

import FoundationEssentials

/// One open weight draft: what the person typed, the retained error of the last save, and
/// whether a save is running. A failed save leaves the draft exactly as typed; a save refused
/// because another session changed the entry moves the draft's base to what is stored now,
/// so the next `save` overwrites knowingly.
@MainActor
public final class EntryEditor: DraftEditor {
    public var draft: WeightEntryDraft {
        didSet {
            let changes = traced.changes(to: draft.record, tracing: log.trace.isOn)
            if !changes.isEmpty { log.trace.record(.editorKept(.weight, changes)) }
        }
    }
    /// What the trace last saw of the draft (never `oldValue`, which copies the draft).
    private var traced: TracedFields
    /// The last save's failure, kept until a save succeeds.
    public private(set) var lastError: TrendError? {
        didSet { if log.trace.isOn && lastError != oldValue { log.trace.record(.editorError(.weight, lastError)) } }
    }

    /// What restoring the draft found about its entry, to be said once.
    public var restoreNote: RestoreNote?

    /// What restoring a draft found about the entry it edits.
    public enum RestoreNote: Equatable, Sendable {
        /// The entry no longer exists; the draft will be saved as a new entry.
        case entryGone(id: Int64)
        /// The entry could not be read; the draft's base is unknown until it can be.
        case entryUnread(id: Int64, TrendError)
    }

    private let log: WeightLog
    /// The draft as it was when a save last failed.
    private var failedDraft: WeightEntryDraft?

    /// Opens a new draft, or one prefilled from `entry`, in the selected unit.
    public init(log: WeightLog, entry: WeightEntry? = nil) {
        self.log = log
        let opened = log.makeDraft(editing: entry)
        draft = opened
        traced = TracedFields(opened.record, tracing: log.trace.isOn)
    }

    /// Reopens a draft kept on disk.
    public init(log: WeightLog, restoring draft: WeightEntryDraft) {
        self.log = log
        self.draft = draft
        traced = TracedFields(draft.record, tracing: log.trace.isOn)
    }

    public var kind: DraftKind { .weight }
    public var title: String { draft.editing == nil ? "Log Weight" : "Edit Entry" }
    public var hasUnsavedChanges: Bool { draft.hasUnsavedChanges }
    /// True after a failed save until the draft changes.
    public var lastSaveFailed: Bool { failedDraft == draft }
    public var record: DraftRecord { draft.record }

    /// Saves the draft. Success means storage confirmed it; on failure the draft keeps what
    /// was typed, and the error is kept.
    public func save() -> Result<SaveOutcome, TrendError> {
        do {
            let outcome = try log.save(draft)
            lastError = nil
            failedDraft = nil
            return .success(outcome)
        } catch {
            if case .entries(.conflict(let id, let current)) = error, draft.editing?.id == id {
                // Seen now: the next save overwrites this revision, and only it. An entry
                // deleted meanwhile is saved again as a new one.
                if let current {
                    draft.editing?.revision = current.revision
                } else {
                    draft.editing = nil
                }
                log.trace.record(.editorRebased(.weight, entry: id, revision: current?.revision))
            }
            lastError = error
            failedDraft = draft
            return .failure(error)
        }
    }
}

extension DraftKind {
    /// A weight entry, new or edited.
    public static let weight = DraftKind("weight")
}

extension WeightEntryDraft {
    /// The draft as the draft file keeps it.
    public var record: DraftRecord {
        // Sized once: every draft edit builds one, and a growing table rehashes its keys.
        var fields: [String: String] = [:]
        fields.reserveCapacity(
            16 + 2 * (measurements.count + opened.measurements.count)
                + (editing?.prefilledMeasurements.count ?? 0))
        fields["id"] = id.rawValue
        fields["date"] = StoredTime.text(date)
        fields["value"] = value
        fields["unit"] = unit.rawValue
        fields["note"] = note
        fields["opened.date"] = StoredTime.text(opened.date)
        fields["opened.value"] = opened.value
        fields["opened.unit"] = opened.unit.rawValue
        fields["opened.note"] = opened.note
        // Each measurement other than weight: `m.KIND` its text and `m.KIND.unit` its unit;
        // `opened.m.…` as opened; `editing.m.KIND` the stored value behind a prefilled one.
        for (kind, typed) in measurements {
            fields["m.\(kind)"] = typed.text
            fields["m.\(kind).unit"] = typed.unit.symbol
        }
        for (kind, typed) in opened.measurements {
            fields["opened.m.\(kind)"] = typed.text
            fields["opened.m.\(kind).unit"] = typed.unit.symbol
        }
        if let editing {
            fields["editing"] = String(editing.id)
            if let revision = editing.revision { fields["editing.revision"] = String(revision) }
            if let kilograms = editing.prefilledKilograms { fields["editing.kilograms"] = String(kilograms) }
            for (kind, value) in editing.prefilledMeasurements { fields["editing.m.\(kind)"] = String(value) }
        }
        return DraftRecord(kind: DraftKind.weight.rawValue, fields: fields)
    }

    /// The measurements a record keeps under `prefix` (`m.` or `opened.m.`); nil when one is
    /// unreadable.
    private static func measurements(in record: DraftRecord, prefix: String) -> [KindID: TypedMeasurement]? {
        var typed: [KindID: TypedMeasurement] = [:]
        for (key, text) in record.fields where key.hasPrefix(prefix) && !key.hasSuffix(".unit") {
            let kind = String(key.dropFirst(prefix.count))
            guard !kind.isEmpty, !kind.contains("."),
                let unit = record[key + ".unit"].flatMap(MeasureUnit.named)
            else { return nil }
            typed[KindID(kind)] = TypedMeasurement(text: text, unit: unit)
        }
        return typed
    }

    /// Reads a record back. A record from trendsh 0.1 has no opened fields: everything in it
    /// counts as unsaved, and an edit's base is unknown until the entry is read.
    public init?(record: DraftRecord, defaultUnit: WeightUnit) {
        guard record.kind == DraftKind.weight.rawValue, let id = record["id"], let dateText = record["date"],
            let date = StoredTime.date(dateText), let value = record["value"], let note = record["note"]
        else { return nil }
        let unit = record["unit"].flatMap(WeightUnit.init(rawValue:)) ?? defaultUnit
        self.init(id: DraftID(rawValue: id), date: date, value: value, unit: unit, note: note)
        if let openedDate = record["opened.date"].flatMap(StoredTime.date), let openedValue = record["opened.value"],
            let openedUnit = record["opened.unit"].flatMap(WeightUnit.init(rawValue:)),
            let openedNote = record["opened.note"]
        {
            opened = Fields(date: openedDate, value: openedValue, unit: openedUnit, note: openedNote)
        } else {
            // trendsh 0.1 kept no opened state: a new draft opened with nothing typed.
            opened = Fields(date: date, value: "", unit: unit, note: "")
        }
        guard let typed = Self.measurements(in: record, prefix: "m."),
            let openedTyped = Self.measurements(in: record, prefix: "opened.m.")
        else { return nil }
        measurements = typed
        opened.measurements = openedTyped
        if let editingText = record["editing"] {
            guard let entryID = Int64(editingText) else { return nil }
            var prefilled: [KindID: Double] = [:]
            for (key, text) in record.fields where key.hasPrefix("editing.m.") {
                guard let value = Double(text) else { return nil }
                prefilled[KindID(String(key.dropFirst("editing.m.".count)))] = value
            }
            editing = EditedEntry(
                id: entryID, revision: record["editing.revision"].flatMap { Int64($0) },
                prefilledKilograms: record["editing.kilograms"].flatMap { Double($0) },
                prefilledMeasurements: prefilled)
        }
    }

    /// True when the record came from trendsh 0.1's draft file.
    static func isLegacy(_ record: DraftRecord) -> Bool { record["legacy"] == "1" }
}

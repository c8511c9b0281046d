/// The open import draft: the files, the unit given for them and the row fixes typed so far,
/// the last preview, and the last save's error. Saving writes every new row in one
/// transaction; a failure keeps the draft exactly as it was.
@MainActor
public final class ImportEditor: DraftEditor {
    public private(set) var draft: ImportDraft {
        didSet {
            let changes = traced.changes(to: draft.record, tracing: trace.isOn)
            if !changes.isEmpty { trace.record(.editorKept(.import, changes)) }
        }
    }
    /// What the trace last saw of the draft (never `oldValue`, which copies every row).
    private var traced: TracedFields
    /// The last preview, until the draft changes.
    public private(set) var preview: ImportPreview?
    public private(set) var lastError: TrendError? {
        didSet { if trace.isOn && lastError != oldValue { trace.record(.editorError(.import, lastError)) } }
    }
    private var trace: LayerTrace { importer.store.trace }
    /// Fixes an earlier trendsh kept by line that restoring this draft had to drop.
    public let droppedLineFixes: [DroppedLineFix]
    public let importer: EntryImporter
    private var failedDraft: ImportDraft?

    public init(importer: EntryImporter, draft: ImportDraft, droppedLineFixes: [DroppedLineFix] = []) {
        self.importer = importer
        self.draft = draft
        self.droppedLineFixes = droppedLineFixes
        traced = TracedFields(draft.record, tracing: importer.store.trace.isOn)
    }

    public var kind: DraftKind { .import }
    /// An import draft always has something to save or cancel: its files.
    public var hasUnsavedChanges: Bool { true }
    public var lastSaveFailed: Bool { failedDraft == draft }
    public var record: DraftRecord { draft.record }

    /// Reads the files again and counts what saving would do; what it saw of each file is
    /// what `save` will insist on. `each` hears of every row (`show all`).
    public func refreshPreview(each: ((ImportPreview.Row) -> Void)? = nil) -> Result<ImportPreview, TrendError> {
        do {
            let fresh = try importer.preview(draft, each: each)
            for (index, fingerprint) in fresh.fingerprints.enumerated() where draft.files.indices.contains(index) {
                draft.files[index].previewed = fingerprint
            }
            preview = fresh
            return .success(fresh)
        } catch {
            preview = nil
            return .failure(error)
        }
    }

    /// Saves the import. Success means the store committed every new row; on failure the
    /// draft is kept and the error with it.
    public func save() -> Result<ImportOutcome, TrendError> {
        do {
            let outcome = try importer.save(draft)
            lastError = nil
            failedDraft = nil
            return .success(outcome)
        } catch {
            lastError = error
            failedDraft = draft
            return .failure(error)
        }
    }

    /// Records a fix for one row (or removes every fix of it, with nil); the preview is then
    /// out of date.
    public func setFix(_ fix: ImportFix?, for key: RowKey) {
        if let fix, !fix.isEmpty {
            draft.fixes[key] = fix
        } else {
            draft.fixes[key] = nil
        }
        preview = nil
    }
}

import FoundationEssentials
import Observation

/// One open draft: what the person typed, the retained error of the last save, and whether a
/// save is running. A failed save leaves the draft exactly as typed.
@MainActor
@Observable
public final class EntryEditor {
    /// The entry being edited, or nil for a new one.
    public let entry: WeightEntry?
    public var draft: WeightEntryDraft
    /// The last save's failure, kept until a save succeeds.
    public private(set) var lastError: TrendError?
    /// The retained failure as a sentence for the person.
    public var errorMessage: String? { lastError?.message }
    public private(set) var isSaving = false
    /// What the last successful save did.
    public private(set) var lastOutcome: SaveOutcome?

    @ObservationIgnored private let log: WeightLog
    /// The draft as it was opened; anything else is an unsaved change.
    @ObservationIgnored private let openedDraft: WeightEntryDraft
    /// The draft as it was when a save last failed.
    @ObservationIgnored private var failedDraft: WeightEntryDraft?

    /// Opens a new draft, or one prefilled from `entry`.
    public init(log: WeightLog, entry: WeightEntry? = nil) {
        self.log = log
        self.entry = entry
        let opened = log.makeDraft(editing: entry)
        draft = opened
        openedDraft = opened
    }

    /// Reopens a draft kept on disk; everything in it counts as unsaved.
    public init(log: WeightLog, restoring draft: WeightEntryDraft, editing entry: WeightEntry?) {
        self.log = log
        self.entry = entry
        self.draft = draft
        var blank = log.makeDraft(editing: entry)
        blank.id = draft.id
        openedDraft = entry == nil ? WeightEntryDraft(id: draft.id, date: draft.date) : blank
    }

    public var title: String { entry == nil ? "Log Weight" : "Edit Entry" }
    public var unit: WeightUnit { log.selectedUnit }
    public var latestPermittedEntryDate: Date { log.latestPermittedEntryDate }
    public var canSave: Bool { !draft.value.isEmpty && !isSaving }
    public var hasUnsavedChanges: Bool { draft != openedDraft }
    /// True after a failed save until the draft changes.
    public var lastSaveFailed: Bool { failedDraft == draft }

    /// Saves the draft; true only when storage confirmed it. On failure the draft is untouched
    /// and the message is kept.
    public func save() async -> Bool {
        isSaving = true
        defer { isSaving = false }
        do {
            lastOutcome = try await log.save(draft, editing: entry)
            lastError = nil
            failedDraft = nil
            return true
        } catch {
            lastError = error
            failedDraft = draft
            return false
        }
    }
}

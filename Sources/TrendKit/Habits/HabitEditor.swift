/// A habit draft: the name being typed, opened with `new habit` and filled with `name TEXT`.
/// A failed save keeps the name as typed.
@MainActor
public final class HabitEditor: DraftEditor {
    public var draft: HabitDraft {
        didSet {
            let changes = traced.changes(to: record, tracing: log.trace.isOn)
            if !changes.isEmpty { log.trace.record(.editorKept(.habit, changes)) }
        }
    }
    /// What the trace last saw of the draft (never `oldValue`, which copies the draft).
    private var traced: TracedFields
    public private(set) var lastError: TrendError? {
        didSet { if log.trace.isOn && lastError != oldValue { log.trace.record(.editorError(.habit, lastError)) } }
    }
    private let log: HabitLog
    private var failedDraft: HabitDraft?

    public init(log: HabitLog, draft: HabitDraft = HabitDraft()) {
        self.log = log
        self.draft = draft
        traced = TracedFields(Self.record(of: draft), tracing: log.trace.isOn)
    }

    public var kind: DraftKind { .habit }
    public var hasUnsavedChanges: Bool { !draft.name.isEmpty }
    public var lastSaveFailed: Bool { failedDraft == draft }
    public var record: DraftRecord { Self.record(of: draft) }

    private static func record(of draft: HabitDraft) -> DraftRecord {
        DraftRecord(kind: DraftKind.habit.rawValue, fields: ["id": draft.id.rawValue, "name": draft.name])
    }

    /// Adds the habit; on failure the name stays as typed and the error is kept.
    public func save() -> Result<HabitAddOutcome, TrendError> {
        do {
            let outcome = try log.addHabit(named: draft.name, draftID: draft.id)
            lastError = nil
            failedDraft = nil
            return .success(outcome)
        } catch {
            lastError = error
            failedDraft = draft
            return .failure(error)
        }
    }
}

/// A habit being typed.
public struct HabitDraft: Sendable, Equatable {
    public var id: DraftID
    public var name: String

    public init(id: DraftID = .make(), name: String = "") {
        self.id = id
        self.name = name
    }

    public init?(record: DraftRecord) {
        guard record.kind == DraftKind.habit.rawValue, let id = record["id"], let name = record["name"] else {
            return nil
        }
        self.init(id: DraftID(rawValue: id), name: name)
    }
}

extension DraftKind {
    /// A new habit.
    public static let habit = DraftKind("habit")
}

extension HabitLog {
    /// What the draft file's habit records restore into; a draft whose habit the store
    /// already holds is closed instead.
    public func draftRestorer() -> DraftRestorer {
        DraftRestorer(kind: .habit) { [self] record in
            guard let draft = HabitDraft(record: record) else { return .unreadable }
            if let saved = savedHabit(for: draft) { return .alreadySaved(label: "\"\(saved.name)\"") }
            return .restored(HabitEditor(log: self, draft: draft))
        }
    }
}

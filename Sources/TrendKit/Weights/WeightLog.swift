import FoundationEssentials

/// The weights feature: validates drafts, commits them to the repository, and only then
/// publishes. Entries, load state and the retained error are separate stored values.
@MainActor
public final class WeightLog {
    /// The newest entries, newest first: a window of the log, loaded by `refresh()` and
    /// patched after every confirmed change.
    public private(set) var entries: [WeightEntry] = []
    public private(set) var loadState: LoadState = .idle
    /// The last storage failure, kept until an operation succeeds.
    public internal(set) var retainedError: TrendError? {
        didSet { if trace.isOn && retainedError != oldValue { trace.record(.retainedError(.weights, retainedError)) } }
    }

    /// How many of the newest entries the feature keeps in memory.
    public let windowSize: Int
    /// True when the last refresh found fewer entries than the window holds: the whole log.
    private var holdsWholeLog = false
    /// How many of the first entries are known to be the newest in storage. A saved entry
    /// older than all of them is shown, but `newest(_:)` reads storage to go past them.
    private var trustedCount = 0
    let repository: any WeightRepository
    public let clock: Clock
    private let settings: SettingsFeature
    /// Deletes whose outcome storage did not confirm, with the operation to retry them as.
    private var unconfirmedDeletes: [Int64: (operation: OperationID, entry: WeightEntry?)] = [:]

    /// The kinds of measurement an entry may hold.
    public let kinds: KindCatalog
    /// Where the feature, and its editors, record what they decide and publish.
    public let trace: LayerTrace

    public init(
        repository: any WeightRepository, settings: SettingsFeature, clock: Clock, kinds: KindCatalog = KindCatalog(),
        windowSize: Int = 100, trace: LayerTrace = LayerTrace()
    ) {
        self.trace = trace
        self.repository = repository
        self.settings = settings
        self.clock = clock
        self.kinds = kinds
        self.windowSize = windowSize
    }

    public var selectedUnit: WeightUnit { settings.unit }

    /// The unit `kind` is typed and shown in: the weight's setting, or the kind's (`unit waist in`).
    public func unit(of kind: MeasurementKind) -> MeasureUnit { settings.unit(of: kind) }
    /// No entry may be dated after this moment.
    public var latestPermittedEntryDate: Date { clock.now() }
    /// A weight may change on an entry dated no later than this: the end of today, local
    /// time. An entry dated later today (an imported day without a time, kept at 12:00) is
    /// today's weighing at any hour; one dated on a later day keeps its weight until then.
    public var latestWeighingDate: Date { LocalCalendar.lastMomentOfDay(of: clock.now()) }

    /// A new draft dated now, or one prefilled from `entry` in the selected unit.
    public func makeDraft(editing entry: WeightEntry? = nil) -> WeightEntryDraft {
        guard let entry else { return WeightEntryDraft(date: StoredTime.rounded(clock.now()), unit: selectedUnit) }
        // Each measurement is prefilled in its kind's unit; one of a kind this session does
        // not know (removed meanwhile) in its canonical unit, which its value is stored in.
        return WeightEntryDraft(
            editing: entry, unit: selectedUnit,
            unitOf: { id in kinds.kind(id).map { unit(of: $0) } ?? .kilograms })
    }

    /// Checks a date against the domain rule, for commands that set one.
    public func checkDate(_ date: Date) throws(TrendError) {
        guard StoredTime.rounded(date) <= StoredTime.rounded(latestPermittedEntryDate) else {
            throw .entries(.invalid(.dateInFuture))
        }
    }

    /// Reloads the window. A failure keeps the cached entries and sets the retained error.
    public func refresh() {
        loadState = .loading
        do {
            try kinds.reload()
            let loaded = try repository.recentEntries(limit: windowSize)
            entries = loaded
            holdsWholeLog = loaded.count < windowSize
            trustedCount = loaded.count
            loadState = .ready
            trace.record(.published(.weights, .reloaded(count: loaded.count)))
            retainedError = nil
        } catch {
            loadState = .failed
            retainedError = .storage(error)
        }
    }

    /// Validates, commits, and only after the commit returns publishes. The commit runs on
    /// the main actor to its end, so no second save can start while one runs. A retry of a
    /// draft already stored (its first commit was not acknowledged) writes nothing new: the
    /// repository finds the entry by the draft's id.
    public func save(_ draft: WeightEntryDraft) throws(TrendError) -> SaveOutcome {
        if let editing = draft.editing, !draft.hasUnsavedChanges {
            // An entry that breaks a rule is not "unchanged": saving it as it is would store
            // what no save may, so the person is told which rule and what the save needs.
            if let broken = draft.ruleBrokenAsOpened(latestPermittedDate: latestPermittedEntryDate) {
                trace.record(
                    .validated(.weights, .unchangedEntry(id: editing.id), .refused(.entries(.invalid(broken)))))
                throw .entries(.invalid(broken))
            }
            trace.record(.validated(.weights, .unchangedEntry(id: editing.id), .unchanged))
            return .unchanged(id: editing.id)
        }
        let validated: NewWeightEntry
        do {
            let known = kinds.all
            validated = try draft.validated(
                latestPermittedDate: latestPermittedEntryDate, latestWeighingDate: latestWeighingDate,
                kinds: { id in known.first { $0.id == id } })
        } catch {
            trace.record(.validated(.weights, .entryDraft, .refused(.entries(.invalid(error)))))
            throw .entries(.invalid(error))
        }
        trace.record(
            .validated(
                .weights,
                .entry(
                    kilograms: validated.kilograms, date: validated.date, note: validated.note,
                    editing: draft.editing?.id),
                .accepted))
        let outcome: SaveOutcome
        do {
            outcome = try commit(validated, editing: draft.editing)
        } catch {
            if case .storage = error {
                retainedError = error
            } else {
                trace.record(.validated(.weights, .storedEntry(id: draft.editing?.id), .refused(error)))
            }
            throw error
        }
        if let entry = outcome.entry { publish(entry) }
        retainedError = nil
        return outcome
    }

    private func commit(_ new: NewWeightEntry, editing: EditedEntry?) throws(TrendError) -> SaveOutcome {
        do {
            if let editing {
                // An unread base (revision unknown) is never current: the refusal shows what is stored.
                let change = EntryChange(
                    id: editing.id, date: new.date, kilograms: new.kilograms, measurements: new.measurements,
                    note: new.note, expectedRevision: editing.revision ?? 0, operation: new.draftID.operation)
                switch try repository.update(change) {
                case .updated(let entry): return .updated(entry)
                case .alreadyApplied(let entry?, _) where entry.hasSameContent(as: new):
                    return .alreadySaved(entry)
                case .alreadyApplied(let entry?, let produced) where entry.revision == produced:
                    // This draft's earlier save landed (its reply was lost, or it was still
                    // running); the draft changed since. Nobody else has written the entry, so
                    // the change is applied on top, as a new operation.
                    return try correct(entry, to: new)
                case .alreadyApplied(let entry?, _), .conflict(let entry):
                    throw TrendError.entries(.conflict(id: editing.id, current: entry))
                case .alreadyApplied(nil, _), .missing:
                    throw TrendError.entries(.conflict(id: editing.id, current: nil))
                }
            }
            switch try repository.insert(new) {
            case .inserted(let stored):
                return .created(stored)
            case .alreadySaved(let stored) where stored.hasSameContent(as: new):
                return .alreadySaved(stored)
            case .alreadySaved(let stored):
                // The draft changed after its first, unacknowledged commit: bring the entry up to date.
                return try correct(stored, to: new)
            case .removedSince(let id):
                return .removedSince(id: id)
            }
        } catch let error as StorageError {
            throw .storage(error)
        } catch let error as TrendError {
            throw error
        } catch {
            throw .storage(.other(message: String(describing: error)))
        }
    }

    /// Brings an entry this draft already wrote up to the draft's newer content, as a new
    /// operation made only from the revision the earlier write left.
    private func correct(_ stored: WeightEntry, to new: NewWeightEntry) throws -> SaveOutcome {
        let change = EntryChange(
            id: stored.id, date: new.date, kilograms: new.kilograms, measurements: new.measurements,
            note: new.note, expectedRevision: stored.revision, operation: .make())
        switch try repository.update(change) {
        case .updated(let entry), .alreadyApplied(let entry?, _): return .updated(entry)
        case .conflict(let current): throw TrendError.entries(.conflict(id: stored.id, current: current))
        case .missing, .alreadyApplied(nil, _): throw TrendError.entries(.conflict(id: stored.id, current: nil))
        }
    }

    /// Deletes an entry, if it is still at `expectedRevision` (the revision this session last
    /// showed); publishes its removal only after storage confirms it. A delete retried after
    /// a failure that may have committed, in this session or a later one, succeeds as
    /// `alreadyDeleted` instead of reporting a missing entry.
    public func delete(id: Int64, expectedRevision: Int64?, openDraftEdits editedID: Int64? = nil)
        throws(TrendError) -> DeleteOutcome
    {
        if editedID == id { throw .entries(.openInDraft(id: id)) }
        let earlier = unconfirmedDeletes[id]
        let operation = earlier?.operation ?? .make()
        let outcome: RemovalOutcome
        do {
            outcome = try repository.delete(id: id, expectedRevision: expectedRevision, operation: operation)
        } catch {
            // Only a failure that may have come after the change reached storage leaves the
            // outcome unknown; a lock, a read-only store or a failed open wrote nothing.
            if error.mayHaveCommitted, earlier == nil {
                unconfirmedDeletes[id] = (operation, entries.first { $0.id == id })
            }
            retainedError = .storage(error)
            throw .storage(error)
        }
        unconfirmedDeletes[id] = nil
        retainedError = nil
        switch outcome {
        case .deleted(let entry):
            trace.record(.published(.weights, .removal(id: id)))
            forget(id)
            return DeleteOutcome(id: id, entry: entry, alreadyDeleted: false)
        case .alreadyDeleted:
            forget(id)
            return DeleteOutcome(id: id, entry: earlier?.entry, alreadyDeleted: true)
        case .conflict(let current):
            publish(current)
            throw .entries(.conflict(id: id, current: current))
        case .missing:
            forget(id)
            throw .entries(.noSuchEntry(id: id))
        }
    }

    /// One entry, from the window when it is there, else from storage.
    public func entry(id: Int64) throws(TrendError) -> WeightEntry {
        if let cached = entries.first(where: { $0.id == id }) { return cached }
        let found: WeightEntry?
        do {
            found = try repository.entry(id: id)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
        guard let found else { throw .entries(.noSuchEntry(id: id)) }
        return found
    }

    /// The entry saved from a draft, if the store holds one: how a restored draft learns that
    /// its save had landed.
    public func entry(savedFrom draft: DraftID) throws(TrendError) -> WeightEntry? {
        do {
            return try repository.entry(savedFrom: draft)
        } catch {
            throw .storage(error)
        }
    }

    /// True when the store has applied this operation (an edit saved from a draft).
    public func operationApplied(_ operation: OperationID) throws(TrendError) -> Bool {
        do {
            return try repository.operationApplied(operation)
        } catch {
            throw .storage(error)
        }
    }

    /// The entry an applied operation wrote; nil when it was never applied.
    public func target(ofApplied operation: OperationID) throws(TrendError) -> Int64? {
        do {
            return try repository.target(ofApplied: operation)
        } catch {
            throw .storage(error)
        }
    }

    /// The entries on local days `first` through `last`, oldest first, read from storage.
    public func entries(fromDay first: Int, throughDay last: Int) throws(TrendError) -> [WeightEntry] {
        // A local day lies within a day either side of the same UTC day.
        let start = Date(timeIntervalSince1970: Double(first - 1) * 86_400)
        let end = Date(timeIntervalSince1970: Double(last + 2) * 86_400)
        do {
            return try repository.entries(from: start, to: end).filter {
                (first...last).contains(LocalCalendar.dayNumber(of: $0.date))
            }
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    /// The `count` newest entries: from the window when it holds them, else from storage.
    public func newest(_ count: Int) throws(TrendError) -> [WeightEntry] {
        if count <= trustedCount || holdsWholeLog {
            return Array(entries.prefix(count))
        }
        do {
            return try repository.recentEntries(limit: count)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    func publish(_ stored: WeightEntry) {
        trace.record(.published(.weights, .entry(id: stored.id, revision: stored.revision)))
        forget(stored.id)
        let index = entries.firstIndex { ($0.date, $0.id) < (stored.date, stored.id) } ?? entries.count
        entries.insert(stored, at: index)
        // Inside the trusted prefix it is among the newest; just past it, only when nothing
        // unloaded can stand between.
        if index < trustedCount || (index == trustedCount && holdsWholeLog) { trustedCount += 1 }
        if entries.count > windowSize {
            entries.removeLast(entries.count - windowSize)
            holdsWholeLog = false
            trustedCount = min(trustedCount, entries.count)
        }
    }

    /// Drops an entry from the window, keeping the trusted prefix honest.
    func forget(_ id: Int64) {
        // By index: a closure over each entry copied it, retains and all (some 500
        // instructions an entry, on every save).
        var found: Int?
        for index in entries.indices where entries[index].id == id {
            found = index
            break
        }
        guard let index = found else { return }
        entries.remove(at: index)
        if index < trustedCount { trustedCount -= 1 }
    }
}

/// What a successful delete did.
public struct DeleteOutcome: Sendable, Equatable {
    public var id: Int64
    /// The entry removed, when it is known.
    public var entry: WeightEntry?
    /// True when an earlier attempt had already removed it; nothing changed now.
    public var alreadyDeleted: Bool

    public init(id: Int64, entry: WeightEntry?, alreadyDeleted: Bool) {
        self.id = id
        self.entry = entry
        self.alreadyDeleted = alreadyDeleted
    }
}

/// What a successful save did.
public enum SaveOutcome: Sendable, Equatable {
    /// A new entry was written.
    case created(WeightEntry)
    /// An existing entry was changed.
    case updated(WeightEntry)
    /// An earlier, unacknowledged save had already written this draft; nothing new was written.
    case alreadySaved(WeightEntry)
    /// The draft edits an entry and changes nothing: nothing was written.
    case unchanged(id: Int64)
    /// An earlier, unacknowledged save of this draft had written entry `id`, which has been
    /// removed since (undone, or deleted); nothing new was written.
    case removedSince(id: Int64)

    /// The entry as stored, when the save wrote or found one.
    public var entry: WeightEntry? {
        switch self {
        case .created(let entry), .updated(let entry), .alreadySaved(let entry): return entry
        case .unchanged, .removedSince: return nil
        }
    }
}

import FoundationEssentials

/// A real repository kept in memory, following the same contract as the SQLite one (one
/// suite runs against both). It has no fault plan of its own: failures come from the
/// `FaultInjector` it is given, as the store's do.
@MainActor
public final class InMemoryWeightRepository: WeightRepository {
    private var entries: [WeightEntry] = []
    private var nextID: Int64 = 1
    /// Applied operations: their kind and the entry they changed.
    private var operations: [OperationID: (kind: String, target: Int64, revision: Int64?)] = [:]
    private var deletedIDs: Set<Int64> = []
    public let faults: FaultInjector
    /// How many write attempts got past the injected faults, for tests that count them.
    public private(set) var writeCount = 0

    public init(entries: [WeightEntry] = [], faults: FaultInjector = FaultInjector()) {
        self.entries = entries
        self.faults = faults
        nextID = (entries.map(\.id).max() ?? 0) + 1
    }

    public func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try faults.check(.open, feature: .weights)
        try faults.check(.refresh, feature: .weights)
        return Array(newestFirst.prefix(max(0, limit)))
    }

    public func entries(from start: Date, to end: Date) throws(StorageError) -> [WeightEntry] {
        try faults.check(.open, feature: .weights)
        try faults.check(.refresh, feature: .weights)
        return newestFirst.reversed().filter { $0.date >= start && $0.date < end }
    }

    public func entry(id: Int64) throws(StorageError) -> WeightEntry? {
        try faults.check(.open, feature: .weights)
        return entries.first { $0.id == id }
    }

    public func entry(savedFrom draft: DraftID) throws(StorageError) -> WeightEntry? {
        try faults.check(.open, feature: .weights)
        return entries.first { $0.draftID == draft }
    }

    public func insert(_ new: NewWeightEntry) throws(StorageError) -> InsertOutcome {
        try beginWrite()
        if let existing = entries.first(where: { $0.draftID == new.draftID }) { return .alreadySaved(existing) }
        if let earlier = operations[new.draftID.operation] { return .removedSince(id: earlier.target) }
        let entry = WeightEntry(
            id: nextID, date: new.date, kilograms: new.kilograms, note: new.note, draftID: new.draftID, revision: 1)
        nextID += 1
        entries.append(entry)
        operations[new.draftID.operation] = ("insert", entry.id, 1)
        try faults.checkAcknowledgement()
        return .inserted(entry)
    }

    public func update(_ change: EntryChange) throws(StorageError) -> UpdateOutcome {
        try beginWrite()
        if let applied = operations[change.operation] {
            return .alreadyApplied(entries.first { $0.id == change.id }, revision: applied.revision)
        }
        guard let index = entries.firstIndex(where: { $0.id == change.id }) else { return .missing }
        if let expected = change.expectedRevision, entries[index].revision != expected {
            return .conflict(current: entries[index])
        }
        entries[index].date = change.date
        entries[index].kilograms = change.kilograms
        entries[index].measurements = change.measurements
        entries[index].note = change.note
        entries[index].revision += 1
        operations[change.operation] = ("update", change.id, entries[index].revision)
        try faults.checkAcknowledgement()
        return .updated(entries[index])
    }

    public func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) throws(StorageError)
        -> RemovalOutcome
    {
        try beginWrite()
        if operations[operation] != nil { return .alreadyDeleted }
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            return deletedIDs.contains(id) ? .alreadyDeleted : .missing
        }
        if let expectedRevision, entries[index].revision != expectedRevision {
            return .conflict(current: entries[index])
        }
        let removed = entries.remove(at: index)
        operations[operation] = ("delete", id, nil)
        deletedIDs.insert(id)
        try faults.checkAcknowledgement()
        return .deleted(removed)
    }

    public func amend(_ amendment: EntryAmendment) throws(StorageError) -> AmendOutcome {
        try beginWrite()
        if let applied = operations[amendment.operation] {
            return .alreadyApplied(entries.first { $0.id == amendment.id }, revision: applied.revision)
        }
        guard let index = entries.firstIndex(where: { $0.id == amendment.id }) else { return .missing }
        var expected = amendment.expectedRevision
        for replaced in amendment.replacedOperations {
            if let revision = operations[replaced]?.revision { expected = revision }
        }
        if let expected, entries[index].revision != expected { return .conflict(current: entries[index]) }
        if case .measure = amendment.newValue, entries[index].date > amendment.latestWeighingDate {
            return .datedInFuture(entries[index])
        }
        let before = entries[index]
        if amendment.leavesNoMeasurement(in: before) { return .lastMeasurement(before) }
        if amendment.changesNothing(in: before) {
            try faults.checkAcknowledgement()
            return .unchanged(before)
        }
        entries[index] = amendment.applied(to: before)
        operations[amendment.operation] = ("amend", amendment.id, entries[index].revision)
        try faults.checkAcknowledgement()
        return .amended(before: before, after: entries[index])
    }

    public func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool {
        try faults.check(.open, feature: .weights)
        return operations[operation] != nil
    }

    public func target(ofApplied operation: OperationID) throws(StorageError) -> Int64? {
        try faults.check(.open, feature: .weights)
        return operations[operation]?.target
    }

    private func beginWrite() throws(StorageError) {
        try faults.check(.open, feature: .weights)
        try faults.check(.save, feature: .weights)
        writeCount += 1
    }

    /// Every entry, in no particular order.
    var allEntries: [WeightEntry] { entries }

    private var newestFirst: [WeightEntry] {
        entries.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
    }
}

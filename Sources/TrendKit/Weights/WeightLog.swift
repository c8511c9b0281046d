import FoundationEssentials
import Observation

/// The weights feature: validates drafts, commits them to the repository, and only then
/// publishes. Entries, load state and the retained error are separate stored values.
@MainActor
@Observable
public final class WeightLog {
    /// The newest entries, newest first: a window of the log, loaded by `refresh()` and
    /// patched after every confirmed change.
    public private(set) var entries: [WeightEntry] = []
    public private(set) var loadState: LoadState = .idle
    /// The last storage failure, kept until an operation succeeds.
    public private(set) var retainedError: TrendError?

    /// How many of the newest entries the feature keeps in memory.
    public let windowSize: Int
    /// True when the last refresh found fewer entries than the window holds: the whole log.
    @ObservationIgnored private var holdsWholeLog = false
    /// How many of the first entries are known to be the newest in storage. A saved entry
    /// older than all of them is shown, but `newest(_:)` reads storage to go past them.
    @ObservationIgnored private var trustedCount = 0
    @ObservationIgnored private let repository: any WeightRepository
    @ObservationIgnored private let clock: Clock
    @ObservationIgnored private let settings: SettingsFeature
    /// Deletes that failed with a storage error: the failure may have come after the
    /// change reached storage, so a retry that finds the entry gone succeeds.
    @ObservationIgnored private var unconfirmedDeletes: [Int64: UnconfirmedDelete] = [:]
    /// Saves whose commit is running, by draft: a second save of the same draft joins one.
    @ObservationIgnored private var savesInFlight: [DraftID: SaveInFlight] = [:]

    public init(repository: any WeightRepository, settings: SettingsFeature, clock: Clock, windowSize: Int = 100) {
        self.repository = repository
        self.settings = settings
        self.clock = clock
        self.windowSize = windowSize
    }

    public var selectedUnit: WeightUnit { settings.unit }
    /// No entry may be dated after this moment.
    public var latestPermittedEntryDate: Date { clock.now() }

    /// A new draft dated now, or one prefilled from `entry` in the selected unit.
    public func makeDraft(editing entry: WeightEntry? = nil) -> WeightEntryDraft {
        guard let entry else { return WeightEntryDraft(date: clock.now()) }
        let value = selectedUnit.value(fromKilograms: entry.kilograms)
        return WeightEntryDraft(date: entry.date, value: DecimalText.shortest(value), note: entry.note)
    }

    /// Checks a date against the domain rule, for commands that set one.
    public func checkDate(_ date: Date) throws(TrendError) {
        guard date <= latestPermittedEntryDate else { throw .validation(.dateInFuture) }
    }

    /// Reloads the window. A failure keeps the cached entries and sets the retained error.
    public func refresh() async {
        loadState = .loading
        do {
            let loaded = try await repository.recentEntries(limit: windowSize)
            entries = loaded
            holdsWholeLog = loaded.count < windowSize
            trustedCount = loaded.count
            loadState = .ready
            retainedError = nil
        } catch {
            loadState = .failed
            retainedError = .storage(error)
        }
    }

    /// Validates, commits, and only after the commit returns publishes. A second save of the
    /// same draft while one is in flight joins it; a retry of a draft already stored (its
    /// first commit was not acknowledged) writes nothing new.
    public func save(_ draft: WeightEntryDraft, editing entry: WeightEntry? = nil) async throws(TrendError)
        -> SaveOutcome
    {
        if let inFlight = savesInFlight[draft.id], inFlight.draft == draft {
            let joined = await withCheckedContinuation { inFlight.waiters.append($0) }
            return try joined.get()
        }
        var validated: NewWeightEntry
        do {
            validated = try draft.validated(unit: selectedUnit, latestPermittedDate: latestPermittedEntryDate)
        } catch {
            throw .validation(error)
        }
        if let entry, draft.value == makeDraft(editing: entry).value {
            // The value is the prefilled, rounded text: keep the stored weight exactly.
            validated.kilograms = entry.kilograms
        }
        // The commit runs in this caller's task (no extra task, no thread hop); callers that
        // join meanwhile wait on continuations and get the same result.
        let inFlight = SaveInFlight(draft: draft)
        savesInFlight[draft.id] = inFlight
        let result: Result<SaveOutcome, TrendError>
        do {
            result = .success(try await Self.commit(validated, editing: entry, to: repository))
        } catch {
            result = .failure(error)
        }
        if savesInFlight[draft.id] === inFlight { savesInFlight[draft.id] = nil }
        switch result {
        case .success(let outcome): publish(outcome.entry)
        case .failure(let error): if case .storage = error { retainedError = error }
        }
        for waiter in inFlight.waiters { waiter.resume(returning: result) }
        return try result.get()
    }

    /// Deletes an entry; publishes its removal only after storage confirms it. A retry of a
    /// delete whose first attempt failed, and which storage shows already done, succeeds
    /// as `alreadyDeleted` instead of reporting a missing entry.
    public func delete(id: Int64) async throws(TrendError) -> DeleteOutcome {
        let removed: WeightEntry?
        do {
            removed = try await repository.delete(id: id)
        } catch {
            // Only a failure that may have come after the change reached storage leaves the
            // outcome unknown; a lock, a read-only store or a failed open wrote nothing.
            if error.mayHaveCommitted, unconfirmedDeletes[id] == nil, let known = entries.first(where: { $0.id == id })
            {
                unconfirmedDeletes[id] = UnconfirmedDelete(entry: known)
            }
            retainedError = .storage(error)
            throw .storage(error)
        }
        let earlierAttempt = unconfirmedDeletes.removeValue(forKey: id)
        let outcome: DeleteOutcome
        if let removed {
            outcome = DeleteOutcome(id: id, entry: removed, alreadyDeleted: false)
        } else if let earlierAttempt {
            outcome = DeleteOutcome(id: id, entry: earlierAttempt.entry, alreadyDeleted: true)
        } else {
            throw .noSuchEntry(id: id)
        }
        forget(id)
        retainedError = nil
        return outcome
    }

    /// One entry, from the window when it is there, else from storage.
    public func entry(id: Int64) async throws(TrendError) -> WeightEntry {
        if let cached = entries.first(where: { $0.id == id }) { return cached }
        let found: WeightEntry?
        do {
            found = try await repository.entry(id: id)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
        guard let found else { throw .noSuchEntry(id: id) }
        return found
    }

    /// The `count` newest entries: from the window when it holds them, else from storage.
    public func newest(_ count: Int) async throws(TrendError) -> [WeightEntry] {
        if count <= trustedCount || holdsWholeLog {
            return Array(entries.prefix(count))
        }
        do {
            return try await repository.recentEntries(limit: count)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    private static func commit(_ new: NewWeightEntry, editing entry: WeightEntry?, to repository: any WeightRepository)
        async throws(TrendError) -> SaveOutcome
    {
        do {
            if let entry {
                let changed = WeightEntry(
                    id: entry.id, date: new.date, kilograms: new.kilograms, note: new.note, draftID: entry.draftID)
                guard let updated = try await repository.update(changed) else {
                    throw TrendError.noSuchEntry(id: entry.id)
                }
                return SaveOutcome(entry: updated, kind: .updated)
            }
            switch try await repository.insert(new) {
            case .inserted(let stored):
                return SaveOutcome(entry: stored, kind: .created)
            case .alreadySaved(let stored) where stored.hasSameContent(as: new):
                return SaveOutcome(entry: stored, kind: .alreadySaved)
            case .alreadySaved(let stored):
                // The draft changed after its first, unacknowledged commit: bring the entry up to date.
                var changed = stored
                changed.date = new.date
                changed.kilograms = new.kilograms
                changed.note = new.note
                guard let updated = try await repository.update(changed) else {
                    throw TrendError.noSuchEntry(id: stored.id)
                }
                return SaveOutcome(entry: updated, kind: .updated)
            }
        } catch let error as StorageError {
            throw .storage(error)
        } catch let error as TrendError {
            throw error
        } catch {
            throw .storage(.other(code: 0, message: String(describing: error)))
        }
    }

    private func publish(_ stored: WeightEntry) {
        forget(stored.id)
        retainedError = nil
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
    private func forget(_ id: Int64) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.remove(at: index)
        if index < trustedCount { trustedCount -= 1 }
    }
}

/// What a successful delete did.
public struct DeleteOutcome: Sendable, Equatable {
    public var id: Int64
    /// The entry removed, when it is known.
    public var entry: WeightEntry?
    /// True when an earlier, failed attempt had already removed it; nothing changed now.
    public var alreadyDeleted: Bool

    public init(id: Int64, entry: WeightEntry?, alreadyDeleted: Bool) {
        self.id = id
        self.entry = entry
        self.alreadyDeleted = alreadyDeleted
    }
}

/// A delete whose outcome storage did not confirm, and the entry it was for.
private struct UnconfirmedDelete {
    var entry: WeightEntry?
}

/// One save whose commit is running, and the callers waiting to share its result.
@MainActor
private final class SaveInFlight {
    let draft: WeightEntryDraft
    var waiters: [CheckedContinuation<Result<SaveOutcome, TrendError>, Never>] = []

    init(draft: WeightEntryDraft) { self.draft = draft }
}

/// What a successful save did.
public struct SaveOutcome: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A new entry was written.
        case created
        /// An existing entry was changed.
        case updated
        /// An earlier, unacknowledged save had already written this draft; nothing new was written.
        case alreadySaved
    }

    public var entry: WeightEntry
    public var kind: Kind
}

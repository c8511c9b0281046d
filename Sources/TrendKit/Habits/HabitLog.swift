import FoundationEssentials

/// The habits feature: the habits with their done days, a load state and a retained load
/// error, kept apart. It validates names, commits to the repository, and only then publishes.
@MainActor
public final class HabitLog {
    public private(set) var habits: [Habit] = []
    public private(set) var loadState: LoadState = .idle
    /// The last storage failure, kept until an operation succeeds.
    public private(set) var retainedError: TrendError? {
        didSet { if trace.isOn && retainedError != oldValue { trace.record(.retainedError(.habits, retainedError)) } }
    }
    /// Where the feature, and its editors, record what they decide and publish.
    public let trace: LayerTrace

    private let repository: any HabitRepository
    private let clock: Clock
    /// Renames and deletes whose outcome storage did not confirm, by what they asked for,
    /// with the operation to retry them as: a retry is recognised, never applied twice.
    private var unconfirmed: [String: OperationID] = [:]

    public init(repository: any HabitRepository, clock: Clock, trace: LayerTrace = LayerTrace()) {
        self.trace = trace
        self.repository = repository
        self.clock = clock
    }

    /// Today's local day number.
    public var today: Int { LocalCalendar.dayNumber(of: clock.now()) }

    /// Reloads the habits. A failure keeps the cached ones visible and sets the retained
    /// error.
    public func refresh() {
        loadState = .loading
        do {
            habits = try repository.habits()
            loadState = .ready
            trace.record(.published(.habits, .reloaded(count: habits.count)))
            retainedError = nil
        } catch {
            loadState = .failed
            retainedError = .storage(error)
        }
    }

    /// The habit with this name (without regard to case, after NFC), if loaded.
    public func habit(named name: String) -> Habit? {
        let key = HabitName.key(name)
        return habits.first { HabitName.key($0.name) == key }
    }

    /// Adds a habit. Throws `.habit(.invalidName)` for a blank name, `.nameTooLong`, and
    /// `.duplicateName` when another habit has the name; a retry of the same draft whose
    /// first save landed adds nothing new.
    public func addHabit(named text: String, draftID: DraftID = .make()) throws(TrendError) -> HabitAddOutcome {
        let name: String
        do {
            name = try HabitName.normalized(text)
        } catch {
            trace.record(.validated(.habits, .habit(text), .refused(.habit(error))))
            throw .habit(error)
        }
        if let taken = habit(named: name), taken.draftID != draftID {
            trace.record(.validated(.habits, .habit(name), .refused(.habit(.duplicateName(taken.name)))))
            throw .habit(.duplicateName(taken.name))
        }
        trace.record(.validated(.habits, .habit(name), .accepted))
        let outcome: HabitAddOutcome
        do {
            outcome = try repository.add(NewHabit(name: name, createdAt: clock.now(), draftID: draftID))
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
        retainedError = nil
        switch outcome {
        case .added(let habit), .alreadyAdded(let habit): publish(habit)
        case .duplicate(let taken): throw .habit(.duplicateName(taken.name))
        }
        return outcome
    }

    /// Marks `day` done or not done. Marking a day as it already is writes nothing. A mark
    /// retried after a failure that may have landed is recognised by its operation.
    public func mark(_ name: String, day: Int, done: Bool, operation: OperationID? = nil) throws(TrendError)
        -> HabitMarkOutcome
    {
        guard day <= today else { throw .habit(.dayInFuture) }
        let habit = try found(name)
        let attempt = "\(done ? "done" : "undone")\n\(habit.id)\n\(day)"
        let operation = operation ?? unconfirmed[attempt] ?? .make()
        let outcome: HabitMarkOutcome
        do {
            outcome = try repository.mark(
                habitID: habit.id, day: day, done: done, at: clock.now(), operation: operation)
        } catch {
            if error.mayHaveCommitted { unconfirmed[attempt] = operation }
            retainedError = .storage(error)
            throw .storage(error)
        }
        unconfirmed[attempt] = nil
        retainedError = nil
        switch outcome {
        case .changed, .unchanged:
            var updated = habit
            if done && !updated.isDone(on: day) {
                updated.doneDays.append(day)
                updated.doneDays.sort()
            } else if !done {
                updated.doneDays.removeAll { $0 == day }
            }
            publish(updated)
        case .missing:
            forget(habit.id)
            throw .habit(.noSuchHabit(name))
        }
        return outcome
    }

    /// Renames a habit. A rename retried after a failure that may have landed (in this
    /// session, or recorded by the store for another) reports the habit renamed and writes
    /// nothing more; renaming a habit to the name it has writes nothing.
    public func rename(_ name: String, to newText: String, operation: OperationID? = nil)
        throws(TrendError) -> Habit
    {
        let newName: String
        do {
            newName = try HabitName.normalized(newText)
        } catch {
            throw .habit(error)
        }
        let oldKey = HabitName.key(name)
        let attempt = "rename\n\(oldKey)\n\(HabitName.key(newName))"
        guard let habit = habit(named: name) else {
            let newKey = HabitName.key(newName)
            let wasRenamed = { [repository] () throws(StorageError) -> Bool in
                try repository.wasRenamed(fromKey: oldKey, toKey: newKey)
            }
            if let renamed = self.habit(named: newName), try landed(attempt, or: wasRenamed) { return renamed }
            throw .habit(.noSuchHabit(name))
        }
        if habit.name == newName { return habit }
        if let taken = self.habit(named: newName), taken.id != habit.id { throw .habit(.duplicateName(taken.name)) }
        let operation = operation ?? unconfirmed[attempt] ?? .make()
        let outcome: HabitRenameOutcome
        do {
            outcome = try repository.rename(habitID: habit.id, from: oldKey, to: newName, operation: operation)
        } catch {
            if error.mayHaveCommitted { unconfirmed[attempt] = operation }
            retainedError = .storage(error)
            throw .storage(error)
        }
        unconfirmed[attempt] = nil
        retainedError = nil
        switch outcome {
        case .renamed(let renamed), .alreadyApplied(let renamed):
            publish(renamed)
            return renamed
        case .duplicate(let taken): throw .habit(.duplicateName(taken.name))
        case .missing:
            forget(habit.id)
            throw .habit(.noSuchHabit(name))
        }
    }

    /// Deletes a habit and its done days. A delete repeated after it landed (in this session
    /// or another) reports the habit already deleted.
    public func delete(named name: String, operation: OperationID? = nil) throws(TrendError)
        -> HabitDeleteOutcome
    {
        let key = HabitName.key(name)
        let attempt = "delete\n\(key)"
        let wasDeleted = { [repository] () throws(StorageError) -> Bool in
            try repository.wasDeleted(nameKey: key)
        }
        guard let habit = habit(named: name) else {
            if try landed(attempt, or: wasDeleted) { return .alreadyDeleted }
            throw .habit(.noSuchHabit(name))
        }
        let operation = operation ?? unconfirmed[attempt] ?? .make()
        let outcome: HabitDeleteOutcome
        do {
            outcome = try repository.delete(habitID: habit.id, nameKey: key, operation: operation)
        } catch {
            if error.mayHaveCommitted { unconfirmed[attempt] = operation }
            retainedError = .storage(error)
            throw .storage(error)
        }
        unconfirmed[attempt] = nil
        retainedError = nil
        forget(habit.id)
        if case .missing = outcome {
            if try landed(attempt, or: wasDeleted) { return .alreadyDeleted }
            throw .habit(.noSuchHabit(name))
        }
        return outcome
    }

    /// True when an earlier attempt of this change may have landed in this session, or the
    /// store records that it did.
    private func landed(_ attempt: String, or recorded: () throws(StorageError) -> Bool)
        throws(TrendError) -> Bool
    {
        if unconfirmed.removeValue(forKey: attempt) != nil { return true }
        do {
            return try recorded()
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    /// The habit the store holds from this draft; nil when none, or when the store cannot
    /// say (the restored draft's save will then recognise its own habit).
    func savedHabit(for draft: HabitDraft) -> Habit? {
        if let cached = habits.first(where: { $0.draftID == draft.id }) { return cached }
        do {
            return try repository.habit(savedFrom: draft.id)
        } catch {
            return nil
        }
    }

    private func found(_ name: String) throws(TrendError) -> Habit {
        if let habit = habit(named: name) { return habit }
        if let retainedError, loadState == .failed { throw retainedError }
        throw .habit(.noSuchHabit(name))
    }

    private func publish(_ habit: Habit) {
        trace.record(.published(.habits, .habit(habit.name)))
        forget(habit.id)
        let index = habits.firstIndex { HabitName.key($0.name) > HabitName.key(habit.name) } ?? habits.count
        habits.insert(habit, at: index)
    }

    private func forget(_ id: Int64) {
        habits.removeAll { $0.id == id }
    }
}

extension HabitLog: FeatureStatus {
    public nonisolated var featureID: FeatureID { .habits }
    public var featureLoadState: LoadState? { loadState }
}

import FoundationEssentials

/// Changing one field of a stored entry in place (`amend`), without a draft: the change is
/// checked by the same rules as a draft's, then written at once.
extension WeightLog {
    /// Checks a change of `field` typed as `text` for entry `id` and returns it ready to store.
    /// `entry` is the entry as this session knows it (nil when it could not be read); the change
    /// applies only while the entry is still at `expectedRevision`, or at the entry's revision
    /// when no other is given. Throws for text the rules refuse; nothing is written.
    public func amendment(
        id: Int64, field: EntryField, text: String, entry: WeightEntry?, expectedRevision: Int64?,
        operation: OperationID = .make()
    ) throws(TrendError) -> EntryAmendment {
        let now = latestPermittedEntryDate
        let newValue: EntryAmendment.NewValue
        do throws(WeightValidationError) {
            switch field {
            case .measure(let id):
                newValue = .measure(id, try measurement(id, typed: text, removing: entry))
                if let entry, entry.date > StoredTime.rounded(latestWeighingDate) {
                    throw .futureEntryAllowsOnlyNote(date: entry.date)
                }
            case .note:
                newValue = .note(try WeightEntryDraft.normalized(note: text))
            case .date:
                let parsed = try EntryDateParser.entryDate(from: text, now: now, timeOfDay: entry?.date)
                guard StoredTime.rounded(parsed.date) <= StoredTime.rounded(now) else { throw .dateInFuture }
                newValue = .date(parsed.date)
            }
        } catch {
            trace.record(.validated(.weights, .amendment(id: id), .refused(.entries(.invalid(error)))))
            throw .entries(.invalid(error))
        }
        trace.record(.validated(.weights, .amendment(id: id), .accepted))
        return EntryAmendment(
            id: id, newValue: newValue, expectedRevision: expectedRevision ?? entry?.revision, operation: operation,
            latestWeighingDate: latestWeighingDate)
    }

    /// A measurement of kind `id` typed as `text` for `amend`, in the kind's canonical unit;
    /// nil for no text, which removes it (refused when it is the entry's last measurement).
    func measurement(_ id: KindID, typed text: String, removing entry: WeightEntry?) throws(WeightValidationError)
        -> Double?
    {
        guard let kind = kinds.kind(id) else { throw .unknownKind(id.rawValue) }
        guard !text.trimmingWhitespace().isEmpty else {
            if let entry, entry.kinds.allSatisfy({ $0 == id }) { throw .noMeasurement }
            return nil
        }
        if id == .weight { return try selectedUnit.kilograms(from: text) }
        do {
            return try kind.canonical(fromTyped: text, unit: unit(of: kind))
        } catch {
            throw .invalidMeasurement(error)
        }
    }

    /// Writes an amendment, once, and publishes the entry only after storage confirms it. A
    /// retry of an amendment whose first write landed (its reply lost) writes nothing new.
    public func amend(_ amendment: EntryAmendment) throws(TrendError) -> AmendResult {
        var amendment = amendment
        amendment.latestWeighingDate = StoredTime.rounded(latestWeighingDate)
        let outcome: AmendOutcome
        do {
            outcome = try repository.amend(amendment)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
        retainedError = nil
        switch outcome {
        case .amended(let before, let after):
            publish(after)
            return AmendResult(
                id: amendment.id, before: before, entry: after, revision: after.revision, alreadyApplied: false)
        case .alreadyApplied(let entry, let revision):
            if let entry { publish(entry) }
            return AmendResult(id: amendment.id, before: nil, entry: entry, revision: revision, alreadyApplied: true)
        case .conflict(let current):
            publish(current)
            throw .entries(.conflict(id: amendment.id, current: current))
        case .missing:
            forget(amendment.id)
            // Seen when it was typed: it was deleted since. Never seen: there is none.
            if amendment.expectedRevision != nil { throw .entries(.conflict(id: amendment.id, current: nil)) }
            throw .entries(.noSuchEntry(id: amendment.id))
        case .datedInFuture(let entry):
            throw .entries(.invalid(.futureEntryAllowsOnlyNote(date: entry.date)))
        case .unchanged(let entry):
            publish(entry)
            return AmendResult(
                id: amendment.id, before: nil, entry: entry, revision: entry.revision, alreadyApplied: false,
                unchanged: true)
        case .lastMeasurement(let entry):
            publish(entry)
            throw .entries(.invalid(.noMeasurement))
        }
    }
}

/// What an amend did.
public struct AmendResult: Sendable, Equatable {
    public var id: Int64
    /// The entry before the change, when it was made now.
    public var before: WeightEntry?
    /// The entry as stored now; nil when an earlier attempt applied the change and the entry
    /// has been removed since.
    public var entry: WeightEntry?
    /// The revision the change left the entry at.
    public var revision: Int64?
    /// True when an earlier attempt had already applied the change; nothing was written now.
    public var alreadyApplied: Bool
    /// True when the entry already held the new value; nothing was written.
    public var unchanged: Bool

    public init(
        id: Int64, before: WeightEntry?, entry: WeightEntry?, revision: Int64?, alreadyApplied: Bool,
        unchanged: Bool = false
    ) {
        self.id = id
        self.before = before
        self.entry = entry
        self.revision = revision
        self.alreadyApplied = alreadyApplied
        self.unchanged = unchanged
    }
}

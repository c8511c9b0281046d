import FoundationEssentials

/// One field of a stored entry, as `amend` names it: a measurement of one kind (the weight
/// among them), the note or the date.
public enum EntryField: Hashable, Sendable {
    case measure(KindID)
    case note
    case date

    /// The weight, which `amend` also calls `value`.
    public static let value = EntryField.measure(.weight)

    /// How the pending-changes file names the field: `value` for the weight (as every
    /// earlier trendsh wrote it), `measure.KIND` for another kind, `note`, `date`.
    public var rawValue: String {
        switch self {
        case .measure(.weight): return "value"
        case .measure(let kind): return "measure." + kind.rawValue
        case .note: return "note"
        case .date: return "date"
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "value": self = .value
        case "note": self = .note
        case "date": self = .date
        default:
            guard rawValue.hasPrefix("measure."), rawValue.count > "measure.".count else { return nil }
            self = .measure(KindID(String(rawValue.dropFirst("measure.".count))))
        }
    }
}

/// A validated change of one field of a stored entry, on its way to storage, made only if the
/// entry is still at `expectedRevision` (when it is known).
public struct EntryAmendment: Sendable, Equatable {
    /// The field's new content, as the store keeps it.
    public enum NewValue: Sendable, Equatable {
        /// A measurement's new value in its kind's canonical unit; nil removes it.
        case measure(KindID, Double?)
        case note(String)
        case date(Date)
    }

    public var id: Int64
    public var newValue: NewValue
    /// The revision the change was made from; nil when the entry could not be read when the
    /// change was typed, and it then applies to the entry as it is.
    public var expectedRevision: Int64?
    /// The change's identity, recorded with it, so a retry never applies it twice.
    public var operation: OperationID
    /// The identities of earlier changes of the same field that this one replaced while they
    /// waited. One of them may have reached the store before its reply was lost: the entry
    /// then stands at the revision it left, and this change applies on top of it.
    public var replacedOperations: [OperationID]
    /// A weight may change only on an entry dated no later than this: an entry an earlier
    /// clock dated in the future keeps its weight until its date has passed.
    public var latestWeighingDate: Date

    public init(
        id: Int64, newValue: NewValue, expectedRevision: Int64?, operation: OperationID,
        replacedOperations: [OperationID] = [], latestWeighingDate: Date
    ) {
        self.id = id
        if case .date(let date) = newValue {
            self.newValue = .date(StoredTime.rounded(date))
        } else {
            self.newValue = newValue
        }
        self.expectedRevision = expectedRevision
        self.operation = operation
        self.replacedOperations = replacedOperations
        self.latestWeighingDate = StoredTime.rounded(latestWeighingDate)
    }

    public var field: EntryField {
        switch newValue {
        case .measure(let kind, _): return .measure(kind)
        case .note: return .note
        case .date: return .date
        }
    }

    /// True when `entry` already holds the new value: the change would change nothing.
    func changesNothing(in entry: WeightEntry) -> Bool {
        switch newValue {
        case .measure(let kind, let value): return entry.value(of: kind) == value
        case .note(let note): return entry.note == note
        case .date(let date): return StoredTime.rounded(entry.date) == date
        }
    }

    /// True when the change removes the entry's last measurement: an entry holds at least one.
    func leavesNoMeasurement(in entry: WeightEntry) -> Bool {
        guard case .measure(let kind, nil) = newValue else { return false }
        return entry.kinds.allSatisfy { $0 == kind }
    }

    /// `entry` with the change made.
    func applied(to entry: WeightEntry) -> WeightEntry {
        var changed = entry
        switch newValue {
        case .measure(.weight, let kilograms): changed.kilograms = kilograms
        case .measure(let kind, let value): changed.measurements[kind] = value
        case .note(let note): changed.note = note
        case .date(let date): changed.date = date
        }
        changed.revision += 1
        return changed
    }
}

/// What an amend did.
public enum AmendOutcome: Sendable, Equatable {
    /// The field was changed now; the entry before and as stored now.
    case amended(before: WeightEntry, after: WeightEntry)
    /// This change had already been applied (its reply was lost); nothing changed now. The
    /// entry as stored now, if it still exists, and the revision the change left it at.
    case alreadyApplied(WeightEntry?, revision: Int64?)
    /// The entry is at another revision; nothing was written.
    case conflict(current: WeightEntry)
    /// There is no such entry.
    case missing
    /// The entry is dated in the future (by an earlier clock), so its weight may not change yet.
    case datedInFuture(WeightEntry)
    /// The entry already holds the new value: nothing was written (no step, no new revision,
    /// no operation). The entry as stored.
    case unchanged(WeightEntry)
    /// The change would remove the entry's last measurement; nothing was written.
    case lastMeasurement(WeightEntry)
}

/// Where the kinds a person added are kept: the store's `kinds` table, through `KindRecords`.
@MainActor
public protocol KindRepository: AnyObject {
    /// Every added kind the store holds, by id.
    func addedKinds() throws(StorageError) -> [MeasurementKind]
    /// Adds a kind, unless one of its id is there already.
    func add(_ kind: MeasurementKind) throws(StorageError) -> KindAddOutcome
    /// Removes an added kind, unless an entry holds a value of it (in anyone's log: the kinds
    /// are the store's).
    func remove(_ id: KindID) throws(StorageError) -> KindRemoveOutcome
}

/// What `measure add` did.
public enum KindAddOutcome: Sendable, Equatable {
    /// The kind is stored now.
    case added(MeasurementKind)
    /// A kind of that word is stored already (another session may have added it); nothing
    /// was written. It is the kind as stored.
    case alreadyThere(MeasurementKind)
}

/// What `measure remove` did.
public enum KindRemoveOutcome: Sendable, Equatable {
    /// The kind is no longer stored; it was this.
    case removed(MeasurementKind)
    /// The person's entries hold `count` values of the kind, and other people's logs hold some
    /// too when `othersHoldSome` (how many is theirs to know); nothing was written.
    case inUse(count: Int, othersHoldSome: Bool)
    /// The store holds no added kind of that id.
    case missing
}

/// The store's kinds table: a kind added or removed in one write transaction, as one step of
/// the change history (so `undo` takes it back) with its operation. A retry of an add whose
/// reply was lost finds the kind there, and a retried remove finds it gone.
@MainActor
public final class SQLKindRepository: KindRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    public func addedKinds() throws(StorageError) -> [MeasurementKind] {
        try store.read(.weights, loading: true) { db throws(StorageError) in try KindRecords.all(in: db) }
    }

    public func add(_ kind: MeasurementKind) throws(StorageError) -> KindAddOutcome {
        try store.write(.weights) { db throws(StorageError) in
            if let stored = try KindRecords.kind(kind.id, in: db) { return .alreadyThere(stored) }
            let operation = OperationID.make()
            var step = try ChangeRecorder.begin(.kindAdd, feature: .weights, operation: operation, in: db)
            try KindRecords.insert(kind, in: db)
            step.didAdd(.kinds, .word(kind.id.rawValue))
            try step.finish()
            try OperationLog.record(
                operation, feature: .weights, kind: "kind-add", target: nil, detail: kind.id.rawValue, in: db)
            return .added(kind)
        }
    }

    public func remove(_ id: KindID) throws(StorageError) -> KindRemoveOutcome {
        try store.write(.weights) { db throws(StorageError) in
            guard let stored = try KindRecords.kind(id, in: db) else { return .missing }
            let count = try KindRecords.valueCount(of: id, in: db)
            let othersHoldSome = try KindRecords.othersHoldValues(of: id, in: db)
            guard count == 0, !othersHoldSome else { return .inUse(count: count, othersHoldSome: othersHoldSome) }
            let operation = OperationID.make()
            var step = try ChangeRecorder.begin(.kindRemove, feature: .weights, operation: operation, in: db)
            try step.willChange(.kinds, .word(id.rawValue))
            try KindRecords.remove(id, in: db)
            try step.finish()
            try OperationLog.record(
                operation, feature: .weights, kind: "kind-remove", target: nil, detail: id.rawValue, in: db)
            return .removed(stored)
        }
    }
}

/// Failures to inject at named points, for one feature or for all. A value: two plans are
/// equal only when they would fail the same operations with the same errors.
public struct FaultPlan: Sendable, Equatable {
    /// How long an injected failure lasts.
    public enum Persistence: String, Sendable, Equatable {
        /// Fails the next operation at that point, then stops.
        case once
        /// Fails every operation at that point until cleared.
        case always
    }

    /// One injected failure.
    public struct Fault: Sendable, Equatable {
        public var point: FaultPoint
        /// The feature whose operations fail; nil for every feature.
        public var feature: FeatureID?
        public var error: StorageError
        public var persistence: Persistence
    }

    /// The faults in force, in the order they were set; at most one per point and feature.
    public private(set) var faults: [Fault] = []
    /// Makes the next write succeed in storage but throw, as when a crash lands between the
    /// commit and its acknowledgement.
    public private(set) var losesNextAcknowledgement = false

    public init() {}

    public var isEmpty: Bool { faults.isEmpty && !losesNextAcknowledgement }

    public mutating func fail(
        _ point: FaultPoint, in feature: FeatureID? = nil, with error: StorageError, _ persistence: Persistence
    ) {
        faults.removeAll { $0.point == point && $0.feature == feature }
        faults.append(Fault(point: point, feature: feature, error: error, persistence: persistence))
    }

    public mutating func loseNextAcknowledgement() { losesNextAcknowledgement = true }

    /// Clears every injected fault.
    public mutating func clear() {
        faults = []
        losesNextAcknowledgement = false
    }

    /// Throws when a fault is set at `point` for `feature` (or for every feature),
    /// consuming a `once` fault.
    public mutating func check(_ point: FaultPoint, feature: FeatureID) throws(StorageError) {
        guard
            let index = faults.firstIndex(where: { $0.point == point && ($0.feature == nil || $0.feature == feature) })
        else { return }
        let fault = faults[index]
        if fault.persistence == .once { faults.remove(at: index) }
        throw fault.error
    }

    /// Called after a write committed: throws when the acknowledgement is to be lost.
    public mutating func checkAcknowledgement() throws(StorageError) {
        guard losesNextAcknowledgement else { return }
        losesNextAcknowledgement = false
        throw .ioError
    }
}

/// The one source of injected failures: the store consults it around every transaction, and
/// the in-memory repositories around every operation, so `simulate` and the tests drive the
/// same plan through the same helpers.
@MainActor
public final class FaultInjector {
    public private(set) var plan = FaultPlan()

    public init() {}

    /// Fails the next write (of `feature`, or of any feature) with `error`.
    public func failNextSave(with error: StorageError = .simulated(.save), in feature: FeatureID? = nil) {
        plan.fail(.save, in: feature, with: error, .once)
    }

    /// Fails every write with `error` until `stopFailing()`.
    public func failEverySave(with error: StorageError = .simulated(.save), in feature: FeatureID? = nil) {
        plan.fail(.save, in: feature, with: error, .always)
    }

    /// Fails every open (and so every operation) with `error` until `stopFailing()`.
    public func failToOpen(with error: StorageError = .simulated(.open), in feature: FeatureID? = nil) {
        plan.fail(.open, in: feature, with: error, .always)
    }

    /// Fails the next load of a feature's data.
    public func failNextRefresh(with error: StorageError = .simulated(.refresh), in feature: FeatureID? = nil) {
        plan.fail(.refresh, in: feature, with: error, .once)
    }

    /// Commits the next write but throws, as if the process died before acknowledging it.
    public func loseNextAcknowledgement() { plan.loseNextAcknowledgement() }

    public func stopFailing() { plan.clear() }

    /// Changes the plan directly, for combinations the helpers do not name.
    public func update(_ change: (inout FaultPlan) -> Void) { change(&plan) }

    public func check(_ point: FaultPoint, feature: FeatureID) throws(StorageError) {
        try plan.check(point, feature: feature)
    }

    public func checkAcknowledgement() throws(StorageError) { try plan.checkAcknowledgement() }
}

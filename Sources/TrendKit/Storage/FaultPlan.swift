/// Failures to inject at named points: the same plan drives the in-memory repository in
/// tests and the shell's `simulate` command over the real store.
public struct FaultPlan: Sendable, Equatable {
    /// How long an injected failure lasts.
    public enum Persistence: String, Sendable, Equatable {
        /// Fails the next operation at that point, then stops.
        case once
        /// Fails every operation at that point until cleared.
        case always
    }

    /// The active faults and the error each throws.
    public private(set) var active: [FaultPoint: (error: StorageError, persistence: Persistence)] = [:]
    /// Makes the next write succeed in storage but throw, as when a crash lands between the
    /// commit and its acknowledgement.
    public private(set) var losesNextAcknowledgement = false

    public init() {}

    public mutating func fail(_ point: FaultPoint, with error: StorageError, _ persistence: Persistence) {
        active[point] = (error, persistence)
    }

    public mutating func loseNextAcknowledgement() { losesNextAcknowledgement = true }

    /// Clears every injected fault.
    public mutating func clear() {
        active = [:]
        losesNextAcknowledgement = false
    }

    /// Throws when a fault is set at `point`, consuming a `once` fault.
    public mutating func check(_ point: FaultPoint) throws(StorageError) {
        guard let (error, persistence) = active[point] else { return }
        if persistence == .once { active[point] = nil }
        throw error
    }

    /// Called after a write committed: throws when the acknowledgement is to be lost.
    public mutating func checkAcknowledgement() throws(StorageError) {
        guard losesNextAcknowledgement else { return }
        losesNextAcknowledgement = false
        throw .ioError(code: 10)
    }

    /// What is in force, for `status` and `simulate`: `save-failure (once)`.
    public var summary: [String] {
        FaultPoint.allCases.compactMap { point in
            active[point].map { "\(point.rawValue)-failure (\($0.persistence.rawValue))" }
        } + (losesNextAcknowledgement ? ["lost acknowledgement (once)"] : [])
    }

    public static func == (lhs: FaultPlan, rhs: FaultPlan) -> Bool {
        lhs.summary == rhs.summary
    }
}

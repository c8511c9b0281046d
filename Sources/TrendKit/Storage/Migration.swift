/// One step of a store's schema, applied once, in order of `version` (`PRAGMA user_version`).
/// Each feature contributes the steps that create and change its own tables.
public struct Migration: Sendable {
    /// The `user_version` the store has after this step.
    public let version: Int
    public let feature: FeatureID
    /// What the step does, in a few words, for the upgrade message.
    public let summary: String
    let apply: @Sendable (SQLiteDatabase) throws(StorageError) -> Void

    public init(
        version: Int, feature: FeatureID, summary: String,
        apply: @escaping @Sendable (SQLiteDatabase) throws(StorageError) -> Void
    ) {
        self.version = version
        self.feature = feature
        self.summary = summary
        self.apply = apply
    }
}

/// Every feature's migrations, in order. Versions are unique and rise by one.
public struct Schema: Sendable {
    public let migrations: [Migration]

    /// Orders the steps by version. Two steps with one version, or a missing version, is a
    /// mistake in the program, not in anything a person did: it stops trendsh at once.
    public init(_ migrations: [Migration]) {
        let sorted = migrations.sorted { $0.version < $1.version }
        precondition(
            sorted.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migration versions must run 1, 2, 3… without gaps or repeats")
        self.migrations = sorted
    }

    /// The version a store has once every step has run.
    public var latestVersion: Int { migrations.last?.version ?? 0 }
}

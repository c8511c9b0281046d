/// Where each person's settings are kept in the store: SQL and mapping only
/// (`SQLSettingsRepository`); the local copy is `SettingsStore`'s.
@MainActor
public protocol SettingsRepository {
    /// The connection's person's settings as the store holds them, with whose they are and
    /// who the store's first person is.
    func load() throws(StorageError) -> StoredSettings
    /// In one write transaction, writes for the connection's person the changes `changes`
    /// gives (it is told the person, and the store's first person), each unless the store's
    /// row for its key was changed later (or the change's time is not known and the store
    /// has a row): then the store's value stays, and the outcome says so. A change with no
    /// time is written with `now`.
    func deliver(now: String, _ changes: (_ person: String, _ firstPerson: String?) -> [SettingDelivery])
        throws(StorageError) -> SettingsDeliveryOutcome
}

/// One setting as the store keeps it.
public struct StoredSetting: Sendable, Equatable {
    /// The value as the settings file keeps it (`lb`, `70.0 kg`, `off`).
    public var value: String
    /// When the person changed it, on whichever machine (stored-time text).
    public var changedAt: String

    public init(value: String, changedAt: String) {
        self.value = value
        self.changedAt = changedAt
    }
}

/// A person's settings as the store holds them.
public struct StoredSettings: Sendable, Equatable {
    /// Whose they are: the connection's person.
    public var person: String
    /// The store's first person, whose are the settings a file names no person for.
    public var firstPerson: String?
    /// The rows, by key.
    public var rows: [String: StoredSetting]

    public init(person: String, firstPerson: String?, rows: [String: StoredSetting]) {
        self.person = person
        self.firstPerson = firstPerson
        self.rows = rows
    }
}

/// A setting changed here, on its way into the store.
public struct SettingDelivery: Sendable, Equatable {
    public var key: String
    /// The value as the settings file keeps it.
    public var value: String
    /// When it was changed here; nil when not known (an older trendsh's file).
    public var changedAt: String?

    public init(key: String, value: String, changedAt: String?) {
        self.key = key
        self.value = value
        self.changedAt = changedAt
    }
}

/// What a delivery did.
public struct SettingsDeliveryOutcome: Sendable, Equatable {
    /// A change the store kept its own value over, and that value.
    public struct Overruled: Sendable, Equatable {
        public var change: SettingDelivery
        public var stored: StoredSetting
    }

    /// Whose settings were written: the connection's person.
    public var person: String
    /// The store's first person.
    public var firstPerson: String?
    /// The changes the store holds now.
    public var written: [SettingDelivery] = []
    /// The changes whose key the store had changed later: its value stays.
    public var overruled: [Overruled] = []
}

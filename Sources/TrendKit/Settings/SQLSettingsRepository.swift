/// The settings' SQL. The store owns the file (or the server) and the transactions. Every
/// read and write names the connection's person (`SQLConnection.person`); on a server a log
/// read for someone else refuses the write (`StorageError.notYourLog`).
@MainActor
public final class SQLSettingsRepository: SettingsRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    public func load() throws(StorageError) -> StoredSettings {
        try store.read(.settings, loading: true) { db throws(StorageError) in
            StoredSettings(person: db.person, firstPerson: try Self.firstPerson(in: db), rows: try Self.rows(in: db))
        }
    }

    public func deliver(now: String, _ changes: (_ person: String, _ firstPerson: String?) -> [SettingDelivery])
        throws(StorageError) -> SettingsDeliveryOutcome
    {
        try store.write(.settings) { db throws(StorageError) in
            let first = try Self.firstPerson(in: db)
            var outcome = SettingsDeliveryOutcome(person: db.person, firstPerson: first)
            let rows = try Self.rows(in: db)
            for change in changes(db.person, first) {
                if let stored = rows[change.key], change.changedAt.map({ stored.changedAt > $0 }) ?? true {
                    outcome.overruled.append(.init(change: change, stored: stored))
                    continue
                }
                let values: [SQLValue] = [.text(change.value), .text(change.changedAt ?? now)]
                if rows[change.key] != nil {
                    try db.run(
                        "UPDATE settings SET value = ?, changed_at = ? WHERE person = ? AND key = ?",
                        values + [.text(db.person), .text(change.key)])
                } else {
                    try db.run(
                        "INSERT INTO settings (value, changed_at, person, key) VALUES (?, ?, ?, ?)",
                        values + [.text(db.person), .text(change.key)])
                }
                outcome.written.append(change)
            }
            return outcome
        }
    }

    /// The connection's person's rows, by key.
    private static func rows(in db: any SQLConnection) throws(StorageError) -> [String: StoredSetting] {
        let statement = try db.statement("SELECT key, value, changed_at FROM settings WHERE person = ?")
        try statement.bind([.text(db.person)])
        var rows: [String: StoredSetting] = [:]
        while try statement.step() {
            guard let key = statement.text(0), let value = statement.text(1) else { continue }
            rows[key] = StoredSetting(value: value, changedAt: statement.text(2) ?? "")
        }
        return rows
    }

    /// The store's first person, as far as this connection may read the people.
    private static func firstPerson(in db: any SQLConnection) throws(StorageError) -> String? {
        try db.text("SELECT name FROM people ORDER BY added_at, name LIMIT 1")
    }
}

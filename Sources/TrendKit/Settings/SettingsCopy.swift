/// What the local copy of the settings holds (`<store>.settings`, or memory for `:memory:`):
/// the settings of this machine alone, each person's own as last read from the store or set
/// here, and which of a person's were set here and are not in the store yet. A session reads
/// its settings from here alone, so they answer at once, store or no store.
public struct SettingsCopy: Sendable, Equatable {
    /// The settings of this machine alone (`chart-style`), by key, as the file keeps them.
    public var local: [String: String] = [:]
    /// Each person's own settings, by name.
    public var people: [String: PersonSettings] = [:]
    /// Per-person settings that name no person: a file an older trendsh wrote, or a change
    /// made before the session knew whose log it works on. They are the store's first
    /// person's (`assignUnnamed(to:)`), and none of them is in the store yet: its marks
    /// hold only the times that are known.
    public var unnamed = PersonSettings()
    /// Lines of the file this version does not know, kept as they were, so a newer
    /// version's settings survive a rewrite by this one.
    public var otherLines: [String] = []

    public init() {}

    /// A copy that holds `settings` with no person named, as an older trendsh's file would:
    /// this machine's keys, and each per-person key that is not its default.
    public init(_ settings: Settings) {
        let defaults = Settings()
        for key in SettingKey.local { local[key.name] = key.kept(settings) }
        for key in SettingKey.perPerson where key.read(settings) != key.read(defaults) {
            unnamed.values[key.name] = key.kept(settings)
        }
    }

    /// The settings in use for `person`: the defaults, then this machine's settings, then
    /// those that name no person, then the person's own.
    public func settings(for person: String?) -> Settings {
        var settings = Settings()
        Self.restore(local, into: &settings)
        Self.restore(unnamed.values, into: &settings)
        if let person, let own = people[person] { Self.restore(own.values, into: &settings) }
        return settings
    }

    /// The part `person` changes: their own, or the unnamed one when no person is known.
    public func part(_ person: String?) -> PersonSettings {
        guard let person else { return unnamed }
        return people[person] ?? PersonSettings()
    }

    /// The keys of `person` that wait for the store (with no person: the unnamed part's,
    /// every one of which waits), in the order of the declarations.
    public func waitingKeys(of person: String?) -> [String] {
        let part = part(person)
        return SettingKey.perPerson.map(\.name).filter {
            part.waiting[$0] != nil || (person == nil && part.values[$0] != nil)
        }
    }

    /// True when something waits to go into the store for `person`, or names no person yet.
    public func hasWaitingChanges(of person: String?) -> Bool {
        !unnamed.values.isEmpty || !(person.flatMap { people[$0] }?.waiting.isEmpty ?? true)
    }

    /// Takes `key`'s value from `settings`: for a per-person key into `person`'s part (the
    /// unnamed one when no person is known), marked as set here at `time` and not yet in the
    /// store; for a key of this machine, into the local settings.
    public mutating func set(_ key: SettingKey, from settings: Settings, for person: String?, at time: String?) {
        guard key.isPerPerson else {
            local[key.name] = key.kept(settings)
            return
        }
        change(person) { part in
            part.values[key.name] = key.kept(settings)
            // In the unnamed part every value waits: only a known time is a mark.
            part.waiting[key.name] = person == nil && time == nil ? nil : WaitingChange(changedAt: time)
        }
    }

    /// Gives the settings that name no person to `firstPerson`, the store's first person,
    /// still waiting for the store. A change of theirs made here later keeps its value.
    public mutating func assignUnnamed(to firstPerson: String) {
        guard !unnamed.values.isEmpty || !unnamed.waiting.isEmpty else { return }
        let unnamed = self.unnamed
        self.unnamed = PersonSettings()
        change(firstPerson) { part in
            for (key, value) in unnamed.values {
                let waiting = unnamed.waiting[key] ?? WaitingChange(changedAt: nil)
                if let own = part.waiting[key], own.isLater(than: waiting) { continue }
                part.values[key] = value
                part.waiting[key] = waiting
            }
        }
    }

    /// Takes `person`'s settings as the store holds them, for every key not waiting to go
    /// into the store, and for every key waiting with no time (an older trendsh's file),
    /// which the store's value wins over; a row whose value this version cannot read is
    /// passed over.
    public mutating func adopt(_ rows: [String: StoredSetting], for person: String) {
        change(person) { part in
            for key in SettingKey.perPerson {
                guard let row = rows[key.name], Self.isReadable(row.value, for: key) else { continue }
                if let waiting = part.waiting[key.name] {
                    guard waiting.changedAt == nil else { continue }
                    part.waiting[key.name] = nil
                }
                part.values[key.name] = row.value
            }
        }
    }

    /// The store now holds `change` for `person`: the mark goes, unless the key was set here
    /// again since (another mark, another time).
    public mutating func delivered(_ change: SettingDelivery, for person: String) {
        self.change(person) { part in
            if part.waiting[change.key] == WaitingChange(changedAt: change.changedAt) {
                part.waiting[change.key] = nil
            }
        }
    }

    /// The store kept its own value for `change`'s key, changed there later: the value here
    /// becomes the store's and the mark goes, unless the key was set here again since.
    public mutating func overruled(_ change: SettingDelivery, by stored: StoredSetting, for person: String) {
        self.change(person) { part in
            guard part.waiting[change.key] == WaitingChange(changedAt: change.changedAt) else { return }
            part.waiting[change.key] = nil
            if let key = SettingKey.named(change.key), Self.isReadable(stored.value, for: key) {
                part.values[change.key] = stored.value
            }
        }
    }

    /// The store refuses `person`'s settings from this session (a log read for someone
    /// else): every key of theirs waiting here takes the store's value again (the default
    /// where it holds none), and waits no more. Without the store's rows (nil: they could not
    /// be read) the values stay, and the next read of the store brings its own.
    public mutating func refused(for person: String, stored rows: [String: StoredSetting]?) {
        change(person) { part in
            for key in part.waiting.keys {
                part.waiting[key] = nil
                guard let rows else { continue }
                if let row = rows[key], let setting = SettingKey.named(key), Self.isReadable(row.value, for: setting) {
                    part.values[key] = row.value
                } else {
                    part.values[key] = nil
                }
            }
        }
    }

    /// Changes `person`'s part (the unnamed one for nil), dropping a part left empty.
    mutating func change(_ person: String?, _ body: (inout PersonSettings) -> Void) {
        guard let person else { return body(&unnamed) }
        var part = people[person] ?? PersonSettings()
        body(&part)
        people[person] = part.isEmpty ? nil : part
    }

    private static func restore(_ values: [String: String], into settings: inout Settings) {
        for key in SettingKey.all {
            guard let text = values[key.name] else { continue }
            // Every value was checked when it was read or set; one that fails is passed over.
            try? key.restore(text, into: &settings)
        }
    }

    static func isReadable(_ text: String, for key: SettingKey) -> Bool {
        var settings = Settings()
        do {
            try key.restore(text, into: &settings)
            return true
        } catch {
            return false
        }
    }
}

/// One person's own settings in the local copy.
public struct PersonSettings: Sendable, Equatable {
    /// Each key's value as the file and the store keep it (`unit` → `lb`, `goal` →
    /// `70.0 kg`), for the keys that have one here.
    public var values: [String: String] = [:]
    /// The keys set on this machine that the store does not hold yet.
    public var waiting: [String: WaitingChange] = [:]

    public init() {}

    var isEmpty: Bool { values.isEmpty && waiting.isEmpty }
}

/// A setting changed here and not yet in the store, with when it was changed.
public struct WaitingChange: Sendable, Equatable {
    /// The time of the change, as the store keeps times; nil when no time is known (a file
    /// an older trendsh wrote): then a value the store holds for the key wins.
    public var changedAt: String?

    public init(changedAt: String?) { self.changedAt = changedAt }

    /// True when this change was made after `other`, so it wins over it.
    func isLater(than other: WaitingChange) -> Bool {
        guard let changedAt else { return false }
        guard let earlier = other.changedAt else { return true }
        return changedAt >= earlier
    }
}

/// The settings feature. A session reads its settings from the local copy alone
/// (`SettingsStore`), so they answer at once, whatever the store does. Each person's own
/// settings are also kept in the store (`SettingsLog`), which is how they reach that person's
/// other machines: a change takes effect once the copy has it on disk, merged into what other
/// sessions on this machine wrote, then goes into the store; when the store cannot be written
/// it waits in the copy, marked, for the next write that reaches the store.
@MainActor
public final class SettingsFeature {
    /// The local copy as last read or written.
    public private(set) var copy: SettingsCopy {
        didSet { inUse = (person, copy.settings(for: person)) }
    }
    /// Where `copy` came from.
    public private(set) var source: Source
    /// The last failure to read or write the copy, kept until one succeeds.
    public private(set) var retainedError: TrendError?
    private let store: any SettingsStore
    /// Where the settings are kept in the store, and whose are in use; nil keeps them in
    /// the copy alone, naming no person.
    let log: SettingsLog?
    /// The version of the copy last read or written.
    private var version: SettingsVersion
    /// What happened that a person should hear about, until taken.
    private var notices: [Notice] = []
    /// The settings in use, worked out once for the person they are for.
    private var inUse: (person: String?, settings: Settings)

    /// Where the settings in use came from.
    public enum Source: Equatable, Sendable {
        /// The settings store as it is now (the defaults when there is no file).
        case store
        /// The defaults: the settings could not be read when the session started.
        case defaults
        /// The settings as last read: they could not be read since.
        case lastRead
    }

    /// A change a person did not make in this command.
    public enum Notice: Equatable, Sendable {
        /// The unit was changed elsewhere; it is now this one.
        case unitChanged(WeightUnit)
        /// A kind's unit (`unit waist in`) was changed elsewhere; it is now this one.
        case kindUnitChanged(KindID, MeasureUnit?)
        /// The settings could not be read again; the ones in use are kept.
        case unreadable(SettingsError)
        /// These settings, set here while the store could not be written, are in it now.
        case delivered([String])
        /// These settings, which a settings file of an older trendsh kept with no person
        /// named, are in the store now, as `person`'s.
        case deliveredFromOlderFile([String], person: String)
        /// These settings, set here while the store could not be written, had been changed
        /// in the store since: the store's values are in use.
        case overruled([String])
        /// The store refused `person`'s settings from this session (a log read for someone
        /// else, which only they may change): these keys are the store's again.
        case refused([String], person: String)
    }

    /// Where a change went.
    public enum Change: Equatable, Sendable {
        /// A setting of this machine alone, kept in the local copy.
        case local
        /// In the local copy and in the store.
        case inStore
        /// In the local copy, waiting for the store, which could not be written.
        case waitingForStore(StorageError)
    }

    /// Loads the copy; a file that cannot be read leaves the defaults and a retained error.
    public init(store: any SettingsStore, log: SettingsLog? = nil) {
        self.store = store
        self.log = log
        let reading = store.read()
        version = reading.version
        let copy: SettingsCopy
        switch reading.copy {
        case .success(let read):
            copy = read
            source = .store
        case .failure(let error):
            copy = SettingsCopy()
            source = .defaults
            retainedError = .settings(error)
        }
        self.copy = copy
        let person = log?.person()
        inUse = (person, copy.settings(for: person))
    }

    /// Whose settings are in use: the session's person; nil when no store keeps them, or
    /// before the session knows whose log it works on.
    public var person: String? { log?.person() }

    /// The settings in use: this machine's, with the session's person's own.
    public var settings: Settings {
        let person = self.person
        if inUse.person != person { inUse = (person, copy.settings(for: person)) }
        return inUse.settings
    }

    public var unit: WeightUnit { settings.unit }
    public var goalKilograms: Double? { settings.goalKilograms }
    public var chartStyle: ChartStyle { settings.chartStyle }

    /// The unit `kind` is typed and shown in now.
    public func unit(of kind: MeasurementKind) -> MeasureUnit { settings.unit(of: kind) }

    /// The person's settings set here that the store does not hold yet, by key, in the order
    /// of the declarations (with those that name no person, which wait too).
    public var waitingForStore: [String] {
        let waiting = Set(copy.waitingKeys(of: person) + copy.waitingKeys(of: nil))
        return SettingKey.perPerson.map(\.name).filter(waiting.contains)
    }

    /// Reads the copy again when it changed since last read or written, which costs one
    /// `stat` when it did not. A changed unit becomes a notice.
    public func reload() {
        guard store.currentVersion() != version else { return }
        adopt(store.read(), expecting: settings)
    }

    /// The notices since last taken, oldest first.
    public func takeNotices() -> [Notice] {
        defer { notices = [] }
        return notices
    }

    /// Sets one setting from typed text, read against the settings this session shows (a goal
    /// in its unit), and merges that one key into the copy kept now. A person's own setting
    /// then goes into the store, with any others waiting for it; when the store cannot be
    /// written it waits in the copy (`.waitingForStore`). On a failure of the copy nothing
    /// changes, unless the error is `.unconfirmed`: the change is then in use, as it is on
    /// disk. In a log the store lets this session read and not write, nothing changes and the
    /// change is refused (`.notYourSettings`).
    @discardableResult
    public func set(_ key: SettingKey, to text: String) throws(TrendError) -> Change {
        var changed = settings
        try key.write(&changed, text)
        // What this session expects to find: its settings with this one key changed.
        var expected = settings
        key.carry(changed, &expected)
        let person = key.isPerPerson ? self.person : nil
        let time = log.map { StoredTime.text($0.clock.now()) }
        let reading: SettingsReading
        do {
            reading = try store.update { $0.set(key, from: changed, for: person, at: time) }
        } catch {
            switch error {
            case .unreadable(let path, let detail):
                // Said by the refusal, so no notice; the next `reload` reads the file again.
                retainedError = .settings(error)
                if source == .store { source = .lastRead }
                throw .settings(.notWrittenOverUnreadable(path: path, detail: detail))
            case .unconfirmed:
                adopt(store.read(), expecting: expected)
            default:
                break
            }
            retainedError = .settings(error)
            throw .settings(error)
        }
        adopt(reading, expecting: expected)
        retainedError = nil
        guard key.isPerPerson, log != nil else { return .local }
        switch deliver(setting: key.name) {
        case .refused(let person): throw .settings(.notYourSettings(person: person))
        case .notWritten(let error): return .waitingForStore(error)
        case .written, .nothingWaits: return .inStore
        }
    }

    /// Writes the person's settings that wait for the store, once another write of the
    /// command has reached it; what reached it, or what the store kept instead, becomes a
    /// notice. Nothing happens when nothing waits.
    public func deliverWaiting() {
        _ = deliver(setting: nil)
    }

    /// Takes the session's person's settings from the store, as every read of the store
    /// brings them (the session's start, `refresh`, another session's commit, another person
    /// chosen): a key not waiting for the store takes the store's value, and settings that
    /// name no person become the store's first person's. A store that cannot be read, or a
    /// copy that cannot be written, leaves the settings in use as they are.
    public func refresh() {
        guard let log else { return }
        let stored: StoredSettings
        do {
            stored = try log.repository.load()
        } catch {
            return
        }
        reload()
        var next = copy
        Self.take(stored, into: &next)
        guard next != copy else { return }
        // Settings this copy never held for the person (a new machine, a person not worked
        // for here before) are taken in without a notice.
        let knewThem = copy.people[stored.person] != nil
        let before = settings
        do {
            let reading = try store.update { Self.take(stored, into: &$0) }
            adopt(reading, expecting: knewThem ? before : nil)
            clearCopyWriteError()
        } catch {
            // The settings in use stay as they were; the copy is read again before the next
            // command, and the store at the next read. Until then the failure is shown.
            retainedError = .settings(error)
        }
    }

    private static func take(_ stored: StoredSettings, into copy: inout SettingsCopy) {
        if let first = stored.firstPerson { copy.assignUnnamed(to: first) }
        copy.adopt(stored.rows, for: stored.person)
    }

    /// What a delivery came to.
    private enum Delivery {
        case nothingWaits
        case written
        case notWritten(StorageError)
        /// The store refuses this person's settings from this session.
        case refused(person: String)
    }

    /// Writes what waits for the store for the session's person. `current` is the key the
    /// command itself set, which its own answer reports.
    private func deliver(setting current: String?) -> Delivery {
        guard let log else { return .nothingWaits }
        reload()
        guard copy.hasWaitingChanges(of: person) else { return .nothingWaits }
        let copy = self.copy
        let outcome: SettingsDeliveryOutcome
        do {
            outcome = try log.repository.deliver(now: StoredTime.text(log.clock.now())) { person, first in
                var merged = copy
                if let first { merged.assignUnnamed(to: first) }
                let part = merged.part(person)
                return SettingKey.perPerson.compactMap { key in
                    guard let waiting = part.waiting[key.name], let value = part.values[key.name] else { return nil }
                    return SettingDelivery(key: key.name, value: value, changedAt: waiting.changedAt)
                }
            }
        } catch {
            guard error.isRefusedByTheRules, let person else { return .notWritten(error) }
            refuse(person, reporting: current)
            return .refused(person: person)
        }
        let reading: SettingsReading
        do {
            reading = try store.update { copy in
                if let first = outcome.firstPerson { copy.assignUnnamed(to: first) }
                for change in outcome.written { copy.delivered(change, for: outcome.person) }
                for overruled in outcome.overruled {
                    copy.overruled(overruled.change, by: overruled.stored, for: outcome.person)
                }
            }
        } catch {
            // The store holds the changes; the copy keeps its marks, and the next delivery
            // finds the store's rows as it left them and writes the same values again. The
            // copy's failure is shown until a write of it succeeds.
            retainedError = .settings(error)
            return .written
        }
        // The store's values that win are said by the notice below, not as changes made elsewhere.
        adopt(reading, expecting: nil)
        clearCopyWriteError()
        let written = outcome.written.filter { $0.key != current }
        let known = written.filter { $0.changedAt != nil }.map(\.key)
        let older = written.filter { $0.changedAt == nil }.map(\.key)
        if !known.isEmpty { notices.append(.delivered(known)) }
        if !older.isEmpty { notices.append(.deliveredFromOlderFile(older, person: outcome.person)) }
        let overruled = outcome.overruled.filter { $0.change.changedAt != nil }.map(\.change.key)
        if !overruled.isEmpty { notices.append(.overruled(overruled)) }
        return .written
    }

    /// The store refuses `person`'s settings from this session: every key of theirs waiting
    /// here takes the store's value again, and waits no more. Keys other than `current` (the
    /// one the command set, which its refusal reports) become a notice.
    private func refuse(_ person: String, reporting current: String?) {
        let waiting = copy.part(person).waiting.keys
        let rows: [String: StoredSetting]?
        do {
            rows = try log?.repository.load().rows
        } catch {
            rows = nil
        }
        do {
            let reading = try store.update { $0.refused(for: person, stored: rows) }
            adopt(reading, expecting: nil)
        } catch {
            // The marks stay; the next delivery meets the same refusal.
        }
        let others = SettingKey.perPerson.map(\.name).filter { waiting.contains($0) && $0 != current }
        if !others.isEmpty { notices.append(.refused(others, person: person)) }
    }

    /// Lets go of a failure to write the copy, once a write of it has succeeded; a copy that
    /// cannot be read is let go of by the read that succeeds (`adopt`).
    private func clearCopyWriteError() {
        if case .settings(let error) = retainedError, case .unreadable = error { return }
        retainedError = nil
    }

    /// Takes what a look at the copy found: it replaces the one in use (a unit, the weight's
    /// or a kind's, other than `expected` holds is a notice; nil expects whatever is found);
    /// a failure keeps the copy in use and is retained.
    private func adopt(_ reading: SettingsReading, expecting expected: Settings?) {
        version = reading.version
        switch reading.copy {
        case .success(let copy):
            self.copy = copy
            source = .store
            if case .settings(.unreadable) = retainedError { retainedError = nil }
            guard let expected else { return }
            let settings = self.settings
            if settings.unit != expected.unit { notices.append(.unitChanged(settings.unit)) }
            for id in Set(settings.kindUnits.keys).union(expected.kindUnits.keys).sorted()
            where settings.kindUnits[id] != expected.kindUnits[id] {
                notices.append(.kindUnitChanged(id, settings.kindUnits[id]))
            }
        case .failure(let error):
            if retainedError != .settings(error) { notices.append(.unreadable(error)) }
            retainedError = .settings(error)
            if source == .store { source = .lastRead }
        }
    }
}

/// Where a session's settings are kept in the store, and whose are in use.
@MainActor
public struct SettingsLog {
    public let repository: any SettingsRepository
    /// When a change is made, for the store's `changed_at`.
    public let clock: Clock
    /// The person whose settings are in use: the session's person once the store has said
    /// who it is, else the name the session was given; nil before either.
    public let person: @MainActor () -> String?

    public init(repository: any SettingsRepository, clock: Clock, person: @escaping @MainActor () -> String?) {
        self.repository = repository
        self.clock = clock
        self.person = person
    }
}

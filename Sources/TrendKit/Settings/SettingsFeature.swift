/// The settings feature. It does not touch the store, so it keeps working when the store
/// cannot open. A change takes effect only once the settings store has written it, merged
/// into what other sessions wrote; a change made elsewhere is read at the next `reload`.
@MainActor
public final class SettingsFeature {
    public private(set) var settings: Settings
    /// Where `settings` came from.
    public private(set) var source: Source
    /// The last failure to read or write settings, kept until one succeeds.
    public private(set) var retainedError: TrendError?
    private let store: any SettingsStore
    /// The version of the settings last read or written.
    private var version: SettingsVersion
    /// What happened that a person should hear about, until taken.
    private var notices: [Notice] = []

    /// Where the settings in use came from.
    public enum Source: Equatable, Sendable {
        /// The settings store as it is now (the defaults when there is no file).
        case store
        /// The defaults: the settings could not be read when the session started.
        case defaults
        /// The settings as last read: they could not be read since.
        case lastRead
    }

    /// A change a person did not make in this session.
    public enum Notice: Equatable, Sendable {
        /// The unit was changed elsewhere; it is now this one.
        case unitChanged(WeightUnit)
        /// A kind's unit (`unit waist in`) was changed elsewhere; it is now this one.
        case kindUnitChanged(KindID, MeasureUnit?)
        /// The settings could not be read again; the ones in use are kept.
        case unreadable(SettingsError)
    }

    /// Loads settings; a file that cannot be read leaves the defaults and a retained error.
    public init(store: any SettingsStore) {
        self.store = store
        let reading = store.read()
        version = reading.version
        switch reading.settings {
        case .success(let settings):
            self.settings = settings
            source = .store
        case .failure(let error):
            settings = Settings()
            source = .defaults
            retainedError = .settings(error)
        }
    }

    public var unit: WeightUnit { settings.unit }
    public var goalKilograms: Double? { settings.goalKilograms }
    public var chartStyle: ChartStyle { settings.chartStyle }

    /// The unit `kind` is typed and shown in now.
    public func unit(of kind: MeasurementKind) -> MeasureUnit { settings.unit(of: kind) }

    /// Reads the settings again when they changed since last read or written, which costs
    /// one `stat` when they did not. A changed unit becomes a notice.
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
    /// in its unit), and merges that one key into the settings kept now. On failure nothing
    /// changes, unless the error is `.unconfirmed`: the change is then in use, as it is on disk.
    public func set(_ key: SettingKey, to text: String) throws(TrendError) {
        var changed = settings
        try key.write(&changed, text)
        // What this session expects to find: its settings with this one key changed.
        var expected = settings
        key.carry(changed, &expected)
        let reading: SettingsReading
        do {
            reading = try store.update { key.carry(changed, &$0) }
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
    }

    /// Takes what a look at the store found: settings replace those in use (a unit, the
    /// weight's or a kind's, other than `expected` holds is a notice); a failure keeps them
    /// and is retained.
    private func adopt(_ reading: SettingsReading, expecting expected: Settings) {
        version = reading.version
        switch reading.settings {
        case .success(let settings):
            self.settings = settings
            source = .store
            if case .settings(.unreadable) = retainedError { retainedError = nil }
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

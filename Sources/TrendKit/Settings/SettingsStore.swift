import Synchronization

/// Where settings are kept. Several sessions may share them: a change is merged into what
/// is kept now, never written from a copy read earlier.
public protocol SettingsStore: Sendable {
    /// The settings as they are now, with the version read.
    func read() -> SettingsReading
    /// The version kept now, cheaply (a `stat`): when it differs from the one last read or
    /// written, the settings changed since.
    func currentVersion() -> SettingsVersion
    /// Reads the settings as they are now, applies `change`, and keeps the result, as one
    /// step no other session's change can come between. On a throw nothing changed (except
    /// for `.unconfirmed`, which says so).
    func update(_ change: (inout Settings) -> Void) throws(SettingsError) -> SettingsReading
}

extension SettingsStore {
    /// The settings as they are now.
    public func load() throws(SettingsError) -> Settings { try read().settings.get() }
}

/// What one look at the settings found.
public struct SettingsReading: Sendable {
    /// The version looked at.
    public var version: SettingsVersion
    /// The settings, or why they could not be read.
    public var settings: Result<Settings, SettingsError>
}

/// Which version of the settings was seen: for a file, its inode, size and times (what a
/// `stat` tells), so a change made elsewhere shows without reading the file.
public struct SettingsVersion: Equatable, Sendable {
    private let stamp: [Int64]

    /// No settings file.
    static let noFile = SettingsVersion(stamp: [])

    /// The `count`th version of settings held in memory.
    static func count(_ count: Int) -> SettingsVersion { SettingsVersion(stamp: [-1, Int64(count)]) }

    /// A path that could not be looked at, with the errno.
    static func unlookable(_ errno: Int32) -> SettingsVersion { SettingsVersion(stamp: [-2, Int64(errno)]) }

    /// A file as `stat` describes it.
    static func file(device: UInt64, inode: UInt64, size: Int64, modified: (Int, Int), changed: (Int, Int))
        -> SettingsVersion
    {
        SettingsVersion(stamp: [
            Int64(bitPattern: device), Int64(bitPattern: inode), size, Int64(modified.0), Int64(modified.1),
            Int64(changed.0), Int64(changed.1),
        ])
    }
}

/// Settings held in memory, for `:memory:` sessions and tests: they start from defaults and
/// nothing is written anywhere. Two features on one instance see each other's changes.
public final class InMemorySettingsStore: SettingsStore {
    private let state: Mutex<(settings: Settings, failsToSave: Bool, changes: Int)>

    public init(_ settings: Settings = Settings(), failsToSave: Bool = false) {
        state = Mutex((settings, failsToSave, 0))
    }

    public func read() -> SettingsReading {
        state.withLock { SettingsReading(version: .count($0.changes), settings: .success($0.settings)) }
    }

    public func currentVersion() -> SettingsVersion { state.withLock { .count($0.changes) } }

    public func update(_ change: (inout Settings) -> Void) throws(SettingsError) -> SettingsReading {
        let reading = state.withLock { value -> SettingsReading? in
            guard !value.failsToSave else { return nil }
            change(&value.settings)
            value.changes += 1
            return SettingsReading(version: .count(value.changes), settings: .success(value.settings))
        }
        guard let reading else { throw .simulated }
        return reading
    }
}

import Synchronization

/// Where the local copy of the settings is kept (`SettingsCopy`). Several sessions may share
/// it: a change is merged into what is kept now, never written from a copy read earlier.
public protocol SettingsStore: Sendable {
    /// The copy as it is now, with the version read.
    func read() -> SettingsReading
    /// The version kept now, cheaply (a `stat`): when it differs from the one last read or
    /// written, the copy changed since.
    func currentVersion() -> SettingsVersion
    /// Reads the copy as it is now, applies `change`, and keeps the result, as one step no
    /// other session's change can come between. On a throw nothing changed (except for
    /// `.unconfirmed`, which says so).
    func update(_ change: (inout SettingsCopy) -> Void) throws(SettingsError) -> SettingsReading
}

extension SettingsStore {
    /// The settings as they are now for a session that knows no person: this machine's, and
    /// those that name no person.
    public func load() throws(SettingsError) -> Settings { try read().copy.get().settings(for: nil) }

    /// The copy as it is now.
    public func loadCopy() throws(SettingsError) -> SettingsCopy { try read().copy.get() }
}

/// What one look at the local copy found.
public struct SettingsReading: Sendable {
    /// The version looked at.
    public var version: SettingsVersion
    /// The copy, or why it could not be read.
    public var copy: Result<SettingsCopy, SettingsError>
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

/// A local copy held in memory, for `:memory:` sessions and tests: it starts empty (the
/// defaults) or from the settings given, and nothing is written anywhere. Two features on
/// one instance see each other's changes.
public final class InMemorySettingsStore: SettingsStore {
    private let state: Mutex<(copy: SettingsCopy, failsToSave: Bool, changes: Int)>

    /// - Parameter settings: what the copy holds at first, naming no person, as an older
    ///   trendsh's file would.
    public init(_ settings: Settings? = nil, failsToSave: Bool = false) {
        state = Mutex((settings.map(SettingsCopy.init) ?? SettingsCopy(), failsToSave, 0))
    }

    public init(copy: SettingsCopy) {
        state = Mutex((copy, false, 0))
    }

    public func read() -> SettingsReading {
        state.withLock { SettingsReading(version: .count($0.changes), copy: .success($0.copy)) }
    }

    public func currentVersion() -> SettingsVersion { state.withLock { .count($0.changes) } }

    public func update(_ change: (inout SettingsCopy) -> Void) throws(SettingsError) -> SettingsReading {
        let reading = state.withLock { value -> SettingsReading? in
            guard !value.failsToSave else { return nil }
            change(&value.copy)
            value.changes += 1
            return SettingsReading(version: .count(value.changes), copy: .success(value.copy))
        }
        guard let reading else { throw .simulated }
        return reading
    }
}

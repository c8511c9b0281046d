import Synchronization

/// Where settings are kept.
public protocol SettingsStore: Sendable {
    func load() throws(SettingsError) -> Settings
    func save(_ settings: Settings) throws(SettingsError)
}

/// Settings in a small text file beside the store, replaced atomically, mode 0600.
public struct FileSettingsStore: SettingsStore {
    public let path: String

    public init(path: String) { self.path = path }

    public func load() throws(SettingsError) -> Settings {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFile.read(path, limit: 64 * 1024)
        } catch {
            throw .unreadable(path: path, detail: .system(error.reason))
        }
        guard let bytes else { return Settings() }
        guard let text = UTF8Text.decode(bytes) else {
            // A line trendsh cannot keep as it is: shown, never rewritten with U+FFFD in it.
            let line = bytes.split(separator: 0x0A).first { UTF8Text.decode($0) == nil } ?? []
            throw .unreadable(path: path, detail: .unexpectedLine(UTF8Text.showing(line)))
        }
        do {
            return try Settings(parsing: text)
        } catch {
            throw .unreadable(path: path, detail: error)
        }
    }

    public func save(_ settings: Settings) throws(SettingsError) {
        do {
            try PrivateFile.replace(path, with: Array(settings.fileText.utf8))
        } catch {
            throw .cannotWrite(path: path, problem: error.reason)
        }
    }
}

/// Settings held in memory, for `:memory:` sessions and tests: they start from defaults and
/// nothing is written anywhere.
public final class InMemorySettingsStore: SettingsStore {
    private let state: Mutex<(settings: Settings, failsToSave: Bool)>

    public init(_ settings: Settings = Settings(), failsToSave: Bool = false) {
        state = Mutex((settings, failsToSave))
    }

    public func load() throws(SettingsError) -> Settings { state.withLock { $0.settings } }

    public func save(_ settings: Settings) throws(SettingsError) {
        let saved = state.withLock { value -> Bool in
            guard !value.failsToSave else { return false }
            value.settings = settings
            return true
        }
        guard saved else { throw .simulated }
    }
}

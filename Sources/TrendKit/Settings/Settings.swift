import Synchronization

/// Preferences kept apart from the store, so they stay reachable when the store is not.
public struct Settings: Sendable, Equatable {
    public var unit: WeightUnit = .kilograms

    public init(unit: WeightUnit = .kilograms) { self.unit = unit }

    /// `unit = lb` lines; unknown keys are ignored so older versions read newer files.
    init(parsing text: String) throws(SettingsParseError) {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = String(line).trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2 else { throw SettingsParseError(line: trimmed) }
            if parts[0] == "unit" {
                guard let unit = WeightUnit(rawValue: parts[1]) else { throw SettingsParseError(line: trimmed) }
                self.unit = unit
            }
        }
    }

    var fileText: String { "# trendsh settings\nunit = \(unit.rawValue)\n" }
}

struct SettingsParseError: Error {
    var line: String
}

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
        do {
            guard let bytes = try PrivateFile.read(path, limit: 64 * 1024) else { return Settings() }
            return try Settings(parsing: String(decoding: bytes, as: UTF8.self))
        } catch let error as PrivateFileError {
            throw .unreadable(path: path, detail: systemMessage(error.errno))
        } catch let error as SettingsParseError {
            throw .unreadable(path: path, detail: "unexpected line \"\(error.line)\"")
        } catch {
            throw .unreadable(path: path, detail: String(describing: error))
        }
    }

    public func save(_ settings: Settings) throws(SettingsError) {
        do {
            try PrivateFile.replace(path, with: Array(settings.fileText.utf8))
        } catch {
            throw .cannotWrite(path: path, errno: error.errno)
        }
    }
}

/// Settings held in memory, for `:memory:` sessions and tests.
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

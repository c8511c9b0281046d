/// Every failure the feature layer reports, so one function turns any of them into text.
public enum TrendError: Error, Equatable, Sendable {
    /// The draft broke a domain rule.
    case validation(WeightValidationError)
    /// Storage failed or could not be reached.
    case storage(StorageError)
    /// No entry has this id.
    case noSuchEntry(id: Int64)
    /// Settings could not be read or written.
    case settings(SettingsError)
    /// The durable copy of the draft could not be written, read or removed.
    case draftFile(DraftFileError)

    /// True for input the person can fix by editing, as opposed to a fault of the machine.
    public var isValidation: Bool {
        if case .validation = self { return true }
        return false
    }
}

/// Why settings could not be read or written.
public enum SettingsError: Error, Equatable, Sendable {
    /// The settings file could not be written.
    case cannotWrite(path: String, errno: Int32)
    /// The settings file exists but could not be read or understood.
    case unreadable(path: String, detail: String)
    /// The simulated settings store was told to fail.
    case simulated
}

/// Why the durable copy of the draft failed.
public enum DraftFileError: Error, Equatable, Sendable {
    /// The draft file could not be written or replaced.
    case cannotWrite(path: String, errno: Int32)
    /// The draft file could not be removed after a save or cancel.
    case cannotRemove(path: String, errno: Int32)
    /// The draft file exists but is not a draft trendsh wrote.
    case unreadable(path: String)
}

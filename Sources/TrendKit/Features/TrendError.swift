/// Every failure the feature layer reports, as typed reasons. The shell's messages turn any
/// of them into a sentence and a hint, in one place.
public enum TrendError: Error, Equatable, Sendable {
    /// The weights feature refused a change to an entry, or found it changed.
    case entries(EntryError)
    /// Storage failed or could not be reached.
    case storage(StorageError)
    /// Settings could not be read or written, or a value for them is not valid.
    case settings(SettingsError)
    /// The durable copy of the draft could not be written, read or removed.
    case draftFile(DraftFileError)
    /// A draft with unsaved changes is open, so another cannot be opened.
    case draftIsOpen
    /// A habit change broke a rule.
    case habit(HabitError)
    /// A file named for import cannot be imported (or changed since its preview).
    case importFile(ImportFileProblem)
    /// An undo or a redo was refused.
    case history(HistoryError)
    /// The pending-changes file could not be written, read or used.
    case pendingFile(DraftFileError)
    /// A kind of measurement could not be added or removed.
    case kind(KindError)
}

/// Why settings could not be read or written.
public enum SettingsError: Error, Equatable, Sendable {
    /// The settings file could not be written.
    case cannotWrite(path: String, problem: PrivateFileError.Reason)
    /// The settings file exists but could not be read or understood.
    case unreadable(path: String, detail: SettingsProblem)
    /// The key is not a setting.
    case unknownKey(String)
    /// The value is not one the setting takes.
    case invalidValue(key: String, value: String)
    /// The goal typed is not a weight an entry may hold.
    case invalidGoal(WeightValidationError)
    /// The simulated settings store was told to fail.
    case simulated
    /// Another session held the settings lock (the file at `path`) for the whole wait.
    case locked(path: String)
    /// The settings lock file could not be opened or locked.
    case cannotLock(path: String, problem: PrivateFileError.Reason)
    /// The settings file could not be read, so a change was not written over it.
    case notWrittenOverUnreadable(path: String, detail: SettingsProblem)
    /// The change is in the file, but its folder could not be synced, nor the file before it
    /// put back: a power cut may undo it.
    case unconfirmed(path: String, problem: PrivateFileError.Reason)
    /// A person's own setting, changed in a session that reads `person`'s log, which only
    /// they may change (the server refused it). Nothing was changed.
    case notYourSettings(person: String)
}

/// What was wrong with a settings file.
public enum SettingsProblem: Error, Equatable, Sendable {
    case system(PrivateFileError.Reason)
    case unexpectedLine(String)
}

/// Why the durable copy of the draft failed.
public enum DraftFileError: Error, Equatable, Sendable {
    /// The draft file could not be written; the copy on disk, if any, is unchanged.
    case cannotWrite(path: String, errno: Int32)
    /// The path is not a file trendsh may write (a symbolic link, another user's file…).
    case unsafe(path: String, problem: PrivateFileError.Reason)
    /// The draft file exists but is not a draft trendsh wrote, or could not be read.
    case unreadable(path: String, problem: PrivateFileError.Reason?)
    /// The file holds a draft made on another log than the one the store holds now (a
    /// server's database replaced under the same name); it is left in place, never saved here.
    case madeForAnotherStore(path: String)
    /// The file holds a draft (or changes) made on `person`'s log, not the log this session
    /// works on; it is left in place, for `person`'s session.
    case madeForAnotherPerson(path: String, person: String)
}

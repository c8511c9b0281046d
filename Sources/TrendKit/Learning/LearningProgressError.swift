/// Why the learning progress could not be read or kept.
public enum LearningProgressError: Error, Equatable, Sendable {
    /// The file could not be opened or read.
    case unreadable(path: String, PrivateFileError.Reason)
    /// The file holds something other than trendsh's progress (or a later version of it).
    case notProgress(path: String)
    /// The file or its lock could not be written.
    case cannotWrite(path: String, PrivateFileError.Reason)
    /// Another learner held the lock for longer than trendsh waits.
    case locked(path: String)
}

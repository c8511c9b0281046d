/// The documented exit statuses.
public enum ExitStatus: Int32, Sendable {
    /// Every command succeeded.
    case success = 0
    /// A command failed.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
    /// The session ended while the draft had unsaved changes.
    case unsavedDraft = 3
    /// `--weighed-today`: the store has no weight dated today.
    case notWeighedToday = 4
    /// `--store` names a PostgreSQL server, and a companion is there but cannot open it
    /// (not executable, or a copy of the static trendsh), as a shell says of such a command.
    case companionNotRunnable = 126
    /// `--store` names a PostgreSQL server, and the companion trendsh-pg is not installed.
    case companionMissing = 127
}

/// What a session prints its answers as: text for a person, one JSON object a command
/// (JSON Lines), or CSV rows. Chosen by `--format` or the `format` command, for the session
/// alone: it is never written to the settings file, so it cannot change what a cron job prints.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text
    case json
    case csv
}

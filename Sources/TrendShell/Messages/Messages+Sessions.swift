/// Sentences about a transcript's second session (`other> COMMAND`).
extension Messages {
    /// The name of the store both sessions of a replay share, in its scratch folder.
    static let scratchStoreName = "lesson.sqlite"

    static let scratchFolderNotMade =
        "No private scratch folder could be made for the store two sessions share (under $TMPDIR, or /tmp), so this transcript was not replayed. Set TMPDIR to a folder you can write to."
}

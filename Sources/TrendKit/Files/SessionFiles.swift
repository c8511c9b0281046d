extension FeatureID {
    /// What a session keeps for the person, apart from any store: the history and the start-up file.
    public static let session = FeatureID("session")
}

extension OwnFile {
    /// The interactive history.
    public static let history = OwnFile("history")
    /// The start-up file (the default one, or the one `--init` names).
    public static let startupFile = OwnFile("start-up file")
    /// What `--learn` keeps of the exercises learned and skipped, under `$XDG_STATE_HOME/trendsh`.
    public static let learningProgress = OwnFile("learning progress")
    /// The lock two learners take in turn to add to the learning progress.
    public static let learningProgressLock = OwnFile("learning progress lock")
    /// The folder `--learn` practises in, with its scratch store: every file in it is trendsh's.
    public static let practiceFolder = OwnFile("practice folder")
    /// The folder `--check` and `--play` replay a second session in, with every file in it.
    public static let replayFolder = OwnFile("replay folder")
}

extension FeatureDeclaration {
    /// The interactive session's files, under the XDG folders, and the scratch folders the
    /// runs that practise or replay lessons make under `$TMPDIR` and remove at their end.
    public static let session = FeatureDeclaration(
        id: .session,
        ownFiles: [
            OwnFileDeclaration(.history, .history, replacedThroughTemporary: true),
            OwnFileDeclaration(.startupFile, .startupFile),
            OwnFileDeclaration(.learningProgress, .stateFile(name: "learn-progress"), replacedThroughTemporary: true),
            OwnFileDeclaration(.learningProgressLock, .stateFile(name: "learn-progress.lock")),
            OwnFileDeclaration(.practiceFolder, .scratchFolder(prefix: "trendsh-learn-")),
            OwnFileDeclaration(.replayFolder, .scratchFolder(prefix: "trendsh-check-")),
        ])
}

/// Values shared by the tutorial tests.
enum Fixtures {
    /// The clock every lesson fixes with its `# now:` header.
    static let lessonNow = "2026-11-29T08:00:00Z"
    /// A clock far from the lessons' and from the checker's default, so a replay that
    /// ignored a transcript's header could not match a recording made with it.
    static let unusualNow = "2031-05-06T19:45:00Z"
    /// The clock `--check` uses when a transcript has no `# now:` header.
    static let defaultNow = "2026-01-01T09:00:00Z"
    /// The tutorial directory, relative to the repository root.
    static let tutorialDirectory = "docs/tutorial"
    /// The lesson the failure test copies and changes.
    static let retryLesson = "docs/tutorial/03-storage-failure-and-retry.transcript"
    /// What the failure test writes over a `Saved` line; no session prints it.
    static let wrongSavedLine = "Saved #99: 99.9 kg on 2026-11-29 08:00."

    /// A session touching both output streams, a validation failure, a storage failure,
    /// a retry, dates, units, `list` lines that begin with `#`, and a final unsaved draft.
    static let recordedCommands = [
        "help value",
        "value 75,4",
        "note after run",
        "date yesterday",
        "save",
        "value abc",
        "save",
        "value 74.8",
        "simulate save-failure once",
        "save",
        "show",
        "save",
        "unit lb",
        "list",
        "status",
        "edit 1",
        "cancel",
        "value 165",
        "nonsense",
    ]
}

extension Fixtures {
    /// The manual page `make manual` writes.
    static let manualPage = "docs/trendsh.1"
    /// The recorded lesson, and the transcript it records.
    static let recordedLesson = "docs/tutorial/01-a-draft-is-not-an-entry.cast"
    static let recordedLessonTranscript = "docs/tutorial/01-a-draft-is-not-an-entry.transcript"
}

import TrendKit

extension Messages {
    /// Another draft cannot be opened over one with unsaved changes.
    public static func draftIsOpen(_ summary: String) -> String {
        "A draft with unsaved changes is open (\(summary)). Save it with \"save\" or discard it with \"cancel\" first."
    }

    public static let noDraftOpen = "No draft is open. Start one with \"new\" or \"value WEIGHT\"."
    public static let noDraftToSave = "There is no draft to save. Start one with \"value WEIGHT\"."
    public static let noDraftToCancel = "There is no draft to cancel."

    /// Where a copy of the open draft is, for the end of a session and after a failed write.
    /// Only a session on the log the draft was made on restores it (the person's, in a store
    /// of several people), so the sentence names the log, not just the store.
    public static func diskCopy(
        _ copy: DraftSlot.DiskCopy, keeping: DraftSlot.Keeping, summary: (DraftRecord) -> String
    )
        -> String
    {
        let next = "the next trendsh on this log"
        switch (keeping, copy) {
        case (.file, .current):
            return "The draft file keeps it, and \(next) restores it."
        case (.file(let path), .earlier(let record)):
            return
                "The draft file \(path) holds an earlier version of it (\(summary(record))), which \(next) restores."
        case (.file(let path), .none):
            return "No copy of it is on disk: \(path) could not be written."
        case (.memoryStore, _):
            return "The store is in memory, so nothing of it is kept."
        case (.nothingBesideStore, _):
            return
                "The store's path is not a regular file, so no draft file is kept beside it and no copy of it is on disk."
        case (.noStateFolder, _):
            return "No copy of it is on disk: \(noStateFolder)."
        case (.anotherSession, _):
            return "Another trendsh session holds the draft file, so no copy of it is on disk."
        case (.unavailable, _):
            return "The draft file cannot be used, so no copy of it is on disk."
        case (.leftForItsOwner, _):
            return "This run does not use the draft file, so no copy of it is on disk."
        }
    }

    /// A draft write failed; says which copy is on disk now.
    public static func draftNotWritten(
        _ error: TrendError, copy: DraftSlot.DiskCopy, keeping: DraftSlot.Keeping, units: MeasureUnits,
        summary: (DraftRecord) -> String
    ) -> String {
        let location: String
        switch copy {
        case .earlier(let record):
            location =
                "The draft is kept in memory; the draft file still holds the version before (\(summary(record)))."
        case .none, .current:
            location = "The draft is kept in memory only; no copy of it is on disk."
        }
        return reason(error, units: units) + " " + location + " Save it soon."
    }

    /// The end of a piped run with an unsaved draft this run made.
    public static func endedWithUnsavedDraft(_ whereItIs: String) -> String {
        "The session ended with unsaved changes in the draft; it was not saved. \(whereItIs)"
    }

    /// The end of a run that left a restored draft as it found it.
    public static func restoredDraftStillWaiting(_ summary: String) -> String {
        "The restored draft (\(summary)) is still waiting in the draft file; this run did not change it."
    }

    public static func restored(target: String, summary: String) -> String {
        "Restored unsaved draft (\(target)): \(summary). Type \"save\" to save it or \"cancel\" to discard it."
    }

    public static func restoredAlreadySaved(_ label: String) -> String {
        "The draft left by an earlier session had already been saved as \(label), so it was closed."
    }

    /// `person`: whose log the waiting draft was made on, when the file names them.
    public static func draftLeftWaiting(_ summary: String, person: String? = nil) -> String {
        let whose = person.map { " on \(DisplayText.escaped($0))'s log" } ?? ""
        return
            "A draft (\(summary)) is waiting in the draft file; this run leaves it there for the next interactive session\(whose)."
    }

    public static let anotherSessionHoldsDraft =
        "Another trendsh session is using this store, so this session's draft is kept in memory only."

    public static func draftFileUnavailable(_ error: DraftFileError) -> String {
        switch error {
        case .cannotWrite(let path, let number):
            return
                "The draft file \(path) can't be created (\(systemMessage(number))), so this session's draft is kept in memory only."
        case .unsafe, .unreadable, .madeForAnotherStore, .madeForAnotherPerson:
            return reason(error) + " This session's draft is kept in memory only."
        }
    }

    public static func quitWithUnsavedDraft(_ summary: String) -> String {
        "The draft has unsaved changes (\(summary)). Type \"save\" to keep it, \"cancel\" to discard it, or \"quit\" again to leave it unsaved."
    }

    public static func endOfInputWithUnsavedDraft(_ whereItIs: String) -> String {
        "The draft has unsaved changes. Type \"save\" or \"cancel\", or press Ctrl-D again to leave. \(whereItIs)"
    }
}

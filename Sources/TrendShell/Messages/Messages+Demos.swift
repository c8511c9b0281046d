import TrendKit

extension Messages {
    /// `--cast FILE` cannot be created; nothing has run.
    public static func castNotStarted(_ error: NamedFileError) -> String {
        switch error.reason {
        case .refused(let refusal): return namedFileRefused(error.path, refusal, for: .recording)
        case .system(let number):
            return
                "The recording can't be written to \(error.path) (\(systemMessage(number))), so nothing was run. Name a file in a folder you can write to."
        }
    }

    /// The recording could not be finished; the named file is as it was.
    public static func castNotWritten(_ error: NamedFileError) -> String {
        let reason = error.refusal.map(describe) ?? error.errno.map(systemMessage) ?? ""
        return "The recording could not be written to \(error.path) (\(reason)); the file is as it was."
    }

    /// A signal ended the run before the recording was finished.
    public static func castAbandoned(_ path: String) -> String {
        "The run was stopped, so the recording was not kept; \(path) is as it was."
    }

    /// `--init FILE`, or the start-up file, cannot be read.
    public static func startupFileUnreadable(_ path: String) -> String {
        "The start-up file \(path) could not be read, so none of it was run. Run trendsh with -X to skip it."
    }

}

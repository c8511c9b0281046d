import TrendKit

/// What a file a person names was meant to hold, for the sentence that refuses it.
public enum NamedFilePurpose: Sendable {
    case chart, export, recording, transcript, report
}

extension Messages {
    /// A named path that is one of trendsh's own files, or a file the run reads: what it is,
    /// and what to do instead. Nothing was written.
    public static func namedFileRefused(
        _ path: String, _ refusal: NamedFileRules.Refusal, for purpose: NamedFilePurpose
    ) -> String {
        let what = "\(path) is \(describe(refusal))"
        switch purpose {
        case .chart: return what + "; choose another file for the chart."
        case .export: return what + "; choose another file for the export."
        case .recording: return what + ", so nothing was run; choose another file for the recording."
        case .transcript: return what + ", so it was not rewritten."
        case .report: return what + ", so the report was not written; choose another file for it."
        }
    }

    /// What a refused path is: "trendsh's store", "the store's draft file".
    public static func describe(_ refusal: NamedFileRules.Refusal) -> String {
        switch refusal {
        case .ownFile(let match): return describe(match)
        case .input(.playedTranscript): return "the transcript being played"
        case .input(.standardInput): return "the file this run reads its commands from"
        case .input(.checkedTranscript): return "a transcript being checked"
        case .input(.lessonFile): return "one of the lessons' files"
        }
    }

    /// `--junit FILE` could not be written; the file is as it was.
    public static func reportNotWritten(_ error: NamedFileError) -> String {
        switch error.reason {
        case .refused(let refusal): return namedFileRefused(error.path, refusal, for: .report)
        case .system(let number):
            return "The report could not be written to \(error.path): \(systemMessage(number)). The file is as it was."
        }
    }

    /// One of trendsh's own files, named for what it is.
    public static func describe(_ match: OwnFiles.Match) -> String {
        let store = match.ofDefaultStore ? "the default store" : "the store"
        let name: String
        switch match.file {
        case .store: name = match.ofDefaultStore ? "trendsh's default store" : "trendsh's store"
        case .writeAheadLog: name = "\(store)'s write-ahead log"
        case .sharedMemory: name = "\(store)'s shared-memory index"
        case .rollbackJournal: name = "\(store)'s rollback journal"
        case .draft: name = "\(store)'s draft file"
        case .draftLock: name = "the lock on \(store)'s draft file"
        case .pending: name = "\(store)'s pending-changes file"
        case .pendingLock: name = "the lock on \(store)'s pending changes"
        case .settings: name = "\(store)'s settings file"
        case .settingsLock: name = "the lock on \(store)'s settings file"
        case .backup: name = "a backup copy of \(store)"
        case .history: name = "trendsh's interactive history"
        case .startupFile: name = "trendsh's start-up file"
        case .learningProgress: name = "trendsh's record of the exercises learned"
        case .learningProgressLock: name = "the lock on trendsh's record of the exercises learned"
        case .practiceFolder: name = "in the folder trendsh --learn practises in, which is removed at its end"
        case .replayFolder: name = "in the folder a lesson's replay uses, which is removed at its end"
        default: name = "one of trendsh's own files (its \(match.file))"
        }
        return match.temporary ? "a temporary copy of \(name)" : name
    }
}

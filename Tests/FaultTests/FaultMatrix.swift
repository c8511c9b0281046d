import Testing

/// The fault matrix: every fault class at every point where it can happen, each retried in the
/// same session and in the next one.
enum FaultClass: String, CaseIterable, Sendable {
    /// The typed weight is out of range.
    case validation
    /// Another program holds the store's lock.
    case locked
    /// The file at the store's path is not a trendsh store.
    case damaged
    /// The store's folder does not exist.
    case missingFolder
    /// Writes to the store fail with ENOSPC (fault shim).
    case diskFull
    /// Syncs (and, for refresh, reads) of the store fail with EIO (fault shim).
    case ioError
    /// `simulate`, the shell's own failure injection.
    case simulated

    /// What trendsh must say when the fault strikes.
    var sentence: String {
        switch self {
        case .validation: return Fixtures.Sentence.invalidWeight
        case .locked: return Fixtures.Sentence.locked
        case .damaged: return Fixtures.Sentence.damaged
        case .missingFolder: return Fixtures.Sentence.cannotOpen
        case .diskFull: return Fixtures.Sentence.diskFull
        case .ioError: return Fixtures.Sentence.ioError
        case .simulated: return Fixtures.Sentence.simulated
        }
    }

    /// The weight typed while the fault is in force.
    var typedWeight: String { self == .validation ? "5" : "80" }

    /// Lines that take the fault away inside the session (the others are taken away by the test).
    var fixLines: [String] {
        switch self {
        case .validation: return ["value 80"]
        case .simulated: return ["simulate off"]
        default: return []
        }
    }

    var usesFaultShim: Bool { self == .diskFull || self == .ioError }
}

/// Where in the work the fault strikes.
enum FaultSite: String, CaseIterable, Sendable {
    /// The first save of a new entry.
    case firstSave
    /// A save and its immediate retry, both while the fault lasts.
    case retry
    /// Saving a change to entry #1.
    case edit
    /// Deleting entry #1.
    case delete
    /// Reloading the entries.
    case refresh
    /// `amend 1 value 80` on entry #1 (75 kg): its first write.
    case amend
    /// The amend, then `retry`, both while the fault lasts.
    case amendRetry
    /// `undo` of `amend 1 value 80`.
    case undo
    /// The undo, then `retry`, both while the fault lasts.
    case undoRetry
    /// `redo` of that amend after it was undone.
    case redo
    /// The redo, then `retry`, both while the fault lasts.
    case redoRetry

    /// Entry #1 (75 kg) is stored before the fault.
    var needsAnEntry: Bool { self == .edit || self == .delete || self == .refresh || isChange }
    var savesADraft: Bool { self == .firstSave || self == .retry || self == .edit }
    /// A change without a draft, which waits as a pending change when it fails.
    var isChange: Bool { changeKind != nil }
    /// Which change: `amend`, `undo` or `redo`.
    var changeKind: String? {
        switch self {
        case .amend, .amendRetry: return "amend"
        case .undo, .undoRetry: return "undo"
        case .redo, .redoRetry: return "redo"
        case .firstSave, .retry, .edit, .delete, .refresh: return nil
        }
    }
    /// How many commands fail while the fault lasts.
    var failures: Int { [.retry, .amendRetry, .undoRetry, .redoRetry].contains(self) ? 2 : 1 }
}

/// Where the work is retried once the fault is gone.
enum RetryPlace: String, CaseIterable, Sendable {
    /// The same session goes on: the next command retries (and reopens the store).
    case sameSession
    /// The session is killed with SIGKILL; a new one restores the draft from disk.
    case nextSession
}

/// One cell of the matrix.
struct MatrixCase: Sendable, Equatable, CustomTestStringConvertible {
    var fault: FaultClass
    var site: FaultSite
    var retry: RetryPlace

    var testDescription: String { "\(fault.rawValue) at \(site.rawValue), retried in \(retry.rawValue)" }

    /// What trendsh must say when the fault strikes here. SQLite reports EIO on a read as
    /// SQLITE_IOERR_CORRUPTFS, which reaches the caller as SQLITE_CORRUPT, so a refresh that
    /// cannot read the disk is told the file is damaged.
    var sentence: String { fault == .ioError && site == .refresh ? Fixtures.Sentence.damaged : fault.sentence }

    /// A damaged file or a missing folder is found when the session opens the store, and an
    /// exclusive lock can only be taken while no session has the store open, so these are
    /// arranged before the session starts; the other faults strike in a running session.
    var strikesBeforeTheSession: Bool {
        fault == .damaged || fault == .missingFolder || (fault == .locked && site == .refresh)
    }

    /// Every cell that can happen. Left out, and why:
    /// - validation × delete/refresh: neither takes typed input to validate.
    /// - missingFolder × edit: with the folder gone no entry can be read, so no edit opens,
    ///   and a draft opened earlier went away with the folder (its file lives there).
    /// - missingFolder × save sites × nextSession: the draft file belongs in the missing
    ///   folder, so only the session that typed the draft has it (in memory).
    /// - diskFull × refresh: a refresh only reads; the full disk cannot touch it.
    static let all: [MatrixCase] = every.filter { !$0.site.isChange }

    /// The cells of changes without a draft (amend, undo, redo): each fault at the first
    /// write and again at the retry. Left out, and why:
    /// - validation × undo/redo: they take no typed input to validate.
    /// - validation × amendRetry: a refused amend leaves nothing pending, so no retry to fail.
    /// - missingFolder × nextSession: the pending-changes file belongs in the missing folder,
    ///   so only the session that typed the change has it (in memory), as with drafts.
    static let changes: [MatrixCase] = every.filter { $0.site.isChange }

    private static let every: [MatrixCase] = FaultClass.allCases.flatMap { fault in
        FaultSite.allCases.flatMap { site in
            RetryPlace.allCases.map { MatrixCase(fault: fault, site: site, retry: $0) }
        }
    }.filter { $0.isPossible }

    var isPossible: Bool {
        switch (fault, site) {
        case (.validation, .delete), (.validation, .refresh), (.missingFolder, .edit), (.diskFull, .refresh):
            return false
        case (.validation, .amendRetry), (.validation, .undo), (.validation, .undoRetry), (.validation, .redo),
            (.validation, .redoRetry):
            return false
        case (.missingFolder, _):
            return !((site.savesADraft || site.isChange) && retry == .nextSession)
        default:
            return true
        }
    }
}

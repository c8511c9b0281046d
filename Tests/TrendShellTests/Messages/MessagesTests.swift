import Testing
import TrendKit
import TrendShell

/// Every sentence comes from `Messages`, chosen by a typed reason: each reads as whole
/// sentences, names no SQLite code, and ends with the one hint that fits.
@Suite struct MessagesTests {
    static let storageErrors: [StorageError] = [
        .locked, .readOnly, .diskFull, .unreadable(path: "/s"), .notADatabase(path: "/s"),
        .foreignDatabase(path: "/s"), .foreignServerDatabase(server: "postgresql://h/db"), .newerFormat(version: 9),
        .upgradeFailed(from: 1, to: 2, backup: "/s.v1-backup", reason: "the disk is full"), .ioError,
        .cannotOpen(path: "/s"), .notARegularFile(path: "/s", kind: .directory), .interrupted, .unconfirmed,
        .rejected(message: "CHECK constraint failed"), .simulated(.open), .simulated(.save), .simulated(.refresh),
        .other(message: "no such table: entries"), .serverDiskFull(server: "postgresql://h/db"),
    ]

    @Test(arguments: [
        (StorageError.locked, "The store is locked by another program. Close that program, then try again."),
        (.readOnly, "The store is read-only. Check the file's permissions, then try again."),
        (.diskFull, "The disk is full, so nothing was written. Free some space, then try again."),
        (
            .serverDiskFull(server: "postgresql://h/db"),
            "The server postgresql://h/db has no room left on its disk, so nothing was written. Free space on the server (or ask whoever runs it to), then try again."
        ),
        (.ioError, "The disk reported an I/O error, so nothing was confirmed. Check the disk, then try again."),
        (.interrupted, "The wait for the store was interrupted, so nothing was written."),
        (.simulated(.save), "The store could not save (simulated failure), so nothing was written."),
        (.other(message: "no such table: entries"), "The store reported an error: no such table: entries."),
        (
            .foreignDatabase(path: "/s"),
            "The file /s is another program's SQLite database, not a trendsh store. It was left untouched; move it aside or use another store."
        ),
        (
            .foreignServerDatabase(server: "postgresql://h/db"),
            "The database at postgresql://h/db holds another program's tables and no trendsh store. It was left untouched; name an empty database, or the one that holds the log."
        ),
        (
            .upgradeFailed(from: 1, to: 2, backup: "/s.v1-backup", reason: "the disk is full"),
            "The store could not be upgraded from format 1 to 2 (the disk is full), so it was left exactly as it was. A copy made before the upgrade is at /s.v1-backup."
        ),
    ])
    func eachStorageFailureReadsAsSentencesWithWhatToDo(error: StorageError, message: String) {
        #expect(Messages.reason(error) == message)
        #expect(Messages.reason(.storage(error), units: .kilograms) == message)
    }

    @Test(arguments: storageErrors)
    func noStorageMessageNamesASQLiteCode(error: StorageError) {
        let message = Messages.reason(error)
        #expect(!message.contains("SQLite code"))
        #expect(message.hasSuffix("."))
        #expect(message.first?.isUppercase == true)
    }

    @Test(arguments: storageErrors)
    func aFailedSaveSaysToRetryOnlyWhenARetryCanHelp(error: StorageError) {
        let message = Messages.saveFailed(.storage(error), units: .kilograms)
        #expect(message.contains("type \"save\" to try again") == error.retryMayHelp, "\(message)")
        #expect(message.contains("The draft is kept"))
    }

    @Test func aValidationFailureSaysToFixTheDraftOnce() {
        let message = Messages.saveFailed(.entries(.invalid(.noteTooLong(length: 501))), units: .kilograms)
        #expect(
            message
                == "A note can have at most 500 characters; this one has 501. The draft is kept; fix it and save again."
        )
    }

    @Test func aConflictSaysWhatTheEntryHoldsNowAndHowToOverwrite() {
        let current = WeightEntry(id: 1, date: Fixtures.now, kilograms: 90, note: "original", revision: 2)
        #expect(
            Messages.saveFailed(.entries(.conflict(id: 1, current: current)), units: .kilograms)
                == "Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 90.0 kg on 2026-11-29 08:00, note \"original\". The draft is kept; type \"save\" again to overwrite the entry with it."
        )
        #expect(
            Messages.saveFailed(.entries(.conflict(id: 1, current: nil)), units: .pounds)
                == "Entry #1 was deleted by another session; nothing was written. The draft is kept; type \"save\" again to save it as a new entry."
        )
    }

    @Test func aWriteTheServerRefusesSaysThatSavingAgainCannotHelpAndHowToMoveOn() {
        #expect(
            Messages.saveFailed(.storage(.notYourLog(person: "alice")), units: .kilograms)
                == "The server refused the change: this session reads alice's log, which only alice may write, so nothing was written. `person` with your own name goes back to your log. The draft is kept; saving it again cannot help on this log, so type \"cancel\" to discard it."
        )
    }

    @Test func onlyValidationErrorsAreTheirsToFix() {
        let fix = "fix it and save again."
        #expect(Messages.saveFailed(.entries(.invalid(.dateInFuture)), units: .kilograms).hasSuffix(fix))
        #expect(!Messages.saveFailed(.storage(.locked), units: .kilograms).hasSuffix(fix))
        #expect(!Messages.saveFailed(.entries(.noSuchEntry(id: 1)), units: .kilograms).hasSuffix(fix))
        #expect(!Messages.saveFailed(.entries(.conflict(id: 1, current: nil)), units: .kilograms).hasSuffix(fix))
    }

    /// Each of a habit's errors reads as one sentence: a capital first, one full stop, at the end.
    @Test(arguments: [
        HabitError.invalidName, .duplicateName("Run"), .nameTooLong(length: 81), .noSuchHabit("Walk"), .dayInFuture,
    ])
    func aHabitErrorReadsAsOneSentence(error: HabitError) {
        let text = Messages.reason(error)
        #expect(text.first?.isUppercase == true, "\(text)")
        #expect(text.hasSuffix("."), "\(text)")
        #expect(text.dropLast().split(separator: " ").allSatisfy { !$0.hasSuffix(".") }, "\(text)")
    }
}

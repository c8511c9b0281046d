import Testing
import TrendKit

@Suite struct StorageErrorMessageTests {
    @Test(arguments: [
        (StorageError.locked(code: 5), Fixtures.lockedMessage),
        (.readOnly(code: 8), "The store is read-only. Check the file's permissions, then try again."),
        (.diskFull(code: 13), "The disk is full, so nothing was written. Free some space, then try again."),
        (
            .ioError(code: 10),
            "The disk reported an I/O error (SQLite code 10), so nothing was confirmed. Check the disk, then try again."
        ),
        (.interrupted, "The wait for the store was interrupted, so nothing was written."),
        (.simulated(.save), Fixtures.simulatedSaveMessage),
        (
            .other(code: 1, message: "no such table: entries"),
            "The store reported an error: no such table: entries (SQLite code 1)."
        ),
    ])
    func eachStorageFailureReadsAsOneSentenceWithWhatToDo(error: StorageError, message: String) {
        #expect(error.message == message)
        #expect(TrendError.storage(error).message == message)
    }

    @Test func sqliteCodesAreKeptForDiagnostics() {
        #expect(StorageError.locked(code: 517).sqliteCode == 517)
        #expect(StorageError.damaged(path: "/x", code: 26).sqliteCode == 26)
        #expect(StorageError.interrupted.sqliteCode == nil)
        #expect(StorageError.simulated(.open).sqliteCode == nil)
    }

    @Test func onlyValidationErrorsAreTheirsToFix() {
        #expect(TrendError.validation(.dateInFuture).isValidation)
        #expect(TrendError.storage(.locked(code: 5)).isValidation == false)
        #expect(TrendError.noSuchEntry(id: 1).isValidation == false)
    }
}

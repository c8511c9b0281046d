import Testing
import TrendKit

@Suite struct StorageErrorTests {
    @Test(arguments: [StorageError.ioError, .unconfirmed, .other(message: "disk I/O error")])
    func aFailureAfterTheCommitMayHaveWritten(error: StorageError) {
        #expect(error.mayHaveCommitted)
    }

    @Test(arguments: [
        StorageError.locked, .readOnly, .diskFull, .interrupted, .simulated(.save), .rejected(message: "CHECK"),
        .cannotOpen(path: "/x"), .notARegularFile(path: "/x", kind: .directory),
    ])
    func aFailureBeforeTheCommitWroteNothing(error: StorageError) {
        #expect(error.mayHaveCommitted == false)
    }

    @Test(arguments: [
        StorageError.notADatabase(path: "/x"), .foreignDatabase(path: "/x"), .newerFormat(version: 3),
        .upgradeFailed(from: 1, to: 2, backup: nil, reason: "CHECK"), .notARegularFile(path: "/x", kind: .symbolicLink),
        .rejected(message: "CHECK"),
    ])
    func onlyAnotherStoreHelpsWithAFileThatIsNotAUsableStore(error: StorageError) {
        #expect(error.retryMayHelp == false)
    }

    @Test(arguments: [StorageError.locked, .diskFull, .ioError, .interrupted, .unreadable(path: "/x")])
    func aPassingFaultOfTheMachineMayGoAwayOnARetry(error: StorageError) {
        #expect(error.retryMayHelp)
    }
}

import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

@MainActor
@Suite struct SQLWeightRepositoryTests {
    /// Keeps lock tests short: a write waits this long for another program's lock.
    static let shortBusyTimeout: Duration = .milliseconds(300)

    /// Every save records an undo step and, once the history is full, forgets the oldest
    /// (now in batches of `ChangeRecorder.trimBatch`). That SQL once had the step's number
    /// written into its text, so each save prepared new
    /// statements and kept them: 2,000 saves held 49 MB and took 28 s, each slower than the
    /// last. Prepared statements must not grow with the number of writes.
    @Test func preparedStatementsDoNotGrowWithTheNumberOfSaves() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"))
        func save(_ count: Int, from first: Int) throws {
            for index in first..<(first + count) {
                _ = try repository.insert(
                    NewWeightEntry(
                        date: Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 3_600), kilograms: 75,
                        note: "", draftID: DraftID(rawValue: "draft-\(index)")))
            }
        }
        func cached() throws -> Int {
            try repository.store.read(.weights) { db throws(StorageError) in
                (db as? SQLiteDatabase)?.cachedStatementCount ?? -1
            }
        }
        // Past the first batch of forgotten steps, so every statement a save can run has run.
        try save(Int(ChangeRecorder.levels + ChangeRecorder.trimBatch) + 10, from: 0)
        let afterTheHistoryFilled = try cached()
        // Two more batches forgotten.
        try save(Int(2 * ChangeRecorder.trimBatch), from: 1_000)
        #expect(try cached() == afterTheHistoryFilled)
    }

    /// A save's only record is its entry's draft_id: it writes no row in `operations`. Once
    /// the entry is gone, by a delete, by another program or by an undo (ChangeHistoryTests),
    /// the store's trigger has written the draft's row, so the draft is never saved twice.
    @Test func aSaveIsRecordedByItsEntryAndByOperationsOnceTheEntryIsDeletedByAnyone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path)
        let deleted = Fixtures.newEntry("deleted by trendsh", kilograms: 75, daysAgo: 2)
        let removed = Fixtures.newEntry("removed by another program", kilograms: 76, daysAgo: 1)
        let first = try repository.insert(deleted).written
        let second = try repository.insert(removed).written
        #expect(try OtherProgramConnection(path: path).integer("SELECT count(*) FROM operations") == 0)

        #expect(try repository.delete(id: first.id, expectedRevision: nil, operation: .make()) == .deleted(first))
        try OtherProgramConnection(path: path).execute("DELETE FROM entries WHERE id = ?", .integer(second.id))

        let reopened = Fixtures.repository(at: path)
        #expect(try reopened.insert(deleted) == .removedSince(id: first.id))
        #expect(try reopened.insert(removed) == .removedSince(id: second.id))
        #expect(try reopened.target(ofApplied: removed.draftID.operation) == second.id)
        #expect(try reopened.recentEntries(limit: 10).isEmpty)
    }

    @Test func reopeningAFileReturnsWhatWasSaved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = Fixtures.repository(at: path)
        var saved: [WeightEntry] = []
        for new in Fixtures.newEntries { saved.append(try first.insert(new).written) }
        _ = try first.delete(id: saved[0].id, expectedRevision: 1, operation: .make())
        let change = EntryChange(
            id: saved[1].id, date: saved[1].date, kilograms: saved[1].kilograms, note: "edited", expectedRevision: 1,
            operation: .make())
        guard case .updated(let changed) = try first.update(change) else {
            Issue.record("the update was not applied")
            return
        }
        first.store.close()

        let reopened = Fixtures.repository(at: path)

        #expect(try reopened.recentEntries(limit: 10) == [saved[2], changed])
        #expect(try reopened.insert(Fixtures.newEntries[2]) == .alreadySaved(saved[2]))
    }

    @Test func aWeightLogOnAReopenedFileShowsTheEntriesSavedBefore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = Fixtures.repository(at: path)
        let outcome = try Fixtures.log(repository: first).save(Fixtures.draft)
        first.store.close()

        let log = Fixtures.log(repository: Fixtures.repository(at: path))
        log.refresh()

        #expect(log.loadState == .ready)
        #expect(log.entries == [try #require(outcome.entry)])
    }

    @Test func aDateIsStoredAsISO8601TextToTheMillisecond() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path)
        let date = Fixtures.now - 0.123_456
        _ = try repository.insert(NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "d")))

        let other = try OtherProgramConnection(path: path)
        #expect(try other.text("SELECT typeof(taken_at) FROM entries") == "text")
        #expect(try other.text("SELECT taken_at FROM entries") == "2026-11-29T07:59:59.877Z")
        // SQLite's own date functions read it.
        #expect(try other.text("SELECT strftime('%s', taken_at) FROM entries") == "1795939199")
        #expect(try repository.recentEntries(limit: 1).first?.date == StoredTime.rounded(date))
    }

    @Test func entriesAreListedInTimeOrderAcrossMillisecondsAndCenturies() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"))
        let dates = [
            Fixtures.now - 0.002, Date(timeIntervalSince1970: -2_208_988_800), Fixtures.now, Fixtures.now - 0.001,
            Date(timeIntervalSince1970: 9.5), Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: -1.5),
        ]
        for (offset, date) in dates.enumerated() {
            _ = try repository.insert(
                NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "d\(offset)")))
        }

        #expect(try repository.recentEntries(limit: 10).map(\.date) == dates.map(StoredTime.rounded).sorted(by: >))
    }

    @Test func aRetryAfterALostAcknowledgementFindsTheCommittedRow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"), faults: faults)
        faults.loseNextAcknowledgement()

        #expect(throws: StorageError.ioError) { try repository.insert(Fixtures.newEntries[0]) }
        let retry = try repository.insert(Fixtures.newEntries[0])

        guard case .alreadySaved(let entry) = retry else {
            Issue.record("expected the committed row, got \(retry)")
            return
        }
        #expect(try repository.recentEntries(limit: 10) == [entry])
    }

    @Test func aSaveOfTheSystemClocksNowThatLostItsAcknowledgementIsReportedAlreadySaved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"), faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        let draft = WeightEntryDraft(date: Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789), value: "75")
        #expect(throws: TrendError.storage(.ioError)) { try log.save(draft) }

        let retry = try log.save(draft)

        guard case .alreadySaved = retry else {
            Issue.record("expected the committed entry, got \(retry)")
            return
        }
        #expect(try repository.recentEntries(limit: 10).count == 1)
    }

    @Test func anUpdateRetriedInANewSessionAfterItsAcknowledgementWasLostIsAppliedOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let faults = FaultInjector()
        let first = Fixtures.repository(at: path, faults: faults)
        let stored = try first.insert(Fixtures.newEntries[0]).written
        let change = EntryChange(
            id: stored.id, date: stored.date, kilograms: 74, note: "once", expectedRevision: 1, operation: .make())
        faults.loseNextAcknowledgement()
        #expect(throws: StorageError.ioError) { try first.update(change) }
        first.store.close()

        let second = Fixtures.repository(at: path)
        let retried = try second.update(change)

        #expect(retried == .alreadyApplied(try second.entry(id: stored.id), revision: 2))
        #expect(try second.entry(id: stored.id)?.revision == 2)
        #expect(try second.operationApplied(change.operation))
    }

    @Test func aDeleteRetriedInANewSessionAfterItSucceededIsAlreadyDeleted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = Fixtures.repository(at: path)
        let stored = try first.insert(Fixtures.newEntries[0]).written
        let operation = OperationID.make()
        #expect(try first.delete(id: stored.id, expectedRevision: 1, operation: operation) == .deleted(stored))
        first.store.close()

        let second = Fixtures.repository(at: path)

        #expect(try second.delete(id: stored.id, expectedRevision: 1, operation: operation) == .alreadyDeleted)
        #expect(try second.operationApplied(operation))
        #expect(try second.recentEntries(limit: 10).isEmpty)
    }

    @Test func aDeleteOfAnEntryThatNeverExistedIsMissingEvenInANewSession() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = Fixtures.repository(at: path)
        _ = try first.insert(Fixtures.newEntries[0])
        first.store.close()

        let second = Fixtures.repository(at: path)

        #expect(try second.delete(id: 42, expectedRevision: nil, operation: .make()) == .missing)
    }
}

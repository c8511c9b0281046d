import FoundationEssentials
import Testing
import TrendKit
import TrendPostgres

/// The stores the one contract runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case inMemory
    case postgresql

    var testDescription: String { rawValue }
}

/// A fresh, empty store of one kind, and the temporary directory a file store lives in.
@MainActor
struct StoreUnderTest {
    let repository: any WeightRepository
    private let directory: TemporaryDirectory?

    init(_ kind: StoreKind) throws {
        switch kind {
        case .sqliteFile:
            let directory = try TemporaryDirectory()
            self.directory = directory
            repository = Fixtures.repository(at: directory.file("trend.sqlite"))
        case .sqliteMemory:
            directory = nil
            repository = SQLWeightRepository(store: Store(location: .memory, schema: .trendsh))
        case .inMemory:
            directory = nil
            repository = InMemoryWeightRepository()
        case .postgresql:
            directory = nil
            repository = SQLWeightRepository(store: try ServerStore.fresh())
        }
    }

    func remove() { directory?.remove() }

    /// Inserts `entries` in order and returns what the store made of them.
    func insert(_ entries: [NewWeightEntry]) throws -> [WeightEntry] {
        var stored: [WeightEntry] = []
        for entry in entries { stored.append(try repository.insert(entry).written) }
        return stored
    }

    /// A change to `entry` made from `revision`, as a new operation unless one is given.
    func change(
        _ entry: WeightEntry, kilograms: Double, note: String = "", from revision: Int64?,
        operation: OperationID = .make()
    ) -> EntryChange {
        EntryChange(
            id: entry.id, date: entry.date, kilograms: kilograms, note: note, expectedRevision: revision,
            operation: operation)
    }
}

@MainActor
@Suite struct RepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aNewStoreOpensEmpty(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        #expect(try store.repository.recentEntries(limit: 10).isEmpty)
        #expect(try store.repository.entry(savedFrom: DraftID(rawValue: "none")) == nil)
        #expect(try store.repository.operationApplied(.make()) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func anInsertedEntryGetsAnIDAndReadsBackUnchanged(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let new = Fixtures.newEntries[1]

        let outcome = try store.repository.insert(new)

        guard case .inserted(let entry) = outcome else {
            Issue.record("expected a new row, got \(outcome)")
            return
        }
        #expect(entry.id > 0)
        #expect(entry.date == new.date)
        #expect(entry.kilograms == new.kilograms)
        #expect(entry.note == new.note)
        #expect(entry.draftID == new.draftID)
        #expect(entry.revision == 1)
        #expect(try store.repository.entry(id: entry.id) == entry)
        #expect(try store.repository.entry(savedFrom: new.draftID) == entry)
        #expect(try store.repository.recentEntries(limit: 10) == [entry])
    }

    @Test(arguments: StoreKind.allCases)
    func entriesAreListedNewestFirst(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entries = Fixtures.newEntries
        let stored = try store.insert([entries[1], entries[2], entries[0]])

        let listed = try store.repository.recentEntries(limit: 10)

        #expect(listed.map(\.date) == entries.map(\.date).reversed())
        #expect(listed.map(\.id) == [stored[1].id, stored[0].id, stored[2].id])
    }

    @Test(arguments: StoreKind.allCases)
    func entriesAMillisecondApartAreListedInTimeOrder(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let dates = [Fixtures.now - 0.001, Fixtures.now, Fixtures.now - 0.002]
        for (offset, date) in dates.enumerated() {
            _ = try store.repository.insert(
                NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "ms-\(offset)")))
        }

        #expect(
            try store.repository.recentEntries(limit: 10).map(\.date)
                == dates.map(StoredTime.rounded).sorted(by: >))
    }

    @Test(arguments: StoreKind.allCases)
    func entriesWithTheSameDateAreListedLatestIDFirst(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let sameDate = (1...3).map {
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: "", draftID: DraftID(rawValue: "same-\($0)"))
        }
        let stored = try store.insert(sameDate)

        #expect(try store.repository.recentEntries(limit: 10).map(\.id) == stored.map(\.id).reversed())
    }

    @Test(arguments: StoreKind.allCases, [(-1, 0), (0, 0), (1, 1), (2, 2), (3, 3), (10, 3)])
    func aLimitReturnsOnlyTheNewestWindow(kind: StoreKind, limit: (asked: Int, count: Int)) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        _ = try store.insert(Fixtures.newEntries)

        let window = try store.repository.recentEntries(limit: limit.asked)

        #expect(window.count == limit.count)
        #expect(window.map(\.date) == Fixtures.newEntries.map(\.date).reversed().prefix(limit.count).map { $0 })
    }

    @Test(arguments: StoreKind.allCases)
    func missingIDsAreMissingAndChangeNothing(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert(Fixtures.newEntries)
        let missing = WeightEntry(id: 999, date: Fixtures.now, kilograms: 80, note: "ghost")

        #expect(try store.repository.entry(id: 999) == nil)
        #expect(try store.repository.update(store.change(missing, kilograms: 80, from: nil)) == .missing)
        #expect(try store.repository.update(store.change(missing, kilograms: 80, from: 1)) == .missing)
        #expect(try store.repository.delete(id: 999, expectedRevision: nil, operation: .make()) == .missing)
        #expect(try store.repository.recentEntries(limit: 10) == stored.reversed())
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateReplacesDateWeightAndNoteKeepsTheIdentityAndRaisesTheRevision(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert(Fixtures.newEntries)
        var changed = stored[0]
        changed.date = Fixtures.now - Fixtures.hour
        changed.kilograms = 74.4
        changed.note = "re-weighed"
        changed.revision = 2

        let updated = try store.repository.update(
            EntryChange(
                id: changed.id, date: changed.date, kilograms: 74.4, note: "re-weighed", expectedRevision: 1,
                operation: .make()))

        #expect(updated == .updated(changed))
        #expect(try store.repository.entry(id: changed.id) == changed)
        #expect(try store.repository.recentEntries(limit: 10) == [changed, stored[2], stored[1]])
    }

    @Test(arguments: StoreKind.allCases)
    func everyUpdateRaisesTheRevisionByOne(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert([Fixtures.newEntries[0]])[0]

        for revision in Int64(1)...4 {
            let outcome = try store.repository.update(
                store.change(stored, kilograms: 70 + Double(revision), from: revision))
            #expect(outcome == .updated(try #require(try store.repository.entry(id: stored.id))))
        }

        #expect(try store.repository.entry(id: stored.id)?.revision == 5)
        #expect(try store.repository.entry(id: stored.id)?.kilograms == 74)
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateFromAStaleRevisionIsAConflictAndWritesNothing(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert([Fixtures.newEntries[0]])[0]
        guard
            case .updated(let current) = try store.repository.update(store.change(stored, kilograms: 74, from: 1))
        else {
            Issue.record("the first update was not applied")
            return
        }

        let stale = store.change(stored, kilograms: 73, note: "from an old screen", from: 1)
        let outcome = try store.repository.update(stale)

        #expect(outcome == .conflict(current: current))
        #expect(try store.repository.entry(id: stored.id) == current)
        #expect(try store.repository.operationApplied(stale.operation) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateWithoutAnExpectedRevisionOverwritesWhateverIsStored(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert([Fixtures.newEntries[0]])[0]
        _ = try store.repository.update(store.change(stored, kilograms: 74, from: 1))

        let outcome = try store.repository.update(store.change(stored, kilograms: 73, from: nil))

        #expect(outcome == .updated(try #require(try store.repository.entry(id: stored.id))))
        #expect(try store.repository.entry(id: stored.id)?.revision == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateRetriedWithItsOperationIsAppliedOnce(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert([Fixtures.newEntries[0]])[0]
        let change = store.change(stored, kilograms: 74, note: "once", from: 1)
        guard case .updated(let applied) = try store.repository.update(change) else {
            Issue.record("the update was not applied")
            return
        }

        let retried = try store.repository.update(change)

        #expect(retried == .alreadyApplied(applied, revision: 2))
        #expect(try store.repository.entry(id: stored.id)?.revision == 2)
        #expect(try store.repository.operationApplied(change.operation))
    }

    @Test(arguments: StoreKind.allCases)
    func aDeleteRemovesTheEntryAndReturnsIt(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert(Fixtures.newEntries)

        let operation = OperationID.make()
        #expect(
            try store.repository.delete(id: stored[1].id, expectedRevision: 1, operation: operation)
                == .deleted(stored[1]))

        #expect(try store.repository.entry(id: stored[1].id) == nil)
        #expect(try store.repository.recentEntries(limit: 10) == [stored[2], stored[0]])
        #expect(try store.repository.operationApplied(operation))
    }

    @Test(arguments: StoreKind.allCases)
    func aDeleteRetriedWithItsOperationOrByAnotherIsAlreadyDeleted(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert(Fixtures.newEntries)
        let operation = OperationID.make()
        _ = try store.repository.delete(id: stored[1].id, expectedRevision: 1, operation: operation)

        #expect(
            try store.repository.delete(id: stored[1].id, expectedRevision: 1, operation: operation)
                == .alreadyDeleted)
        #expect(
            try store.repository.delete(id: stored[1].id, expectedRevision: nil, operation: .make())
                == .alreadyDeleted)
        #expect(try store.repository.recentEntries(limit: 10) == [stored[2], stored[0]])
    }

    @Test(arguments: StoreKind.allCases)
    func aDeleteFromAStaleRevisionIsRefusedAndKeepsTheEntry(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert([Fixtures.newEntries[0]])[0]
        guard
            case .updated(let current) = try store.repository.update(store.change(stored, kilograms: 74, from: 1))
        else {
            Issue.record("the update was not applied")
            return
        }
        let operation = OperationID.make()

        let outcome = try store.repository.delete(id: stored.id, expectedRevision: 1, operation: operation)

        #expect(outcome == .conflict(current: current))
        #expect(try store.repository.entry(id: stored.id) == current)
        #expect(try store.repository.operationApplied(operation) == false)
        #expect(
            try store.repository.delete(id: stored.id, expectedRevision: 2, operation: operation)
                == .deleted(current))
    }

    @Test(arguments: StoreKind.allCases)
    func insertingTheSameDraftAgainReturnsTheFirstEntryAndWritesNoSecondRow(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let first = try store.repository.insert(Fixtures.newEntries[0])
        var again = Fixtures.newEntries[0]
        again.kilograms = 80

        let second = try store.repository.insert(again)

        #expect(try second == .alreadySaved(first.written))
        #expect(try store.repository.recentEntries(limit: 10) == [first.written])
    }

    @Test(arguments: StoreKind.allCases)
    func anIDIsNeverReusedAfterADelete(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.insert(Fixtures.newEntries)
        _ = try store.repository.delete(id: stored[2].id, expectedRevision: nil, operation: .make())

        let next = try store.repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft-d")))

        #expect(try next.written.id > stored[2].id)
    }

    @Test(
        arguments: StoreKind.allCases,
        [
            "",
            "caf\u{e9}",
            "it's \"fine\"",
            "'); DROP TABLE entries; --",
            "\u{1F3C3}\u{200D}\u{2640}\u{FE0F} 10 km",
            "line one\nline two",
            "100% ? ?1 :name",
        ])
    func aNoteReadsBackExactly(kind: StoreKind, note: String) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try store.repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: note, draftID: DraftID(rawValue: "draft-note")))

        let read = try #require(try store.repository.entry(id: stored.written.id))

        #expect(Array(read.note.unicodeScalars) == Array(note.unicodeScalars))
        #expect(try store.repository.recentEntries(limit: 10).count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func aDateWithAFractionOfASecondReadsBackAsStoredToTheMillisecond(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        // A reading of the system clock: the store keeps it to the millisecond.
        let date = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789)
        let stored = try store.repository.insert(
            NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft-now")))

        #expect(try stored.written.date == StoredTime.rounded(date))
        #expect(try store.repository.entry(id: stored.written.id)?.date == stored.written.date)
        #expect(try store.repository.recentEntries(limit: 1).first?.date == StoredTime.rounded(date))
        #expect(
            try store.repository.entry(savedFrom: DraftID(rawValue: "draft-now"))?.date == stored.written.date)
    }

    @Test(arguments: StoreKind.allCases)
    func aNoteWithANullCharacterReadsBackWholeOrIsRefused(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let note = "before\u{0}after"
        let new = NewWeightEntry(date: Fixtures.now, kilograms: 75, note: note, draftID: DraftID(rawValue: "draft-nul"))
        guard kind != .postgresql else {
            // PostgreSQL's text cannot hold U+0000: the store refuses the note before anything
            // is sent, rather than keep it cut short at the NUL, and nothing is written.
            #expect(throws: StorageError.self) { try store.repository.insert(new) }
            #expect(try store.repository.recentEntries(limit: 10).isEmpty)
            return
        }
        let stored = try store.repository.insert(new)
        #expect(try store.repository.entry(id: stored.written.id)?.note == note)
    }
}

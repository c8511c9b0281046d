import FoundationEssentials
import Testing
import TrendKit

/// The stores the one contract runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case inMemory

    var testDescription: String { rawValue }
}

/// A fresh, empty store of one kind, and the temporary directory a file store lives in.
struct StoreUnderTest {
    let repository: any WeightRepository
    private let directory: TemporaryDirectory?

    init(_ kind: StoreKind) throws {
        switch kind {
        case .sqliteFile:
            let directory = try TemporaryDirectory()
            self.directory = directory
            repository = SQLiteWeightRepository(location: .file(path: directory.file("trend.sqlite")))
        case .sqliteMemory:
            directory = nil
            repository = SQLiteWeightRepository(location: .memory)
        case .inMemory:
            directory = nil
            repository = InMemoryWeightRepository()
        }
    }

    func remove() { directory?.remove() }

    /// Inserts `entries` in order and returns what the store made of them.
    func insert(_ entries: [NewWeightEntry]) async throws -> [WeightEntry] {
        var stored: [WeightEntry] = []
        for entry in entries { stored.append(try await repository.insert(entry).entry) }
        return stored
    }
}

@Suite struct RepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aNewStoreOpensEmpty(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        try await store.repository.open()
        #expect(try await store.repository.recentEntries(limit: 10).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func anInsertedEntryGetsAnIDAndReadsBackUnchanged(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let new = Fixtures.newEntries[1]

        let outcome = try await store.repository.insert(new)

        guard case .inserted(let entry) = outcome else {
            Issue.record("expected a new row, got \(outcome)")
            return
        }
        #expect(entry.id > 0)
        #expect(entry.date == new.date)
        #expect(entry.kilograms == new.kilograms)
        #expect(entry.note == new.note)
        #expect(entry.draftID == new.draftID)
        #expect(try await store.repository.entry(id: entry.id) == entry)
        #expect(try await store.repository.recentEntries(limit: 10) == [entry])
    }

    @Test(arguments: StoreKind.allCases)
    func entriesAreListedNewestFirst(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entries = Fixtures.newEntries
        let stored = try await store.insert([entries[1], entries[2], entries[0]])

        let listed = try await store.repository.recentEntries(limit: 10)

        #expect(listed.map(\.date) == entries.map(\.date).reversed())
        #expect(listed.map(\.id) == [stored[1].id, stored[0].id, stored[2].id])
    }

    @Test(arguments: StoreKind.allCases)
    func entriesWithTheSameDateAreListedLatestIDFirst(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let sameDate = (1...3).map {
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: "", draftID: DraftID(rawValue: "same-\($0)"))
        }
        let stored = try await store.insert(sameDate)

        #expect(try await store.repository.recentEntries(limit: 10).map(\.id) == stored.map(\.id).reversed())
    }

    @Test(arguments: StoreKind.allCases, [(-1, 0), (0, 0), (1, 1), (2, 2), (3, 3), (10, 3)])
    func aLimitReturnsOnlyTheNewestWindow(kind: StoreKind, limit: (asked: Int, count: Int)) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        _ = try await store.insert(Fixtures.newEntries)

        let window = try await store.repository.recentEntries(limit: limit.asked)

        #expect(window.count == limit.count)
        #expect(window.map(\.date) == Fixtures.newEntries.map(\.date).reversed().prefix(limit.count).map { $0 })
    }

    @Test(arguments: StoreKind.allCases)
    func missingIDsReturnNilAndChangeNothing(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try await store.insert(Fixtures.newEntries)
        let missing = WeightEntry(id: 999, date: Fixtures.now, kilograms: 80, note: "ghost")

        #expect(try await store.repository.entry(id: 999) == nil)
        #expect(try await store.repository.update(missing) == nil)
        #expect(try await store.repository.delete(id: 999) == nil)
        #expect(try await store.repository.recentEntries(limit: 10) == stored.reversed())
    }

    @Test(arguments: StoreKind.allCases)
    func anUpdateReplacesDateWeightAndNoteAndKeepsTheIdentity(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try await store.insert(Fixtures.newEntries)
        var changed = stored[0]
        changed.date = Fixtures.now - Fixtures.hour
        changed.kilograms = 74.4
        changed.note = "re-weighed"

        let updated = try await store.repository.update(changed)

        #expect(updated == changed)
        #expect(try await store.repository.entry(id: changed.id) == changed)
        #expect(try await store.repository.recentEntries(limit: 10) == [changed, stored[2], stored[1]])
    }

    @Test(arguments: StoreKind.allCases)
    func aDeleteRemovesTheEntryAndReturnsIt(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try await store.insert(Fixtures.newEntries)

        #expect(try await store.repository.delete(id: stored[1].id) == stored[1])

        #expect(try await store.repository.entry(id: stored[1].id) == nil)
        #expect(try await store.repository.recentEntries(limit: 10) == [stored[2], stored[0]])
        #expect(try await store.repository.delete(id: stored[1].id) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func insertingTheSameDraftAgainReturnsTheFirstEntryAndWritesNoSecondRow(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let first = try await store.repository.insert(Fixtures.newEntries[0])
        var again = Fixtures.newEntries[0]
        again.kilograms = 80

        let second = try await store.repository.insert(again)

        #expect(second == .alreadySaved(first.entry))
        #expect(try await store.repository.recentEntries(limit: 10) == [first.entry])
    }

    @Test(arguments: StoreKind.allCases)
    func anIDIsNeverReusedAfterADelete(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try await store.insert(Fixtures.newEntries)
        _ = try await store.repository.delete(id: stored[2].id)

        let next = try await store.repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft-d")))

        #expect(next.entry.id > stored[2].id)
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
    func aNoteReadsBackExactly(kind: StoreKind, note: String) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let stored = try await store.repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: note, draftID: DraftID(rawValue: "draft-note")))

        let read = try #require(try await store.repository.entry(id: stored.entry.id))

        #expect(Array(read.note.unicodeScalars) == Array(note.unicodeScalars))
        #expect(try await store.repository.recentEntries(limit: 10).count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func aDateWithAFractionOfASecondReadsBackExactly(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        // A reading of the system clock: its last bit does not survive a detour through 1970.
        let date = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789)
        let stored = try await store.repository.insert(
            NewWeightEntry(date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft-now")))

        #expect(try await store.repository.entry(id: stored.entry.id)?.date == stored.entry.date)
        #expect(try await store.repository.recentEntries(limit: 1).first?.date == date)
    }

    @Test(arguments: StoreKind.allCases)
    func aNoteWithANullCharacterReadsBackWhole(kind: StoreKind) async throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let note = "before\u{0}after"
        let stored = try await store.repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: note, draftID: DraftID(rawValue: "draft-nul")))

        #expect(try await store.repository.entry(id: stored.entry.id)?.note == note)
    }
}

import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Two people in one SQLite store: each session reads and writes its own person's entries
/// and measurements only. Ids are the store's, so an id of another person's entry is, to this
/// session, no such entry; an undo puts a row back as its person's.
@MainActor
@Suite struct TwoPeopleWeightsTests {
    static let alice = PersonName("alice")!
    static let bob = PersonName("bob")!
    static let fat = KindID("fat")

    /// A new store in `directory` whose first person is alice, holding bob too, on alice's log.
    static func store(in directory: TemporaryDirectory) throws -> Store {
        let store = Store(
            location: .file(path: directory.file("s.sqlite")), schema: .trendsh,
            person: PersonRequest(name: alice, source: .named))
        try store.addPerson(bob)
        return store
    }

    /// Each row's `person`, by id, as another program reads it.
    static func owners(_ table: String, key: String, in directory: TemporaryDirectory) throws -> [[String?]] {
        let other = try OtherProgramConnection(path: directory.file("s.sqlite"))
        defer { other.close() }
        return try other.rows("SELECT \(key), person FROM \(table) ORDER BY \(key)")
    }

    @Test func eachPersonSeesOnlyTheirOwnEntriesByListRangeAndID() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        let weights = SQLWeightRepository(store: store)
        let first = try weights.insert(Fixtures.newEntry("a1", kilograms: 70, daysAgo: 3)).written
        let second = try weights.insert(Fixtures.newEntry("a2", kilograms: 71, daysAgo: 1)).written
        try store.choosePerson(Self.bob)
        let bobs = try weights.insert(
            NewWeightEntry(
                date: Fixtures.now - 2 * Fixtures.day, kilograms: 90, measurements: [Self.fat: 25], note: "",
                draftID: DraftID(rawValue: "b1"))
        ).written
        let everything = (Fixtures.now - 10 * Fixtures.day, Fixtures.now + Fixtures.day)

        #expect(try weights.recentEntries(limit: 10).map(\.id) == [bobs.id])
        #expect(try weights.entries(from: everything.0, to: everything.1).map(\.id) == [bobs.id])
        #expect(try weights.entry(id: first.id) == nil)
        #expect(try weights.entry(savedFrom: DraftID(rawValue: "a1")) == nil)
        #expect(try weights.entry(id: bobs.id)?.measurements == [Self.fat: 25])

        try store.choosePerson(Self.alice)
        #expect(try weights.recentEntries(limit: 10).map(\.id) == [second.id, first.id])
        #expect(try weights.entries(from: everything.0, to: everything.1).map(\.id) == [first.id, second.id])
        #expect(try weights.entry(id: bobs.id) == nil)
        #expect(try weights.entry(savedFrom: DraftID(rawValue: "b1")) == nil)
        #expect(try weights.recentEntries(limit: 10).allSatisfy { $0.measurements.isEmpty })
        #expect(
            try Self.owners("entries", key: "id", in: directory) == [
                ["\(first.id)", "alice"], ["\(second.id)", "alice"], ["\(bobs.id)", "bob"],
            ])
        #expect(try Self.owners("measurements", key: "entry_id", in: directory) == [["\(bobs.id)", "bob"]])
    }

    @Test func aChangeOfAnotherPersonsEntryIsRefusedAsNoSuchEntry() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        let weights = SQLWeightRepository(store: store)
        let alices = try weights.insert(Fixtures.newEntry("a1", kilograms: 70, daysAgo: 1)).written
        try store.choosePerson(Self.bob)

        let amended = try weights.amend(
            EntryAmendment(
                id: alices.id, newValue: .note("bob was here"), expectedRevision: nil, operation: .make(),
                latestWeighingDate: Fixtures.now))
        let measured = try weights.amend(
            EntryAmendment(
                id: alices.id, newValue: .measure(Self.fat, 30), expectedRevision: nil, operation: .make(),
                latestWeighingDate: Fixtures.now))
        let updated = try weights.update(
            EntryChange(
                id: alices.id, date: alices.date, kilograms: 99, note: "", expectedRevision: nil, operation: .make()))
        let deleted = try weights.delete(id: alices.id, expectedRevision: nil, operation: .make())

        #expect(amended == .missing)
        #expect(measured == .missing)
        #expect(updated == .missing)
        #expect(deleted == .missing)
        try store.choosePerson(Self.alice)
        #expect(try weights.entry(id: alices.id) == alices)
        #expect(try Self.owners("measurements", key: "entry_id", in: directory).isEmpty)
    }

    @Test func undoAndRedoPutBackAnEntryAndItsMeasurementsAsTheirPersons() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        let weights = SQLWeightRepository(store: store)
        let history = SQLHistoryRepository(store: store)
        try store.choosePerson(Self.bob)
        let bobs = try weights.insert(
            NewWeightEntry(
                date: Fixtures.now - Fixtures.day, kilograms: 90, measurements: [Self.fat: 25], note: "",
                draftID: DraftID(rawValue: "b1"))
        ).written
        #expect(try weights.delete(id: bobs.id, expectedRevision: bobs.revision, operation: .make()) == .deleted(bobs))
        #expect(try Self.owners("entry_images", key: "id", in: directory).allSatisfy { $0[1] == "bob" })

        // The delete undone: the entry is back, and bob's.
        guard case .applied = try history.undo(step: nil, operation: .make()) else {
            Issue.record("the delete was not undone")
            return
        }
        #expect(try Self.owners("entries", key: "id", in: directory) == [["\(bobs.id)", "bob"]])
        #expect(try Self.owners("measurements", key: "entry_id", in: directory) == [["\(bobs.id)", "bob"]])
        #expect(try weights.entry(id: bobs.id)?.measurements == [Self.fat: 25])

        // The save undone and redone: back again, still bob's.
        guard case .applied = try history.undo(step: nil, operation: .make()) else {
            Issue.record("the save was not undone")
            return
        }
        #expect(try Self.owners("entries", key: "id", in: directory).isEmpty)
        guard case .applied = try history.redo(step: nil, operation: .make()) else {
            Issue.record("the save was not redone")
            return
        }
        #expect(try Self.owners("entries", key: "id", in: directory) == [["\(bobs.id)", "bob"]])
        #expect(try Self.owners("measurements", key: "entry_id", in: directory) == [["\(bobs.id)", "bob"]])
        try store.choosePerson(Self.alice)
        #expect(try weights.recentEntries(limit: 10).isEmpty)
    }

    @Test func aWeighInTodayIsYourOwn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        _ = try SQLWeightRepository(store: store).insert(Fixtures.newEntry("a1", kilograms: 70, daysAgo: 0))
        let day = (first: Fixtures.now - Fixtures.hour, last: Fixtures.now + Fixtures.hour)
        let probe = { () throws(StorageError) -> Bool in
            try store.read(.weights) { db throws(StorageError) in
                try SQLWeightRepository.hasWeight(from: day.first, through: day.last, in: db)
            }
        }

        #expect(try probe())
        try store.choosePerson(Self.bob)
        #expect(try !probe())
    }

    /// The reminder hook reads the store without a session: it chooses the person as one would.
    @Test func theReminderHookAsksAboutTheNamedPersonsLog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        _ = try SQLWeightRepository(store: store).insert(Fixtures.newEntry("a1", kilograms: 70, daysAgo: 0))
        store.close()
        func answer(_ name: String) -> WeighInToday.Answer {
            WeighInToday.answer(
                location: .file(path: directory.file("s.sqlite")), now: Fixtures.now,
                person: PersonRequest(name: PersonName(name)!, source: .named))
        }

        #expect(answer("alice") == .weighed)
        #expect(answer("bob") == .notWeighed)
        #expect(answer("carol") == .unknown(.storage(.unknownPerson(name: "carol", known: ["alice", "bob"]))))
    }

    @Test func removingAKindCountsYourOwnValuesAndSaysOnlyWhetherOthersHoldAny() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.store(in: directory)
        let weights = SQLWeightRepository(store: store)
        let kinds = SQLKindRepository(store: store)
        let neck = KindRecords.kind(
            id: KindID("neck"), name: "neck", quantity: .length, unit: .centimetres, range: 20...80, decimals: 1,
            hasTrend: false)
        #expect(try kinds.add(neck) == .added(neck))
        try store.choosePerson(Self.bob)
        for name in ["b1", "b2"] {
            _ = try weights.insert(
                NewWeightEntry(
                    date: Fixtures.now - Fixtures.day, kilograms: nil, measurements: [neck.id: 38], note: "",
                    draftID: DraftID(rawValue: name)))
        }

        #expect(try kinds.remove(neck.id) == .inUse(count: 2, othersHoldSome: false))
        try store.choosePerson(Self.alice)
        #expect(try kinds.remove(neck.id) == .inUse(count: 0, othersHoldSome: true))
        _ = try weights.insert(
            NewWeightEntry(
                date: Fixtures.now - Fixtures.day, kilograms: nil, measurements: [neck.id: 35], note: "",
                draftID: DraftID(rawValue: "a1")))
        #expect(try kinds.remove(neck.id) == .inUse(count: 1, othersHoldSome: true))
        #expect(try kinds.addedKinds() == [neck])
    }
}

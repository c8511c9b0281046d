import FoundationEssentials
import Testing

@testable import TrendKit

/// `amend`: one field of a stored entry changed in place, checked by the draft's rules, made
/// only from the revision it was typed against, and applied once however often it is retried.
@MainActor
@Suite struct AmendTests {
    func amendment(
        _ entry: WeightEntry, _ newValue: EntryAmendment.NewValue, from revision: Int64?,
        operation: OperationID = .make(), replacing: [OperationID] = []
    ) -> EntryAmendment {
        EntryAmendment(
            id: entry.id, newValue: newValue, expectedRevision: revision, operation: operation,
            replacedOperations: replacing, latestWeighingDate: Fixtures.now)
    }

    @Test(arguments: StoreKind.allCases)
    func anAmendChangesOneFieldAndRaisesTheRevision(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entry = try store.insert([Fixtures.newEntries[2]])[0]

        let outcome = try store.repository.amend(amendment(entry, .note("amended"), from: 1))

        var expected = entry
        expected.note = "amended"
        expected.revision = 2
        #expect(outcome == .amended(before: entry, after: expected))
        #expect(try store.repository.entry(id: entry.id) == expected)
        let dated = try store.repository.amend(
            amendment(expected, .date(Fixtures.now - 5 * Fixtures.day), from: 2))
        guard case .amended(_, let after) = dated else { return }
        #expect(after.date == Fixtures.now - 5 * Fixtures.day)
        #expect(after.kilograms == entry.kilograms)
        #expect(after.note == "amended")
    }

    @Test(arguments: StoreKind.allCases)
    func anAmendFromAnotherRevisionIsAConflictAndWritesNothing(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entry = try store.insert([Fixtures.newEntries[0]])[0]
        _ = try store.repository.amend(amendment(entry, .measure(.weight, 77), from: 1))

        let outcome = try store.repository.amend(amendment(entry, .measure(.weight, 78), from: 1))

        guard case .conflict(let current) = outcome else {
            Issue.record("expected a conflict, got \(outcome)")
            return
        }
        #expect(current.kilograms == 77)
        #expect(try store.repository.entry(id: entry.id)?.revision == 2)
        #expect(
            try store.repository.amend(
                amendment(WeightEntry(id: 99, date: Fixtures.now, kilograms: 1, note: ""), .note("x"), from: 1))
                == .missing)
    }

    @Test(arguments: StoreKind.allCases)
    func anAmendRetriedWithItsOperationAppliesOnce(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entry = try store.insert([Fixtures.newEntries[0]])[0]
        let change = amendment(entry, .measure(.weight, 77), from: 1)
        _ = try store.repository.amend(change)

        let retried = try store.repository.amend(change)

        guard case .alreadyApplied(let now?, let revision) = retried else {
            Issue.record("expected the retry to find its change, got \(retried)")
            return
        }
        #expect(now.revision == 2)
        #expect(revision == 2)
        #expect(try store.repository.operationApplied(change.operation))
    }

    /// A change that replaced a waiting one applies on top of it when the replaced one had in
    /// fact reached the store, and from the revision it was typed against when it had not.
    @Test(arguments: StoreKind.allCases)
    func aReplacingAmendAppliesOnTopOfAReplacedOneThatLanded(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entry = try store.insert([Fixtures.newEntries[0]])[0]
        let landed = amendment(entry, .measure(.weight, 77), from: 1)
        _ = try store.repository.amend(landed)

        let replacing = amendment(entry, .measure(.weight, 78), from: 1, replacing: [.make(), landed.operation])
        guard case .amended(let before, let after) = try store.repository.amend(replacing) else {
            Issue.record("the replacing change was refused")
            return
        }
        #expect(before.kilograms == 77)
        #expect(after.kilograms == 78)
        #expect(after.revision == 3)
    }

    /// An amend to what the entry holds is judged when it applies, after any amend it replaced
    /// that landed: nothing is written (no new revision, no operation), and a retry judges again.
    @Test(arguments: StoreKind.allCases)
    func anAmendToWhatTheEntryHoldsWritesNothing(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let entry = try store.insert([Fixtures.newEntries[0]])[0]
        let same = amendment(entry, .measure(.weight, entry.kilograms), from: 1)

        #expect(try store.repository.amend(same) == .unchanged(entry))
        #expect(try store.repository.amend(same) == .unchanged(entry))
        #expect(try store.repository.amend(amendment(entry, .note(entry.note), from: 1)) == .unchanged(entry))
        #expect(try store.repository.amend(amendment(entry, .date(entry.date), from: 1)) == .unchanged(entry))
        #expect(try store.repository.operationApplied(same.operation) == false)
        #expect(try store.repository.entry(id: entry.id)?.revision == 1)

        let landed = amendment(entry, .measure(.weight, 77), from: 1)
        _ = try store.repository.amend(landed)
        let again = amendment(entry, .measure(.weight, 77), from: 1, replacing: [landed.operation])
        guard case .unchanged(let now) = try store.repository.amend(again) else {
            Issue.record("77 again, after the 77 it replaced landed, was written")
            return
        }
        #expect(now.revision == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func theWeightOfAnEntryDatedInTheFutureCannotBeAmendedButItsNoteCan(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        let future = Fixtures.newEntry("future", kilograms: 75, daysAgo: -2)
        let entry = try store.insert([future])[0]

        #expect(
            try store.repository.amend(amendment(entry, .measure(.weight, 76), from: 1)) == .datedInFuture(entry))
        guard case .amended = try store.repository.amend(amendment(entry, .note("ok"), from: 1)) else {
            Issue.record("the note could not change")
            return
        }
    }

    /// A moment after the fixed clock but on its local day, as an imported day without a
    /// time is kept (12:00) when the import runs in the morning.
    static var laterToday: Date {
        let end = LocalCalendar.lastMomentOfDay(of: Fixtures.now)
        return StoredTime.rounded(Fixtures.now + (end.timeIntervalSince(Fixtures.now) / 2))
    }

    @Test(arguments: StoreKind.allCases)
    func theWeightOfAnEntryDatedLaterTodayCanBeAmendedButNotOneDatedOnALaterDay(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        defer { store.remove() }
        #expect(Self.laterToday > Fixtures.now)
        let today = try store.insert([
            NewWeightEntry(date: Self.laterToday, kilograms: 75, note: "", draftID: .make())
        ])[
            0]
        let log = Fixtures.log(repository: store.repository)
        let change = try log.amendment(id: today.id, field: .value, text: "76", entry: today, expectedRevision: nil)
        #expect(try log.amend(change).entry?.kilograms == 76)

        let tomorrow = try store.insert([
            NewWeightEntry(
                date: LocalCalendar.lastMomentOfDay(of: Fixtures.now) + Fixtures.hour, kilograms: 75, note: "",
                draftID: .make())
        ])[0]
        #expect(throws: TrendError.entries(.invalid(.futureEntryAllowsOnlyNote(date: tomorrow.date)))) {
            try log.amendment(id: tomorrow.id, field: .value, text: "76", entry: tomorrow, expectedRevision: nil)
        }
        // Typed while the entry was unread, the store's own check refuses it the same way.
        let unread = try log.amendment(id: tomorrow.id, field: .value, text: "76", entry: nil, expectedRevision: nil)
        #expect(throws: TrendError.entries(.invalid(.futureEntryAllowsOnlyNote(date: tomorrow.date)))) {
            try log.amend(unread)
        }
    }

    @Test func typedTextIsCheckedByTheDraftsRules() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries), unit: .pounds)
        let entry = Fixtures.storedEntries[0]
        func amend(_ field: EntryField, _ text: String, entry: WeightEntry? = entry) throws(TrendError)
            -> EntryAmendment
        {
            try log.amendment(id: 1, field: field, text: text, entry: entry, expectedRevision: nil)
        }

        #expect(try amend(.value, "165").newValue == .measure(.weight, 165 * 0.453_592_37))
        #expect(try amend(.value, "75 kg").newValue == .measure(.weight, 75))
        #expect(throws: TrendError.entries(.invalid(.invalidWeight(.pounds)))) { try amend(.value, "5") }
        #expect(throws: TrendError.entries(.invalid(.invalidWeight(.pounds)))) { try amend(.value, "seventy") }
        #expect(try amend(.note, "  caf\u{65}\u{301}  ").newValue == .note("caf\u{e9}"))
        #expect(try amend(.note, "").newValue == .note(""))
        #expect(throws: TrendError.entries(.invalid(.noteTooLong(length: 501)))) {
            try amend(.note, Fixtures.tooLongNote)
        }
        #expect(try amend(.date, "yesterday").newValue == .date(Fixtures.now - Fixtures.day))
        #expect(throws: TrendError.entries(.invalid(.dateInFuture))) { try amend(.date, "2026-11-30") }
        #expect(throws: TrendError.entries(.invalid(.date(.unreadable("soon"))))) { try amend(.date, "soon") }
        #expect(try amend(.note, "x").expectedRevision == entry.revision, "the entry's revision when none is given")
        #expect(try amend(.note, "x", entry: nil).expectedRevision == nil, "unread: checked when it applies")

        var future = entry
        future.date = Fixtures.now + Fixtures.day
        #expect(throws: TrendError.entries(.invalid(.futureEntryAllowsOnlyNote(date: future.date)))) {
            try amend(.value, "170", entry: future)
        }
    }

    @Test func theFeaturePublishesTheAmendedEntryAndReportsAConflictWithWhatIsStored() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        let entry = Fixtures.storedEntries[1]
        let change = try log.amendment(id: entry.id, field: .value, text: "74", entry: entry, expectedRevision: 1)

        let result = try log.amend(change)

        #expect(result.entry?.kilograms == 74)
        #expect(result.before == entry)
        #expect(log.entries.first { $0.id == entry.id }?.kilograms == 74)
        let stale = try log.amendment(id: entry.id, field: .note, text: "x", entry: entry, expectedRevision: 1)
        #expect(throws: TrendError.entries(.conflict(id: entry.id, current: result.entry))) {
            try log.amend(stale)
        }
        let again = try log.amend(change)
        #expect(again.alreadyApplied)
    }

    @Test func aStorageFailureIsKeptAsTheFeaturesErrorAndWritesNothing() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        let entry = Fixtures.storedEntries[0]
        faults.failNextSave()

        let change = try log.amendment(id: entry.id, field: .note, text: "x", entry: entry, expectedRevision: 1)
        #expect(throws: TrendError.storage(.simulated(.save))) { try log.amend(change) }

        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try repository.entry(id: entry.id) == entry)
        _ = try log.amend(change)
        #expect(log.retainedError == nil)
        #expect(try repository.entry(id: entry.id)?.note == "x")
    }
}

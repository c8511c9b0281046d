import FoundationEssentials
import Testing
import TrendKit

@MainActor
@Suite struct WeightLogTests {
    @Test func aNewLogIsIdleAndEmpty() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        #expect(log.loadState == .idle)
        #expect(log.entries.isEmpty)
        #expect(log.retainedError == nil)
    }

    @Test func refreshLoadsTheNewestEntriesFirst() async {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        await log.refresh()
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func refreshLoadsOnlyTheWindow() async {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries), windowSize: 2)
        await log.refresh()
        #expect(log.entries.map(\.id) == [3, 2])
    }

    @Test func aFailedRefreshKeepsTheCachedEntriesVisible() async {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        faults.failNextRefresh()

        await log.refresh()

        #expect(log.entries == Fixtures.storedEntries.reversed())
        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.refresh)))

        await log.refresh()
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func aStoreThatCannotOpenFailsTheLogButLeavesSettingsWorking() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failToOpen()
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)

        await log.refresh()

        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.open)))
        try settings.set(.unit, to: "lb")
        #expect(log.selectedUnit == .pounds)
        #expect(settings.retainedError == nil)
    }

    @Test func aSavePublishesTheStoredEntryAndReportsItCreated() async throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        let outcome = try await log.save(Fixtures.draft)

        guard case .created(let entry) = outcome else {
            Issue.record("expected a new entry, got \(outcome)")
            return
        }
        #expect(entry.kilograms == 75.5)
        #expect(entry.note == "after the run")
        #expect(entry.draftID == Fixtures.draft.id)
        #expect(entry.revision == 1)
        #expect(log.entries == [entry])
        #expect(try repository.recentEntries(limit: 10) == [entry])
    }

    @Test func aSaveInFlightIsNotPublishedUntilStorageConfirmsIt() async throws {
        let gate = GatedRepository()
        let log = Fixtures.log(repository: gate)
        let save = Task { try await log.save(Fixtures.draft) }

        await gate.waitForHeldWrite()
        #expect(log.entries.isEmpty)

        gate.release()
        let outcome = try await save.value
        #expect(log.entries == [try #require(outcome.entry)])
    }

    @Test func savesArePublishedNewestFirstWithinTheWindow() async throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), windowSize: 2)
        for (offset, value) in ["76", "75.5", "75"].enumerated() {
            let date = Fixtures.now - Double(3 - offset) * Fixtures.hour
            _ = try await log.save(WeightEntryDraft(date: date, value: value))
        }
        _ = try await log.save(WeightEntryDraft(date: Fixtures.now - Fixtures.day, value: "77"))
        #expect(log.entries.map(\.kilograms) == [75, 75.5])
    }

    @Test func aFailedSavePublishesNothingAndRetainsTheError() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.storage(.simulated(.save))) { try await log.save(Fixtures.draft) }

        #expect(log.entries.isEmpty)
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try repository.recentEntries(limit: 10).isEmpty)
    }

    @Test func aSaveFailingOnlyForAnotherFeatureGoesThrough() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failEverySave(in: .settings)
        let log = Fixtures.log(repository: repository)

        let outcome = try await log.save(Fixtures.draft)

        #expect(try repository.recentEntries(limit: 10) == [try #require(outcome.entry)])
    }

    @Test func aRetryAfterAStorageFailureWritesExactlyOneEntry() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let log = Fixtures.log(repository: repository)
        await #expect(throws: TrendError.self) { try await log.save(Fixtures.draft) }

        let outcome = try await log.save(Fixtures.draft)

        guard case .created(let entry) = outcome else {
            Issue.record("expected a new entry, got \(outcome)")
            return
        }
        #expect(log.retainedError == nil)
        #expect(try repository.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
    }

    @Test(arguments: [
        (WeightEntryDraft(date: Fixtures.now, value: "not a number"), WeightValidationError.invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now, value: ""), .invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now, value: "19.9"), .invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now, value: "40 lb"), .invalidWeight(.pounds)),
        (WeightEntryDraft(date: Fixtures.now + 60, value: "75"), .dateInFuture),
        (WeightEntryDraft(date: Fixtures.now, value: "75", note: Fixtures.tooLongNote), .noteTooLong(length: 501)),
    ])
    func invalidInputNeverReachesTheRepository(draft: WeightEntryDraft, expected: WeightValidationError) async {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.entries(.invalid(expected))) { try await log.save(draft) }

        #expect(repository.writeCount == 0)
        #expect(log.entries.isEmpty)
        #expect(log.retainedError == nil)
    }

    @Test func concurrentSavesOfOneDraftWriteOneEntry() async throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        async let first = log.save(Fixtures.draft)
        async let second = log.save(Fixtures.draft)
        let outcomes = try await [first, second]

        #expect(outcomes[0].entry?.id == outcomes[1].entry?.id)
        #expect(try repository.recentEntries(limit: 10).count == 1)
        #expect(log.entries.count == 1)
    }

    /// The second save must not reach the repository: had it written on its own, it would
    /// pass the held first write, create the entry itself (a second write) and report
    /// `.created` while the first reported `.alreadySaved`.
    @Test func aSecondSaveOfADraftInFlightJoinsTheFirst() async throws {
        let gate = GatedRepository()
        let log = Fixtures.log(repository: gate)
        let first = Task { try await log.save(Fixtures.draft) }
        await gate.waitForHeldWrite()
        // Runs only once this test suspends, which is after the second save has joined.
        let release = Task { gate.release() }

        let second = try await log.save(Fixtures.draft)

        await release.value
        #expect(try await first.value == second)
        guard case .created(let entry) = second else {
            Issue.record("expected a new entry, got \(second)")
            return
        }
        #expect(gate.base.writeCount == 1)
        #expect(try gate.base.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
    }

    @Test func aSaveOfTheDraftChangedWhileItsFirstSaveIsInFlightStoresTheChange() async throws {
        let gate = GatedRepository()
        let log = Fixtures.log(repository: gate)
        let first = Task { try await log.save(Fixtures.draft) }
        await gate.waitForHeldWrite()
        var changed = Fixtures.draft
        changed.value = "74.8"
        changed.note = "re-read the scale"
        let release = Task { gate.release() }

        let second = try await log.save(changed)

        await release.value
        guard case .created(let original) = try await first.value else {
            Issue.record("expected the first save to create the entry")
            return
        }
        #expect(original.kilograms == 75.5)
        guard case .updated(let entry) = second else {
            Issue.record("expected the changed draft to update the entry, got \(second)")
            return
        }
        #expect(entry.id == original.id)
        #expect(entry.kilograms == 74.8)
        #expect(entry.note == "re-read the scale")
        #expect(try gate.base.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
    }

    @Test func anEditChangedWhileItsFirstSaveIsInFlightStoresTheChange() async throws {
        let gate = GatedRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        let log = Fixtures.log(repository: gate)
        var draft = log.makeDraft(editing: Fixtures.storedEntries[1])
        draft.value = "74.9"
        let firstDraft = draft
        let first = Task { try await log.save(firstDraft) }
        await gate.waitForHeldWrite()
        draft.value = "74.5"
        let release = Task { gate.release() }

        let second = try await log.save(draft)

        await release.value
        #expect(try await first.value.entry?.kilograms == 74.9)
        let stored = try gate.base.entry(id: 2)
        #expect(second.entry?.kilograms == 74.5)
        #expect(stored?.kilograms == 74.5)
    }

    @Test func aRetryOfACommittedButUnacknowledgedSaveWritesNothingNew() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.storage(.ioError)) { try await log.save(Fixtures.draft) }
        #expect(log.entries.isEmpty)

        let retry = try await log.save(Fixtures.draft)

        guard case .alreadySaved(let entry) = retry else {
            Issue.record("expected the committed entry, got \(retry)")
            return
        }
        #expect(try repository.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
        #expect(log.retainedError == nil)
    }

    @Test func aDraftChangedAfterAnUnacknowledgedSaveUpdatesThatEntry() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        var draft = Fixtures.draft
        await #expect(throws: TrendError.self) { try await log.save(draft) }

        draft.value = "75.2"
        let retry = try await log.save(draft)

        guard case .updated(let entry) = retry else {
            Issue.record("expected the entry to be brought up to date, got \(retry)")
            return
        }
        #expect(entry.kilograms == 75.2)
        #expect(try repository.recentEntries(limit: 10) == [entry])
    }

    @Test func savingAnEditedEntryUpdatesItInPlace() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        let original = Fixtures.storedEntries[1]
        var draft = log.makeDraft(editing: original)
        draft.value = "74.9"
        draft.note = "corrected"

        let outcome = try await log.save(draft)

        let expected = WeightEntry(
            id: original.id, date: original.date, kilograms: 74.9, note: "corrected", draftID: original.draftID,
            revision: 2)
        #expect(outcome == .updated(expected))
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.entries[1] == expected)
        #expect(try repository.entry(id: original.id) == expected)
        #expect(try repository.recentEntries(limit: 10).count == 3)
    }

    @Test func anEditThatChangesNothingWritesNothing() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let draft = log.makeDraft(editing: Fixtures.storedEntries[1])

        #expect(try await log.save(draft) == .unchanged(id: 2))
        #expect(try await log.save(draft).entry == nil)
        #expect(repository.writeCount == 0)
    }

    @Test func savingAnEntryDeletedMeanwhileIsAConflictWithNothingCurrent() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let original = Fixtures.storedEntries[0]
        var draft = log.makeDraft(editing: original)
        draft.note = "too late"
        _ = try repository.delete(id: original.id, expectedRevision: nil, operation: .make())

        await #expect(throws: TrendError.entries(.conflict(id: original.id, current: nil))) {
            try await log.save(draft)
        }
        #expect(try repository.recentEntries(limit: 10).count == 2)
    }

    @Test func savingAnEntryChangedMeanwhileIsAConflictThatShowsWhatIsStored() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        let original = Fixtures.storedEntries[1]
        var draft = log.makeDraft(editing: original)
        draft.value = "74.9"
        let elsewhere = try repository.update(
            EntryChange(
                id: original.id, date: original.date, kilograms: 76, note: "from another session",
                expectedRevision: 1, operation: .make()))
        guard case .updated(let current) = elsewhere else {
            Issue.record("the other session's change was not applied")
            return
        }

        await #expect(throws: TrendError.entries(.conflict(id: original.id, current: current))) {
            try await log.save(draft)
        }

        #expect(try repository.entry(id: original.id) == current)
        #expect(repository.writeCount == 2)
    }

    @Test func anEditChangedAgainAfterItsUnacknowledgedSaveStoresTheChange() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        var draft = log.makeDraft(editing: Fixtures.storedEntries[1])
        draft.value = "74.9"
        faults.loseNextAcknowledgement()
        await #expect(throws: TrendError.storage(.ioError)) { try await log.save(draft) }

        draft.value = "74.5"
        let retry = try await log.save(draft)
        let stored = try repository.entry(id: 2)

        #expect(retry.entry?.kilograms == 74.5)
        #expect(stored?.kilograms == 74.5)
    }

    @Test func aDeleteIsPublishedOnlyAfterStorageConfirmsIt() async throws {
        let gate = GatedRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        let log = Fixtures.log(repository: gate)
        await log.refresh()
        let delete = Task { try await log.delete(id: 2, expectedRevision: 1) }

        await gate.waitForHeldWrite()
        #expect(log.entries.map(\.id) == [3, 2, 1])

        gate.release()
        #expect(try await delete.value == DeleteOutcome(id: 2, entry: Fixtures.storedEntries[1], alreadyDeleted: false))
        #expect(log.entries.map(\.id) == [3, 1])
        #expect(try gate.base.recentEntries(limit: 10).map(\.id) == [3, 1])
    }

    @Test func aFailedDeleteKeepsTheEntryListed() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        faults.failNextSave()

        await #expect(throws: TrendError.storage(.simulated(.save))) {
            try await log.delete(id: 2, expectedRevision: 1)
        }

        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try repository.entry(id: 2) == Fixtures.storedEntries[1])
    }

    @Test func aDeleteThatFailedWithoutWritingIsNotLaterReportedAsDone() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        faults.failNextSave()
        await #expect(throws: TrendError.storage(.simulated(.save))) {
            try await log.delete(id: 42, expectedRevision: nil)
        }

        await #expect(throws: TrendError.entries(.noSuchEntry(id: 42))) {
            try await log.delete(id: 42, expectedRevision: nil)
        }
    }

    @Test func aDeleteWhoseOutcomeWasUnknownIsRecognisedOnItsRetry() async throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        faults.loseNextAcknowledgement()
        await #expect(throws: TrendError.storage(.ioError)) { try await log.delete(id: 2, expectedRevision: 1) }

        let retried = try await log.delete(id: 2, expectedRevision: 1)

        #expect(retried == DeleteOutcome(id: 2, entry: Fixtures.storedEntries[1], alreadyDeleted: true))
        #expect(log.entries.map(\.id) == [3, 1])
        #expect(log.retainedError == nil)
    }

    @Test func deletingAMissingEntrySaysThereIsNone() async {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        await log.refresh()
        await #expect(throws: TrendError.entries(.noSuchEntry(id: 42))) {
            try await log.delete(id: 42, expectedRevision: nil)
        }
        #expect(log.entries.count == 3)
    }

    @Test func deletingTheEntryTheOpenDraftEditsIsRefusedAndWritesNothing() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()

        await #expect(throws: TrendError.entries(.openInDraft(id: 2))) {
            try await log.delete(id: 2, expectedRevision: 1, openDraftEdits: 2)
        }

        #expect(repository.writeCount == 0)
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(try await log.delete(id: 3, expectedRevision: 1, openDraftEdits: 2).entry == Fixtures.storedEntries[2])
    }

    @Test func deletingAnEntryChangedMeanwhileIsAConflictThatShowsWhatIsStored() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        let elsewhere = try repository.update(
            EntryChange(
                id: 2, date: Fixtures.storedEntries[1].date, kilograms: 76, note: "from another session",
                expectedRevision: 1, operation: .make()))
        guard case .updated(let current) = elsewhere else {
            Issue.record("the other session's change was not applied")
            return
        }

        await #expect(throws: TrendError.entries(.conflict(id: 2, current: current))) {
            try await log.delete(id: 2, expectedRevision: 1)
        }

        #expect(try repository.entry(id: 2) == current)
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.entries[1] == current)
    }

    @Test func anEntryIsFoundInTheWindowOrInStorage() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository, windowSize: 1)
        await log.refresh()
        #expect(try await log.entry(id: 3) == Fixtures.storedEntries[2])
        #expect(try await log.entry(id: 1) == Fixtures.storedEntries[0])
        await #expect(throws: TrendError.entries(.noSuchEntry(id: 9))) { try await log.entry(id: 9) }
    }

    @Test func anEntryIsFoundByTheDraftItWasSavedFrom() async throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        #expect(try await log.entry(savedFrom: DraftID(rawValue: "draft-b")) == Fixtures.storedEntries[1])
        #expect(try await log.entry(savedFrom: DraftID(rawValue: "draft-z")) == nil)
    }

    @Test func newestReadsBeyondTheWindowFromStorage() async throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries), windowSize: 2)
        await log.refresh()
        #expect(try await log.newest(1).map(\.id) == [3])
        #expect(try await log.newest(3).map(\.id) == [3, 2, 1])
    }

    @Test
    func newestAfterADeleteFromAFullWindowStillFindsOlderEntries() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository, windowSize: 2)
        await log.refresh()
        _ = try await log.delete(id: 3, expectedRevision: 1)

        #expect(try await log.newest(2).map(\.id) == [2, 1])
    }

    @Test func aNewDraftIsDatedNowAndEmpty() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let draft = log.makeDraft()
        #expect(draft.date == Fixtures.now)
        #expect(draft.value.isEmpty && draft.note.isEmpty)
        #expect(draft.editing == nil)
        #expect(log.latestPermittedEntryDate == Fixtures.now)
    }

    @Test func aNewDraftIsDatedToTheMillisecond() {
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let clock = Clock.fixed(Fixtures.now + 0.123_456)
        let log = WeightLog(repository: InMemoryWeightRepository(), settings: settings, clock: clock)
        #expect(log.makeDraft().date == StoredTime.rounded(Fixtures.now + 0.123_456))
    }

    @Test(arguments: [(WeightUnit.kilograms, "75.1"), (.pounds, "165.57")])
    func aDraftForAnEntryShowsItsWeightInTheSelectedUnit(unit: WeightUnit, shown: String) {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), unit: unit)
        let entry = Fixtures.storedEntries[2]
        let draft = log.makeDraft(editing: entry)
        #expect(draft.value == shown)
        #expect(draft.unit == unit)
        #expect(draft.date == entry.date)
        #expect(draft.note == entry.note)
        #expect(draft.editing == EditedEntry(id: entry.id, revision: entry.revision, prefilledKilograms: 75.1))
        #expect(log.selectedUnit == unit)
    }

    @Test func aDraftInPoundsIsStoredInKilograms() async throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), unit: .pounds)
        var draft = log.makeDraft()
        draft.value = "165.35"
        let outcome = try await log.save(draft)
        #expect(abs((try #require(outcome.entry).kilograms ?? 0) - 75.0014983795) < 1e-9)
    }

    @Test func checkDateRejectsOnlyTheFuture() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        try log.checkDate(Fixtures.now)
        #expect(throws: TrendError.entries(.invalid(.dateInFuture))) { try log.checkDate(Fixtures.now + 1) }
    }

    @Test func aDraftDatedNowSavesAtOnceEvenWhenItsMillisecondRoundsUp() async throws {
        // 0.7 ms past a millisecond: the draft's date rounds up to the next one, after the
        // clock's own reading, yet it is not in the future.
        let now = Date(timeIntervalSince1970: 1_795_939_200.0007)
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: InMemoryWeightRepository(), settings: settings, clock: .fixed(now))
        var draft = log.makeDraft()
        draft.value = "75"

        let outcome = try await log.save(draft)

        #expect(outcome.entry?.date == StoredTime.rounded(now))
    }
}

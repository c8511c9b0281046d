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

    @Test func refreshLoadsTheNewestEntriesFirst() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        log.refresh()
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func refreshLoadsOnlyTheWindow() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries), windowSize: 2)
        log.refresh()
        #expect(log.entries.map(\.id) == [3, 2])
    }

    @Test func aFailedRefreshKeepsTheCachedEntriesVisible() {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        faults.failNextRefresh()

        log.refresh()

        #expect(log.entries == Fixtures.storedEntries.reversed())
        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.refresh)))

        log.refresh()
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func aStoreThatCannotOpenFailsTheLogButLeavesSettingsWorking() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failToOpen()
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)

        log.refresh()

        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.open)))
        try settings.set(.unit, to: "lb")
        #expect(log.selectedUnit == .pounds)
        #expect(settings.retainedError == nil)
    }

    @Test func aSavePublishesTheStoredEntryAndReportsItCreated() throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        let outcome = try log.save(Fixtures.draft)

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

    @Test func aSaveInFlightIsNotPublishedUntilStorageConfirmsIt() throws {
        let witness = WitnessRepository()
        let log = Fixtures.log(repository: witness)
        var listedDuringTheWrite: [WeightEntry]?
        witness.duringFirstWrite = { listedDuringTheWrite = log.entries }

        let outcome = try log.save(Fixtures.draft)

        #expect(witness.sawAWrite)
        #expect(listedDuringTheWrite == [], "nothing is published while the commit runs")
        #expect(log.entries == [try #require(outcome.entry)])
    }

    @Test func savesArePublishedNewestFirstWithinTheWindow() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), windowSize: 2)
        for (offset, value) in ["76", "75.5", "75"].enumerated() {
            let date = Fixtures.now - Double(3 - offset) * Fixtures.hour
            _ = try log.save(WeightEntryDraft(date: date, value: value))
        }
        _ = try log.save(WeightEntryDraft(date: Fixtures.now - Fixtures.day, value: "77"))
        #expect(log.entries.map(\.kilograms) == [75, 75.5])
    }

    @Test func aFailedSavePublishesNothingAndRetainsTheError() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let log = Fixtures.log(repository: repository)

        #expect(throws: TrendError.storage(.simulated(.save))) { try log.save(Fixtures.draft) }

        #expect(log.entries.isEmpty)
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try repository.recentEntries(limit: 10).isEmpty)
    }

    @Test func aSaveFailingOnlyForAnotherFeatureGoesThrough() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failEverySave(in: .settings)
        let log = Fixtures.log(repository: repository)

        let outcome = try log.save(Fixtures.draft)

        #expect(try repository.recentEntries(limit: 10) == [try #require(outcome.entry)])
    }

    @Test func aRetryAfterAStorageFailureWritesExactlyOneEntry() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave()
        let log = Fixtures.log(repository: repository)
        #expect(throws: TrendError.self) { try log.save(Fixtures.draft) }

        let outcome = try log.save(Fixtures.draft)

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
    func invalidInputNeverReachesTheRepository(draft: WeightEntryDraft, expected: WeightValidationError) {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        #expect(throws: TrendError.entries(.invalid(expected))) { try log.save(draft) }

        #expect(repository.writeCount == 0)
        #expect(log.entries.isEmpty)
        #expect(log.retainedError == nil)
    }

    /// A second save of a draft whose first save landed finds the entry by the draft's id:
    /// it writes nothing and reports the entry the first one wrote.
    @Test func aSecondSaveOfASavedDraftWritesNothingNew() throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let first = try log.save(Fixtures.draft)

        let second = try log.save(Fixtures.draft)

        guard case .created(let entry) = first, case .alreadySaved(let again) = second else {
            Issue.record("expected a new entry, then the same one, got \(first), \(second)")
            return
        }
        #expect(again == entry)
        #expect(try repository.recentEntries(limit: 10).count == 1, "the second save wrote no entry")
        #expect(try repository.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
    }

    @Test func aSaveOfTheDraftChangedAfterItsFirstSaveLandedStoresTheChange() throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let first = try log.save(Fixtures.draft)
        var changed = Fixtures.draft
        changed.value = "74.8"
        changed.note = "re-read the scale"

        let second = try log.save(changed)

        guard case .created(let original) = first else {
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
        #expect(try repository.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
    }

    @Test func anEditChangedAfterItsFirstSaveLandedStoresTheChange() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        var draft = log.makeDraft(editing: Fixtures.storedEntries[1])
        draft.value = "74.9"
        let first = try log.save(draft)
        draft.value = "74.5"

        let second = try log.save(draft)

        #expect(first.entry?.kilograms == 74.9)
        #expect(second.entry?.kilograms == 74.5)
        #expect(try repository.entry(id: 2)?.kilograms == 74.5)
    }

    @Test func aRetryOfACommittedButUnacknowledgedSaveWritesNothingNew() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)

        #expect(throws: TrendError.storage(.ioError)) { try log.save(Fixtures.draft) }
        #expect(log.entries.isEmpty)

        let retry = try log.save(Fixtures.draft)

        guard case .alreadySaved(let entry) = retry else {
            Issue.record("expected the committed entry, got \(retry)")
            return
        }
        #expect(try repository.recentEntries(limit: 10) == [entry])
        #expect(log.entries == [entry])
        #expect(log.retainedError == nil)
    }

    @Test func aDraftChangedAfterAnUnacknowledgedSaveUpdatesThatEntry() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        var draft = Fixtures.draft
        #expect(throws: TrendError.self) { try log.save(draft) }

        draft.value = "75.2"
        let retry = try log.save(draft)

        guard case .updated(let entry) = retry else {
            Issue.record("expected the entry to be brought up to date, got \(retry)")
            return
        }
        #expect(entry.kilograms == 75.2)
        #expect(try repository.recentEntries(limit: 10) == [entry])
    }

    @Test func savingAnEditedEntryUpdatesItInPlace() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        let original = Fixtures.storedEntries[1]
        var draft = log.makeDraft(editing: original)
        draft.value = "74.9"
        draft.note = "corrected"

        let outcome = try log.save(draft)

        let expected = WeightEntry(
            id: original.id, date: original.date, kilograms: 74.9, note: "corrected", draftID: original.draftID,
            revision: 2)
        #expect(outcome == .updated(expected))
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.entries[1] == expected)
        #expect(try repository.entry(id: original.id) == expected)
        #expect(try repository.recentEntries(limit: 10).count == 3)
    }

    @Test func anEditThatChangesNothingWritesNothing() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let draft = log.makeDraft(editing: Fixtures.storedEntries[1])

        #expect(try log.save(draft) == .unchanged(id: 2))
        #expect(try log.save(draft).entry == nil)
        #expect(repository.writeCount == 0)
    }

    @Test func savingAnEntryDeletedMeanwhileIsAConflictWithNothingCurrent() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let original = Fixtures.storedEntries[0]
        var draft = log.makeDraft(editing: original)
        draft.note = "too late"
        _ = try repository.delete(id: original.id, expectedRevision: nil, operation: .make())

        #expect(throws: TrendError.entries(.conflict(id: original.id, current: nil))) {
            try log.save(draft)
        }
        #expect(try repository.recentEntries(limit: 10).count == 2)
    }

    @Test func savingAnEntryChangedMeanwhileIsAConflictThatShowsWhatIsStored() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()
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

        #expect(throws: TrendError.entries(.conflict(id: original.id, current: current))) {
            try log.save(draft)
        }

        #expect(try repository.entry(id: original.id) == current)
        #expect(repository.writeCount == 2)
    }

    @Test func anEditChangedAgainAfterItsUnacknowledgedSaveStoresTheChange() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        var draft = log.makeDraft(editing: Fixtures.storedEntries[1])
        draft.value = "74.9"
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try log.save(draft) }

        draft.value = "74.5"
        let retry = try log.save(draft)
        let stored = try repository.entry(id: 2)

        #expect(retry.entry?.kilograms == 74.5)
        #expect(stored?.kilograms == 74.5)
    }

    @Test func aDeleteIsPublishedOnlyAfterStorageConfirmsIt() throws {
        let witness = WitnessRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        let log = Fixtures.log(repository: witness)
        log.refresh()
        var listedDuringTheWrite: [Int64]?
        witness.duringFirstWrite = { listedDuringTheWrite = log.entries.map(\.id) }

        let outcome = try log.delete(id: 2, expectedRevision: 1)

        #expect(listedDuringTheWrite == [3, 2, 1], "the entry stays listed while the delete commits")
        #expect(outcome == DeleteOutcome(id: 2, entry: Fixtures.storedEntries[1], alreadyDeleted: false))
        #expect(log.entries.map(\.id) == [3, 1])
        #expect(try witness.base.recentEntries(limit: 10).map(\.id) == [3, 1])
    }

    @Test func aFailedDeleteKeepsTheEntryListed() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        faults.failNextSave()

        #expect(throws: TrendError.storage(.simulated(.save))) {
            try log.delete(id: 2, expectedRevision: 1)
        }

        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try repository.entry(id: 2) == Fixtures.storedEntries[1])
    }

    @Test func aDeleteThatFailedWithoutWritingIsNotLaterReportedAsDone() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        faults.failNextSave()
        #expect(throws: TrendError.storage(.simulated(.save))) {
            try log.delete(id: 42, expectedRevision: nil)
        }

        #expect(throws: TrendError.entries(.noSuchEntry(id: 42))) {
            try log.delete(id: 42, expectedRevision: nil)
        }
    }

    @Test func aDeleteWhoseOutcomeWasUnknownIsRecognisedOnItsRetry() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try log.delete(id: 2, expectedRevision: 1) }

        let retried = try log.delete(id: 2, expectedRevision: 1)

        #expect(retried == DeleteOutcome(id: 2, entry: Fixtures.storedEntries[1], alreadyDeleted: true))
        #expect(log.entries.map(\.id) == [3, 1])
        #expect(log.retainedError == nil)
    }

    @Test func deletingAMissingEntrySaysThereIsNone() {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        log.refresh()
        #expect(throws: TrendError.entries(.noSuchEntry(id: 42))) {
            try log.delete(id: 42, expectedRevision: nil)
        }
        #expect(log.entries.count == 3)
    }

    @Test func deletingTheEntryTheOpenDraftEditsIsRefusedAndWritesNothing() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()

        #expect(throws: TrendError.entries(.openInDraft(id: 2))) {
            try log.delete(id: 2, expectedRevision: 1, openDraftEdits: 2)
        }

        #expect(repository.writeCount == 0)
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(try log.delete(id: 3, expectedRevision: 1, openDraftEdits: 2).entry == Fixtures.storedEntries[2])
    }

    @Test func deletingAnEntryChangedMeanwhileIsAConflictThatShowsWhatIsStored() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        log.refresh()
        let elsewhere = try repository.update(
            EntryChange(
                id: 2, date: Fixtures.storedEntries[1].date, kilograms: 76, note: "from another session",
                expectedRevision: 1, operation: .make()))
        guard case .updated(let current) = elsewhere else {
            Issue.record("the other session's change was not applied")
            return
        }

        #expect(throws: TrendError.entries(.conflict(id: 2, current: current))) {
            try log.delete(id: 2, expectedRevision: 1)
        }

        #expect(try repository.entry(id: 2) == current)
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.entries[1] == current)
    }

    @Test func anEntryIsFoundInTheWindowOrInStorage() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository, windowSize: 1)
        log.refresh()
        #expect(try log.entry(id: 3) == Fixtures.storedEntries[2])
        #expect(try log.entry(id: 1) == Fixtures.storedEntries[0])
        #expect(throws: TrendError.entries(.noSuchEntry(id: 9))) { try log.entry(id: 9) }
    }

    @Test func anEntryIsFoundByTheDraftItWasSavedFrom() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        #expect(try log.entry(savedFrom: DraftID(rawValue: "draft-b")) == Fixtures.storedEntries[1])
        #expect(try log.entry(savedFrom: DraftID(rawValue: "draft-z")) == nil)
    }

    @Test func newestReadsBeyondTheWindowFromStorage() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries), windowSize: 2)
        log.refresh()
        #expect(try log.newest(1).map(\.id) == [3])
        #expect(try log.newest(3).map(\.id) == [3, 2, 1])
    }

    @Test
    func newestAfterADeleteFromAFullWindowStillFindsOlderEntries() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository, windowSize: 2)
        log.refresh()
        _ = try log.delete(id: 3, expectedRevision: 1)

        #expect(try log.newest(2).map(\.id) == [2, 1])
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

    @Test func aDraftInPoundsIsStoredInKilograms() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), unit: .pounds)
        var draft = log.makeDraft()
        draft.value = "165.35"
        let outcome = try log.save(draft)
        #expect(abs((try #require(outcome.entry).kilograms ?? 0) - 75.0014983795) < 1e-9)
    }

    @Test func checkDateRejectsOnlyTheFuture() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        try log.checkDate(Fixtures.now)
        #expect(throws: TrendError.entries(.invalid(.dateInFuture))) { try log.checkDate(Fixtures.now + 1) }
    }

    @Test func aDraftDatedNowSavesAtOnceEvenWhenItsMillisecondRoundsUp() throws {
        // 0.7 ms past a millisecond: the draft's date rounds up to the next one, after the
        // clock's own reading, yet it is not in the future.
        let now = Date(timeIntervalSince1970: 1_795_939_200.0007)
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: InMemoryWeightRepository(), settings: settings, clock: .fixed(now))
        var draft = log.makeDraft()
        draft.value = "75"

        let outcome = try log.save(draft)

        #expect(outcome.entry?.date == StoredTime.rounded(now))
    }
}

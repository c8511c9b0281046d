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
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        await repository.failNextRefresh()

        await log.refresh()

        #expect(log.entries == Fixtures.storedEntries.reversed())
        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.refresh)))

        await log.refresh()
        #expect(log.loadState == .ready)
        #expect(log.retainedError == nil)
    }

    @Test func aStoreThatCannotOpenFailsTheLogButLeavesSettingsWorking() async throws {
        let repository = InMemoryWeightRepository()
        await repository.failToOpen()
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)

        await log.refresh()

        #expect(log.loadState == .failed)
        #expect(log.retainedError == .storage(.simulated(.open)))
        #expect(log.retainedError?.message == "The store could not be opened (simulated failure).")
        try settings.setUnit(.pounds)
        #expect(log.selectedUnit == .pounds)
    }

    @Test func aSavePublishesTheStoredEntryAndReportsItCreated() async throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        let outcome = try await log.save(Fixtures.draft)

        #expect(outcome.kind == .created)
        #expect(outcome.entry.kilograms == 75.5)
        #expect(outcome.entry.note == "after the run")
        #expect(outcome.entry.draftID == Fixtures.draft.id)
        #expect(log.entries == [outcome.entry])
        #expect(try await repository.recentEntries(limit: 10) == [outcome.entry])
    }

    @Test func aSaveInFlightIsNotPublishedUntilStorageConfirmsIt() async throws {
        let gate = GatedRepository()
        let log = Fixtures.log(repository: gate)
        let save = Task { try await log.save(Fixtures.draft) }

        await gate.waitForHeldWrite()
        #expect(log.entries.isEmpty)

        await gate.release()
        let outcome = try await save.value
        #expect(log.entries == [outcome.entry])
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
        let repository = InMemoryWeightRepository()
        await repository.failNextSave()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.storage(.simulated(.save))) { try await log.save(Fixtures.draft) }

        #expect(log.entries.isEmpty)
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try await repository.recentEntries(limit: 10).isEmpty)
    }

    @Test func aRetryAfterAStorageFailureWritesExactlyOneEntry() async throws {
        let repository = InMemoryWeightRepository()
        await repository.failNextSave()
        let log = Fixtures.log(repository: repository)
        await #expect(throws: TrendError.self) { try await log.save(Fixtures.draft) }

        let outcome = try await log.save(Fixtures.draft)

        #expect(outcome.kind == .created)
        #expect(log.retainedError == nil)
        #expect(try await repository.recentEntries(limit: 10) == [outcome.entry])
        #expect(log.entries == [outcome.entry])
    }

    @Test(arguments: [
        (WeightEntryDraft(date: Fixtures.now, value: "not a number"), WeightValidationError.invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now, value: ""), .invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now, value: "19.9"), .invalidWeight(.kilograms)),
        (WeightEntryDraft(date: Fixtures.now + 60, value: "75"), .dateInFuture),
        (WeightEntryDraft(date: Fixtures.now, value: "75", note: Fixtures.tooLongNote), .noteTooLong(length: 501)),
    ])
    func invalidInputNeverReachesTheRepository(draft: WeightEntryDraft, expected: WeightValidationError) async {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.validation(expected)) { try await log.save(draft) }

        #expect(await repository.writeCount == 0)
        #expect(log.entries.isEmpty)
        #expect(log.retainedError == nil)
    }

    @Test func concurrentSavesOfOneDraftWriteOnce() async throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)

        async let first = log.save(Fixtures.draft)
        async let second = log.save(Fixtures.draft)
        let outcomes = try await [first, second]

        #expect(outcomes[0].entry.id == outcomes[1].entry.id)
        #expect(try await repository.recentEntries(limit: 10).count == 1)
        #expect(log.entries.count == 1)
    }

    @Test func aSecondSaveOfADraftInFlightJoinsTheFirst() async throws {
        let gate = GatedRepository()
        let log = Fixtures.log(repository: gate)
        let first = Task { try await log.save(Fixtures.draft) }
        await gate.waitForHeldWrite()
        // Runs only once this test suspends, which is after the second save has joined.
        let release = Task { @MainActor in await gate.release() }

        let second = try await log.save(Fixtures.draft)

        await release.value
        #expect(try await first.value == second)
        #expect(second.kind == .created)
        #expect(await gate.base.writeCount == 1)
        #expect(try await gate.recentEntries(limit: 10) == [second.entry])
    }

    @Test func aRetryOfACommittedButUnacknowledgedSaveWritesNothingNew() async throws {
        let repository = InMemoryWeightRepository()
        await repository.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)

        await #expect(throws: TrendError.storage(.ioError(code: 10))) { try await log.save(Fixtures.draft) }
        #expect(log.entries.isEmpty)

        let retry = try await log.save(Fixtures.draft)

        #expect(retry.kind == .alreadySaved)
        let stored = try await repository.recentEntries(limit: 10)
        #expect(stored == [retry.entry])
        #expect(log.entries == stored)
        #expect(log.retainedError == nil)
    }

    @Test func aDraftChangedAfterAnUnacknowledgedSaveUpdatesThatEntry() async throws {
        let repository = InMemoryWeightRepository()
        await repository.loseNextAcknowledgement()
        let log = Fixtures.log(repository: repository)
        var draft = Fixtures.draft
        await #expect(throws: TrendError.self) { try await log.save(draft) }

        draft.value = "75.2"
        let retry = try await log.save(draft)

        #expect(retry.kind == .updated)
        #expect(retry.entry.kilograms == 75.2)
        #expect(try await repository.recentEntries(limit: 10) == [retry.entry])
    }

    @Test func savingAnEditedEntryUpdatesItInPlace() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        let original = Fixtures.storedEntries[1]
        var draft = log.makeDraft(editing: original)
        draft.value = "74.9"
        draft.note = "corrected"

        let outcome = try await log.save(draft, editing: original)

        #expect(outcome.kind == .updated)
        #expect(
            outcome.entry
                == WeightEntry(
                    id: original.id, date: original.date, kilograms: 74.9, note: "corrected", draftID: original.draftID)
        )
        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.entries[1] == outcome.entry)
        #expect(try await repository.entry(id: original.id) == outcome.entry)
        #expect(try await repository.recentEntries(limit: 10).count == 3)
    }

    @Test func savingAnEntryDeletedMeanwhileReportsItMissing() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        let original = Fixtures.storedEntries[0]
        let draft = log.makeDraft(editing: original)
        _ = try await repository.delete(id: original.id)

        await #expect(throws: TrendError.noSuchEntry(id: original.id)) { try await log.save(draft, editing: original) }
        #expect(try await repository.recentEntries(limit: 10).count == 2)
    }

    @Test func aDeleteIsPublishedOnlyAfterStorageConfirmsIt() async throws {
        let gate = GatedRepository(base: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        let log = Fixtures.log(repository: gate)
        await log.refresh()
        let delete = Task { try await log.delete(id: 2) }

        await gate.waitForHeldWrite()
        #expect(log.entries.map(\.id) == [3, 2, 1])

        await gate.release()
        #expect(try await delete.value.entry == Fixtures.storedEntries[1])
        #expect(log.entries.map(\.id) == [3, 1])
        #expect(try await gate.recentEntries(limit: 10).map(\.id) == [3, 1])
    }

    @Test func aFailedDeleteKeepsTheEntryListed() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        await repository.failNextSave()

        await #expect(throws: TrendError.storage(.simulated(.save))) { try await log.delete(id: 2) }

        #expect(log.entries.map(\.id) == [3, 2, 1])
        #expect(log.retainedError == .storage(.simulated(.save)))
        #expect(try await repository.entry(id: 2) == Fixtures.storedEntries[1])
    }

    @Test func aDeleteThatFailedWithoutWritingIsNotLaterReportedAsDone() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        await repository.failNextSave()
        await #expect(throws: TrendError.storage(.simulated(.save))) { try await log.delete(id: 42) }

        await #expect(throws: TrendError.noSuchEntry(id: 42)) { try await log.delete(id: 42) }
    }

    @Test func aDeleteWhoseOutcomeWasUnknownIsRecognisedOnItsRetry() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository)
        await log.refresh()
        await repository.loseNextAcknowledgement()
        await #expect(throws: TrendError.self) { try await log.delete(id: 2) }

        let retried = try await log.delete(id: 2)

        #expect(retried == DeleteOutcome(id: 2, entry: Fixtures.storedEntries[1], alreadyDeleted: true))
        #expect(log.entries.map(\.id) == [3, 1])
    }

    @Test func deletingAMissingEntrySaysThereIsNone() async {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        await log.refresh()
        let error = await #expect(throws: TrendError.self) { try await log.delete(id: 42) }
        #expect(error == .noSuchEntry(id: 42))
        #expect(error?.message == "There is no entry #42. List the entries to see their numbers.")
        #expect(log.entries.count == 3)
    }

    @Test func anEntryIsFoundInTheWindowOrInStorage() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let log = Fixtures.log(repository: repository, windowSize: 1)
        await log.refresh()
        #expect(try await log.entry(id: 3) == Fixtures.storedEntries[2])
        #expect(try await log.entry(id: 1) == Fixtures.storedEntries[0])
        await #expect(throws: TrendError.noSuchEntry(id: 9)) { try await log.entry(id: 9) }
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
        _ = try await log.delete(id: 3)

        #expect(try await log.newest(2).map(\.id) == [2, 1])
    }

    @Test func aNewDraftIsDatedNowAndEmpty() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let draft = log.makeDraft()
        #expect(draft.date == Fixtures.now)
        #expect(draft.value.isEmpty && draft.note.isEmpty)
        #expect(log.latestPermittedEntryDate == Fixtures.now)
    }

    @Test(arguments: [(WeightUnit.kilograms, "75.1"), (.pounds, "165.57")])
    func aDraftForAnEntryShowsItsWeightInTheSelectedUnit(unit: WeightUnit, shown: String) {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), unit: unit)
        let entry = Fixtures.storedEntries[2]
        let draft = log.makeDraft(editing: entry)
        #expect(draft.value == shown)
        #expect(draft.date == entry.date)
        #expect(draft.note == entry.note)
        #expect(log.selectedUnit == unit)
    }

    @Test func aDraftInPoundsIsStoredInKilograms() async throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(), unit: .pounds)
        let outcome = try await log.save(WeightEntryDraft(date: Fixtures.now, value: "165.35"))
        #expect(abs(outcome.entry.kilograms - 75.0014983795) < 1e-9)
    }

    @Test func checkDateRejectsOnlyTheFuture() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        try log.checkDate(Fixtures.now)
        #expect(throws: TrendError.validation(.dateInFuture)) { try log.checkDate(Fixtures.now + 1) }
    }
}

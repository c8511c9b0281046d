import Testing
import TrendKit

@MainActor
@Suite struct InMemoryWeightRepositoryTests {
    @Test func failNextSaveFailsOneWriteOnly() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failNextSave(with: .diskFull)

        #expect(throws: StorageError.diskFull) { try repository.insert(Fixtures.newEntries[0]) }
        _ = try repository.insert(Fixtures.newEntries[0])

        #expect(try repository.recentEntries(limit: 10).count == 1)
        #expect(repository.writeCount == 1)
    }

    @Test func failEverySaveFailsEveryWriteUntilStopped() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        faults.failEverySave()
        let change = EntryChange(
            id: 1, date: Fixtures.now, kilograms: 70, note: "", expectedRevision: 1, operation: .make())

        #expect(throws: StorageError.simulated(.save)) { try repository.insert(Fixtures.newEntry("draft-d")) }
        #expect(throws: StorageError.simulated(.save)) { try repository.update(change) }
        #expect(throws: StorageError.simulated(.save)) {
            try repository.delete(id: 1, expectedRevision: 1, operation: .make())
        }
        #expect(try repository.recentEntries(limit: 10).count == 3)
        #expect(repository.writeCount == 0)

        faults.stopFailing()
        #expect(
            try repository.delete(id: 1, expectedRevision: 1, operation: .make()) == .deleted(Fixtures.storedEntries[0])
        )
    }

    @Test func failToOpenFailsReadsAndWritesAlike() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        faults.failToOpen()

        #expect(throws: StorageError.simulated(.open)) { try repository.recentEntries(limit: 10) }
        #expect(throws: StorageError.simulated(.open)) { try repository.entry(id: 1) }
        #expect(throws: StorageError.simulated(.open)) { try repository.entry(savedFrom: DraftID(rawValue: "draft-a")) }
        #expect(throws: StorageError.simulated(.open)) { try repository.operationApplied(.make()) }
        #expect(throws: StorageError.simulated(.open)) { try repository.insert(Fixtures.newEntries[0]) }
        #expect(repository.writeCount == 0)

        faults.stopFailing()
        #expect(try repository.recentEntries(limit: 10).count == 3)
    }

    @Test func aFailedRefreshFailsOnlyTheLoad() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        faults.failNextRefresh()

        #expect(try repository.entry(id: 1) == Fixtures.storedEntries[0])
        #expect(throws: StorageError.simulated(.refresh)) { try repository.recentEntries(limit: 10) }
        #expect(try repository.recentEntries(limit: 10).count == 3)
    }

    @Test func faultsForAnotherFeatureLeaveTheWeightsWorking() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.failEverySave(in: .settings)
        faults.failToOpen(in: FeatureID("habits"))

        _ = try repository.insert(Fixtures.newEntries[0])

        faults.failNextSave(in: .weights)
        #expect(throws: StorageError.simulated(.save)) { try repository.insert(Fixtures.newEntries[1]) }
        #expect(try repository.recentEntries(limit: 10).count == 1)
    }

    @Test func aLostAcknowledgementKeepsTheWrite() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.loseNextAcknowledgement()

        #expect(throws: StorageError.ioError) { try repository.insert(Fixtures.newEntries[0]) }

        #expect(try repository.entry(savedFrom: Fixtures.newEntries[0].draftID) != nil)
        #expect(repository.writeCount == 1)
    }

    @Test func aSeededRepositoryContinuesAfterTheHighestID() throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let next = try repository.insert(Fixtures.newEntry("draft-d"))
        #expect(try next.written.id == 4)
    }
}

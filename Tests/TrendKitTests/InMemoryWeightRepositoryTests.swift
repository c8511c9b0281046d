import Testing
import TrendKit

@Suite struct InMemoryWeightRepositoryTests {
    @Test func failNextSaveFailsOneWriteOnly() async throws {
        let repository = InMemoryWeightRepository()
        await repository.failNextSave(with: .diskFull(code: 13))

        await #expect(throws: StorageError.diskFull(code: 13)) { try await repository.insert(Fixtures.newEntries[0]) }
        _ = try await repository.insert(Fixtures.newEntries[0])

        #expect(try await repository.recentEntries(limit: 10).count == 1)
        #expect(await repository.writeCount == 1)
    }

    @Test func failEverySaveFailsEveryWriteUntilStopped() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        await repository.failEverySave()

        await #expect(throws: StorageError.simulated(.save)) { try await repository.insert(Fixtures.newEntries[0]) }
        await #expect(throws: StorageError.simulated(.save)) { try await repository.update(Fixtures.storedEntries[0]) }
        await #expect(throws: StorageError.simulated(.save)) { try await repository.delete(id: 1) }
        #expect(try await repository.recentEntries(limit: 10).count == 3)

        await repository.stopFailing()
        #expect(try await repository.delete(id: 1) == Fixtures.storedEntries[0])
    }

    @Test func failToOpenFailsReadsAndWritesAlike() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        await repository.failToOpen()

        await #expect(throws: StorageError.simulated(.open)) { try await repository.open() }
        await #expect(throws: StorageError.simulated(.open)) { try await repository.recentEntries(limit: 10) }
        await #expect(throws: StorageError.simulated(.open)) { try await repository.entry(id: 1) }
        await #expect(throws: StorageError.simulated(.open)) { try await repository.insert(Fixtures.newEntries[0]) }
        #expect(await repository.writeCount == 0)

        await repository.stopFailing()
        #expect(try await repository.recentEntries(limit: 10).count == 3)
    }

    @Test func aSeededRepositoryContinuesAfterTheHighestID() async throws {
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries)
        let next = try await repository.insert(
            NewWeightEntry(date: Fixtures.now, kilograms: 75, note: "", draftID: DraftID(rawValue: "draft-d")))
        #expect(next.entry.id == 4)
    }
}

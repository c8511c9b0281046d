import Testing
import TrendKit

@Suite struct FaultPlanTests {
    @Test func aOnceFaultIsConsumedByTheFirstCheck() {
        var plan = FaultPlan()
        plan.fail(.save, with: .diskFull(code: 13), .once)

        #expect(throws: StorageError.diskFull(code: 13)) { try plan.check(.save) }
        #expect(throws: Never.self) { try plan.check(.save) }
        #expect(plan == FaultPlan())
    }

    @Test func anAlwaysFaultStaysUntilCleared() {
        var plan = FaultPlan()
        plan.fail(.refresh, with: .simulated(.refresh), .always)

        #expect(throws: StorageError.simulated(.refresh)) { try plan.check(.refresh) }
        #expect(throws: StorageError.simulated(.refresh)) { try plan.check(.refresh) }
        #expect(throws: Never.self) { try plan.check(.save) }

        plan.clear()
        #expect(throws: Never.self) { try plan.check(.refresh) }
    }

    @Test func aLostAcknowledgementIsLostOnce() {
        var plan = FaultPlan()
        plan.loseNextAcknowledgement()

        #expect(throws: StorageError.ioError(code: 10)) { try plan.checkAcknowledgement() }
        #expect(throws: Never.self) { try plan.checkAcknowledgement() }
    }

    @Test func theSummaryNamesEveryFaultInForce() {
        var plan = FaultPlan()
        #expect(plan.summary.isEmpty)
        plan.fail(.save, with: .simulated(.save), .once)
        plan.fail(.open, with: .simulated(.open), .always)
        plan.loseNextAcknowledgement()

        #expect(plan.summary == ["open-failure (always)", "save-failure (once)", "lost acknowledgement (once)"])
    }

    @Test func aFaultInjectingRepositoryFailsWhereItsPlanSays() async throws {
        let base = InMemoryWeightRepository()
        let repository = FaultInjectingRepository(wrapping: base)
        await repository.update { $0.fail(.save, with: .readOnly(code: 8), .once) }

        await #expect(throws: StorageError.readOnly(code: 8)) { try await repository.insert(Fixtures.newEntries[0]) }
        #expect(await base.writeCount == 0)

        _ = try await repository.insert(Fixtures.newEntries[0])
        #expect(try await base.recentEntries(limit: 10).count == 1)
    }
}

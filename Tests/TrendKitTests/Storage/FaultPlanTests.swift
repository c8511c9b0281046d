import Testing
import TrendKit

@Suite struct FaultPlanTests {
    @Test func aOnceFaultIsConsumedByTheFirstCheck() {
        var plan = FaultPlan()
        plan.fail(.save, with: .diskFull, .once)

        #expect(throws: StorageError.diskFull) { try plan.check(.save, feature: .weights) }
        #expect(throws: Never.self) { try plan.check(.save, feature: .weights) }
        #expect(plan == FaultPlan())
    }

    @Test func anAlwaysFaultStaysUntilCleared() {
        var plan = FaultPlan()
        plan.fail(.refresh, with: .simulated(.refresh), .always)

        #expect(throws: StorageError.simulated(.refresh)) { try plan.check(.refresh, feature: .weights) }
        #expect(throws: StorageError.simulated(.refresh)) { try plan.check(.refresh, feature: .weights) }
        #expect(throws: Never.self) { try plan.check(.save, feature: .weights) }

        plan.clear()
        #expect(throws: Never.self) { try plan.check(.refresh, feature: .weights) }
        #expect(plan.isEmpty)
    }

    @Test func aLostAcknowledgementIsLostOnce() {
        var plan = FaultPlan()
        plan.loseNextAcknowledgement()
        #expect(plan.isEmpty == false)

        #expect(throws: StorageError.ioError) { try plan.checkAcknowledgement() }
        #expect(throws: Never.self) { try plan.checkAcknowledgement() }
        #expect(plan.isEmpty)
    }

    @Test func thePlanListsEveryFaultInForceInTheOrderSet() {
        var plan = FaultPlan()
        #expect(plan.isEmpty)
        plan.fail(.save, with: .simulated(.save), .once)
        plan.fail(.open, in: .weights, with: .simulated(.open), .always)
        plan.loseNextAcknowledgement()

        #expect(plan.faults.map(\.point) == [.save, .open])
        #expect(plan.faults.map(\.persistence) == [.once, .always])
        #expect(plan.faults.map(\.feature) == [nil, .weights])
        #expect(plan.faults.map(\.error) == [.simulated(.save), .simulated(.open)])
        #expect(plan.losesNextAcknowledgement)
    }

    @Test func aSecondFaultAtThePointAndFeatureReplacesTheFirst() {
        var plan = FaultPlan()
        plan.fail(.save, in: .weights, with: .diskFull, .always)
        plan.fail(.save, in: .weights, with: .readOnly, .once)

        #expect(plan.faults.count == 1)
        #expect(throws: StorageError.readOnly) { try plan.check(.save, feature: .weights) }
        #expect(throws: Never.self) { try plan.check(.save, feature: .weights) }
    }

    @Test func aFaultForOneFeatureLeavesTheOthersWorking() {
        var plan = FaultPlan()
        plan.fail(.save, in: .weights, with: .diskFull, .always)

        #expect(throws: Never.self) { try plan.check(.save, feature: .settings) }
        #expect(throws: Never.self) { try plan.check(.save, feature: FeatureID("habits")) }
        #expect(throws: StorageError.diskFull) { try plan.check(.save, feature: .weights) }
    }

    @Test func aFaultForEveryFeatureFailsEachOfThem() {
        var plan = FaultPlan()
        plan.fail(.open, with: .locked, .always)

        #expect(throws: StorageError.locked) { try plan.check(.open, feature: .weights) }
        #expect(throws: StorageError.locked) { try plan.check(.open, feature: .settings) }
        #expect(throws: StorageError.locked) { try plan.check(.open, feature: FeatureID("habits")) }
    }

    /// Plans were once compared by their summary text, which names the point and not the
    /// error: these two read the same and fail differently.
    @Test func plansThatFailWithDifferentErrorsAreNotEqual() {
        var diskFull = FaultPlan()
        diskFull.fail(.save, with: .diskFull, .once)
        var readOnly = FaultPlan()
        readOnly.fail(.save, with: .readOnly, .once)
        var diskFullAgain = FaultPlan()
        diskFullAgain.fail(.save, with: .diskFull, .once)

        #expect(diskFull != readOnly)
        #expect(diskFull == diskFullAgain)
    }

    @Test func plansThatFailDifferentFeaturesOrForDifferentSpansAreNotEqual() {
        var everyFeature = FaultPlan()
        everyFeature.fail(.save, with: .diskFull, .once)
        var weightsOnly = FaultPlan()
        weightsOnly.fail(.save, in: .weights, with: .diskFull, .once)
        var always = FaultPlan()
        always.fail(.save, with: .diskFull, .always)

        #expect(everyFeature != weightsOnly)
        #expect(everyFeature != always)
    }

    @Test @MainActor func theInjectorsHelpersSetTheFaultsTheyName() {
        let faults = FaultInjector()
        faults.failNextSave(with: .diskFull, in: .weights)
        faults.failEverySave(in: .settings)
        faults.failToOpen()
        faults.failNextRefresh()
        faults.loseNextAcknowledgement()

        var expected = FaultPlan()
        expected.fail(.save, in: .weights, with: .diskFull, .once)
        expected.fail(.save, in: .settings, with: .simulated(.save), .always)
        expected.fail(.open, with: .simulated(.open), .always)
        expected.fail(.refresh, with: .simulated(.refresh), .once)
        expected.loseNextAcknowledgement()
        #expect(faults.plan == expected)

        faults.stopFailing()
        #expect(faults.plan == FaultPlan())
    }

    @Test @MainActor func anInMemoryRepositoryFailsWhereItsInjectorSays() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        faults.update { $0.fail(.save, with: .readOnly, .once) }

        #expect(throws: StorageError.readOnly) { try repository.insert(Fixtures.newEntries[0]) }
        #expect(repository.writeCount == 0)

        _ = try repository.insert(Fixtures.newEntries[0])
        #expect(try repository.recentEntries(limit: 10).count == 1)
    }
}

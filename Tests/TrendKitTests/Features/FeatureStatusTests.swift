import Testing
import TrendKit

@MainActor
@Suite struct FeatureStatusTests {
    @Test func theWeightLogReportsItsLoadStateAndRetainedError() {
        let faults = FaultInjector()
        let log = Fixtures.log(repository: InMemoryWeightRepository(faults: faults))
        let status: any FeatureStatus = log
        #expect(status.featureID == .weights)
        #expect(status.featureLoadState == .idle)

        faults.failNextRefresh()
        log.refresh()
        #expect(status.featureLoadState == .failed)
        #expect(status.retainedError == .storage(.simulated(.refresh)))

        log.refresh()
        #expect(status.featureLoadState == .ready)
        #expect(status.retainedError == nil)
    }

    @Test func settingsHaveNothingToLoadAndReportTheirRetainedError() throws {
        let settings = SettingsFeature(store: InMemorySettingsStore(failsToSave: true))
        let status: any FeatureStatus = settings
        #expect(status.featureID == .settings)
        #expect(status.featureLoadState == nil)

        #expect(throws: TrendError.settings(.simulated)) { try settings.set(.unit, to: "lb") }
        #expect(status.retainedError == .settings(.simulated))
    }

    @Test func everyFeatureHasItsOwnName() {
        #expect(FeatureID.weights != FeatureID.settings)
        #expect(FeatureID.weights.description == "weights")
        #expect(FeatureID.settings.rawValue == "settings")
    }
}

import FoundationEssentials
import Testing
import TrendKit
import TrendPostgres

/// The engines the history's SQL runs on: a step photographed, undone and redone on each.
enum HistoryEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    var testDescription: String { rawValue }

    @MainActor
    func store() throws -> any RecordStore {
        switch self {
        case .sqlite: return Store(location: .memory, schema: .trendsh)
        case .postgresql: return try ServerStore.fresh()
        }
    }
}

@MainActor
@Suite struct HistoryEnginesTests {
    @Test(arguments: HistoryEngine.allCases)
    func undoAndRedoOfAMeasurementPutBackTheEntryExactly(engine: HistoryEngine) throws {
        let store = try engine.store()
        let weights = SQLWeightRepository(store: store)
        let history = SQLHistoryRepository(store: store)
        let saved = try weights.insert(Fixtures.newEntries[0]).written
        let amended = try weights.amend(
            EntryAmendment(
                id: saved.id, newValue: .measure(KindID("waist"), 80.5), expectedRevision: saved.revision,
                operation: .make(), latestWeighingDate: Fixtures.now))
        guard case .amended(_, let after) = amended else {
            Issue.record("expected the entry amended, got \(amended)")
            return
        }

        #expect(try history.undo(step: nil, operation: .make(), held: .none).appliedStep?.kind == .amend)
        #expect(try weights.entry(id: saved.id)?.measurements == [:])
        #expect(try history.redo(step: nil, operation: .make(), held: .none).appliedStep?.kind == .amend)
        #expect(try weights.entry(id: saved.id)?.measurements == after.measurements)
    }

    @Test(arguments: HistoryEngine.allCases)
    func undoingADeleteBringsTheEntryBackWithItsID(engine: HistoryEngine) throws {
        let store = try engine.store()
        let weights = SQLWeightRepository(store: store)
        let history = SQLHistoryRepository(store: store)
        let saved = try weights.insert(Fixtures.newEntries[1]).written
        _ = try weights.delete(id: saved.id, expectedRevision: saved.revision, operation: .make())

        #expect(try history.undo(step: nil, operation: .make(), held: .none).appliedStep?.kind == .delete)

        let restored = try #require(try weights.entry(id: saved.id))
        #expect(restored.kilograms == saved.kilograms)
        #expect(restored.note == saved.note)
    }
}

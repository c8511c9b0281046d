import Testing
import TrendshTestSupport

@testable import TrendKit

/// An import whose save finds no new row writes nothing (issue 21): no history step, so the
/// redo list stays, no record in `operations`, and not a page of the store.
@MainActor
@Suite struct ImportNothingNewTests {
    @Test func aSaveThatAddsNoRowWritesNothingAtAll() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(ImportSaveTests.rows(3), named: "a.csv")
        _ = try harness.importer.save(try harness.previewed([file]).0)
        let history = SQLHistoryRepository(store: harness.store)
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        let before = try other.integer("PRAGMA data_version")
        let (again, preview) = try harness.previewed([file])
        #expect(preview.newCount == 0)

        #expect(try harness.importer.save(again) == .nothingNew(ImportCounts(duplicates: 3)))

        #expect(try other.integer("PRAGMA data_version") == before, "no transaction committed")
        #expect(try history.steps(limit: 10).map(\.kind) == [.import])
        #expect(try other.integer("SELECT count(*) FROM operations WHERE kind = 'import'") == 1)
        #expect(try harness.importer.savedImport(again.id) == nil, "a retry reads the files again")
        #expect(try harness.importer.save(again) == .nothingNew(ImportCounts(duplicates: 3)))
    }

    /// A step undone before the import stays redoable: a save that adds nothing is no new change.
    @Test func aSaveThatAddsNoRowKeepsTheRedoList() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(ImportSaveTests.rows(2), named: "a.csv")
        _ = try harness.importer.save(try harness.previewed([file]).0)
        let weights = SQLWeightRepository(store: harness.store)
        _ = try weights.insert(Fixtures.newEntry("x", kilograms: 75))
        let history = SQLHistoryRepository(store: harness.store)
        _ = try history.undo(step: nil, operation: .make())

        #expect(try harness.importer.save(try harness.previewed([file]).0) == .nothingNew(ImportCounts(duplicates: 2)))

        #expect(try history.nextToRedo()?.kind == .save)
    }
}

import Testing
import TrendshTestSupport

@testable import TrendKit

/// Version 6 rebuilds `changes` without its two indexes (a save writes two pages fewer): a
/// version 5 store keeps every step, its number, whether it is undone, and the counter, so no
/// step number is ever given twice.
@MainActor
@Suite struct HistoryMigrationTests {
    @Test func aVersionFiveHistoryIsKeptWholeAndStepNumbersAreNeverGivenTwice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionFive = Schema(Schema.trendsh.migrations.filter { $0.version <= 5 })
        let old = Store(location: .file(path: path), schema: versionFive)
        let oldWeights = SQLiteWeightRepository(store: old)
        let oldHistory = SQLiteHistoryRepository(store: old)
        for (index, kilograms) in [75.0, 76, 77, 78].enumerated() {
            _ = try oldWeights.insert(Fixtures.newEntry("e\(index)", kilograms: kilograms, daysAgo: Double(4 - index)))
        }
        #expect(try oldHistory.undo(step: nil, operation: .make()).appliedStep?.id == 4)
        // Step 4 is undone; take the newest step (4) out by hand, so the counter (4) is past
        // every step left, as a trimmed history can leave it.
        try old.write(.history) { db throws(StorageError) in
            try db.run("DELETE FROM change_rows WHERE change = 4")
            try db.run("DELETE FROM entry_images WHERE change = 4")
            try db.run("DELETE FROM changes WHERE id = 4")
        }
        _ = try oldHistory.undo(step: nil, operation: .make())
        let before = try oldHistory.steps(limit: 10)
        #expect(before.map(\.id) == [3, 2, 1])
        #expect(before.map(\.isUndone) == [true, false, false])
        old.close()

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        #expect(try fixture.history.steps(limit: 10) == before)
        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        // Its one index is partial: the undone steps alone, which a save never writes, and
        // the test every save makes (is anything undone?) reads it instead of the table.
        #expect(
            try other.rows("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'changes'").map { $0[0] }
                == ["changes_undone"])
        let plan = try other.rows("EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM changes WHERE undone = 1)")
        #expect(plan.contains { row in row.contains { $0?.contains("INDEX changes_undone") == true } }, "\(plan)")
        #expect(try other.integer("SELECT seq FROM sqlite_sequence WHERE name = 'changes'") == 4)

        // The next step is 5, not 4 again; redo of 3 was cleared by it, and undo goes on working.
        _ = try fixture.save("e4", kilograms: 79)
        #expect(try fixture.history.steps(limit: 10).map(\.id) == [5, 2, 1])
        #expect(try fixture.undo().appliedStep?.id == 5)
        #expect(try fixture.undo().appliedStep?.id == 2)
        #expect(try fixture.entries().map(\.kilograms) == [75])
    }
}

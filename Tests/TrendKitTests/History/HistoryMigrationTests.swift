import Testing
import TrendshTestSupport

@testable import TrendKit

/// Version 6 rebuilds `changes` with a partial index instead of two, and with room for a step's
/// first row (a save writes four pages fewer): a version 5 store keeps every step, its number,
/// whether it is undone, its rows where version 5 put them, and the counter, so no step number
/// is ever given twice.
@MainActor
@Suite struct HistoryMigrationTests {
    /// Entry `id` as the version 5 store below holds it (3 only in the photograph of its save).
    static func entry(_ id: Int64) -> WeightEntry {
        WeightEntry(
            id: id, date: StoredTime.date("2026-11-2\(4 + id)T08:00:00.000Z") ?? .distantPast,
            kilograms: 74 + Double(id), note: "", draftID: DraftID(rawValue: "e\(id - 1)"), revision: 1)
    }

    @Test func aVersionFiveHistoryIsKeptWholeAndStepNumbersAreNeverGivenTwice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionFive = Schema(Schema.trendsh.migrations.filter { $0.version <= 5 })
        let old = Store(location: .file(path: path), schema: versionFive)
        // What trendsh 0.5 left after saving entries 1–3 and undoing the save of 3, with the
        // counter past every step (a step 4 was made and is gone): every step's rows in
        // change_rows, from position 0.
        try old.write(.history) { db throws(StorageError) in
            try db.execute(
                """
                INSERT INTO entries (id, taken_at, kilograms, note, draft_id, revision) VALUES
                    (1, '2026-11-25T08:00:00.000Z', 75, '', 'e0', 1),
                    (2, '2026-11-26T08:00:00.000Z', 76, '', 'e1', 1);
                INSERT INTO operations (id, feature, kind, target, revision, applied_at) VALUES
                    ('e0', 'weights', 'insert', 1, 1, '2026-11-25T08:00:00.000Z'),
                    ('e1', 'weights', 'insert', 2, 1, '2026-11-26T08:00:00.000Z'),
                    ('e2', 'weights', 'insert', 3, 1, '2026-11-27T08:00:00.000Z');
                INSERT INTO changes (id, operation, feature, kind, subject, made_at, undone) VALUES
                    (1, 'e0', 'weights', 'save', '', '2026-11-25T08:00:00.000Z', 0),
                    (2, 'e1', 'weights', 'save', '', '2026-11-26T08:00:00.000Z', 0),
                    (3, 'e2', 'weights', 'save', '', '2026-11-27T08:00:00.000Z', 1);
                INSERT INTO change_rows (change, position, row_table, row_key, before_exists, after_exists, last_revision)
                VALUES (1, 0, 'entries', '1', 0, 1, 1), (2, 0, 'entries', '2', 0, 1, 1), (3, 0, 'entries', '3', 0, 1, 2);
                INSERT INTO entry_images (change, position, side, id, taken_at, kilograms, note, draft_id, revision)
                VALUES (1, 0, 1, 1, '2026-11-25T08:00:00.000Z', 75, '', 'e0', 1),
                    (2, 0, 1, 2, '2026-11-26T08:00:00.000Z', 76, '', 'e1', 1),
                    (3, 0, 1, 3, '2026-11-27T08:00:00.000Z', 77, '', 'e2', 1);
                UPDATE sqlite_sequence SET seq = 4 WHERE name = 'changes';
                UPDATE sqlite_sequence SET seq = 3 WHERE name = 'entries';
                """)
        }
        old.close()

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        let before = try fixture.history.steps(limit: 10)
        #expect(before.map(\.id) == [3, 2, 1])
        #expect(before.map(\.isUndone) == [true, false, false])
        #expect(before.map(\.kind) == [.save, .save, .save])
        #expect(before.map(\.after) == [3, 2, 1].map { id in .entry(Self.entry(id)) })
        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        // Its indexes start with the person (since format 18): one of each person's steps,
        // and a partial one of their undone steps alone, which a save never writes, and which
        // the test every save makes (is anything of theirs undone?) reads instead of the table.
        #expect(
            try other.rows(
                "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'changes' ORDER BY name"
            ).map { $0[0] } == ["changes_by_person", "changes_undone"])
        let plan = try other.rows(
            "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM changes WHERE person = 'me' AND undone = 1)")
        #expect(
            plan.contains { row in row.contains { $0?.contains("COVERING INDEX changes_undone") == true } }, "\(plan)")
        #expect(try other.integer("SELECT seq FROM sqlite_sequence WHERE name = 'changes'") == 4)

        // The next step is 5, not 4 again; redo of 3 was cleared by it, and undo goes on working.
        let e4 = try fixture.save("e4", kilograms: 79)
        #expect(try fixture.history.steps(limit: 10).map(\.id) == [5, 2, 1])
        // A step of one row keeps it in its own row: nothing in change_rows. The steps made
        // before keep theirs in change_rows, and both kinds undo below.
        #expect(try other.rows("SELECT row_table, row_key FROM changes WHERE id = 5") == [["entries", "\(e4.id)"]])
        #expect(try other.integer("SELECT count(*) FROM change_rows WHERE change = 5") == 0)
        #expect(try other.integer("SELECT count(*) FROM change_rows WHERE change = 2") == 1)
        #expect(try fixture.undo().appliedStep?.id == 5)
        #expect(try fixture.undo().appliedStep?.id == 2)
        #expect(try fixture.entries().map(\.kilograms) == [75])
    }
}

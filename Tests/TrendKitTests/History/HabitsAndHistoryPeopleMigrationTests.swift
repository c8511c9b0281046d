import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Formats 17 and 18 give a store's habits, done days, history and operations to its first
/// person: a format 16 store keeps every habit, id, day, step, photograph and counter, undo
/// and redo go on working on them, and a second person starts with none of them.
@MainActor
@Suite struct HabitsAndHistoryPeopleMigrationTests {
    /// What trendsh at format 16 left after adding "Run" (step 1), marking it done (step 2),
    /// and adding "Walk" (step 3, then undone), with the counters past habits and steps made
    /// and gone since.
    static let formatSixteenRows = """
        INSERT INTO habits (id, name, name_key, created_at, draft_id, revision) VALUES
            (1, 'Run', 'run', '2026-11-25T08:00:00.000Z', 'h1', 1);
        INSERT INTO completions (habit_id, day, recorded_at) VALUES (1, '2026-11-26', '2026-11-26T08:00:00.000Z');
        INSERT INTO operations (id, feature, kind, target, revision, applied_at, detail) VALUES
            ('h1', 'habits', 'add', 1, NULL, '2026-11-25T08:00:00.000Z', NULL),
            ('d1', 'habits', 'done', 1, NULL, '2026-11-26T08:00:00.000Z', '2026-11-26'),
            ('h2', 'habits', 'add', 4, NULL, '2026-11-27T08:00:00.000Z', NULL),
            ('u1', 'habits', 'undo', 3, NULL, '2026-11-27T09:00:00.000Z', NULL);
        INSERT INTO changes (id, operation, feature, kind, subject, made_at, undone, row_table, row_key,
            before_exists, after_exists, last_revision, undone_order) VALUES
            (1, 'h1', 'habits', 'habit-add', 'Run', '2026-11-25T08:00:00.000Z', 0, 'habits', '1', 0, 1, 1, NULL),
            (2, 'd1', 'habits', 'habit-done', 'Run', '2026-11-26T08:00:00.000Z', 0, 'completions', '1 2026-11-26', 0, 1, 0, NULL),
            (3, 'h2', 'habits', 'habit-add', 'Walk', '2026-11-27T08:00:00.000Z', 1, 'habits', '4', 0, 1, 1, 1);
        INSERT INTO habit_images (change, position, side, id, name, name_key, created_at, draft_id, revision) VALUES
            (1, 0, 1, 1, 'Run', 'run', '2026-11-25T08:00:00.000Z', 'h1', 1),
            (3, 0, 1, 4, 'Walk', 'walk', '2026-11-27T08:00:00.000Z', 'h2', 1);
        INSERT INTO completion_images (change, position, side, habit_id, day, recorded_at) VALUES
            (2, 0, 1, 1, '2026-11-26', '2026-11-26T08:00:00.000Z');
        UPDATE sqlite_sequence SET seq = 4 WHERE name = 'habits';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'habits', 4 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'habits');
        UPDATE sqlite_sequence SET seq = 6 WHERE name = 'changes';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'changes', 6 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'changes');
        """

    /// A format 16 store at `path` whose first person is alice, holding `formatSixteenRows`.
    static func makeFormatSixteenStore(at path: String) throws {
        let sixteen = Schema(Schema.trendsh.migrations.filter { $0.version <= 16 })
        let old = Store(
            location: .file(path: path), schema: sixteen,
            person: PersonRequest(name: TwoPeopleFixture.aliceName, source: .named))
        try old.write(.history) { db throws(StorageError) in try db.execute(formatSixteenRows) }
        old.close()
    }

    @Test func aFormatSixteenStoresHabitsAndHistoryBecomeItsFirstPersons() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeFormatSixteenStore(at: path)
        #expect(try OtherProgramConnection(path: path).integer("PRAGMA user_version") == 16)

        let alice = TwoPeopleFixture.Session(TwoPeopleFixture.aliceName, at: path)
        defer { alice.store.close() }
        let run = try #require(try alice.habits.habits().first)
        #expect(run.id == 1)
        #expect(run.name == "Run")
        #expect(run.doneDays == [try #require(DayText.dayNumber("2026-11-26"))])
        #expect(try alice.history.steps(limit: 10).map(\.id) == [3, 2, 1])
        #expect(try alice.history.listing(limit: 10).nextToRedo == 3)
        #expect(try alice.history.operationApplied(OperationID(rawValue: "d1")))

        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        #expect(try other.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try other.integrity() == "ok")
        for table in [
            "habits", "completions", "changes", "habit_images", "completion_images", "operations",
        ] {
            #expect(try other.rows("SELECT DISTINCT person FROM \(table)") == [["alice"]], "\(table)")
        }
        // The done days still refer to the habits (and go with a habit a program deletes, below).
        #expect(
            try other.rows("SELECT \"table\", \"to\" FROM pragma_foreign_key_list('completions')") == [
                ["habits", "id"]
            ])
        #expect(try other.integer("SELECT seq FROM sqlite_sequence WHERE name = 'habits'") == 4)
        #expect(try other.integer("SELECT seq FROM sqlite_sequence WHERE name = 'changes'") == 6)
        #expect(try other.integer("SELECT count(*) FROM sqlite_sequence WHERE name LIKE '%_v17'") == 0)

        // Redo and undo go on working on the steps made before, and the counters go on.
        #expect(try alice.redo().appliedStep?.subject == "Walk")
        #expect(try alice.habits.habits().map(\.id) == [1, 4])
        #expect(try other.rows("SELECT person FROM habits WHERE id = 4") == [["alice"]])
        #expect(try alice.undo().appliedStep?.id == 3)
        #expect(try alice.undo().appliedStep?.id == 2)
        #expect(try alice.habits.habits().map(\.doneDays) == [[]])
        let swim = try alice.add("Swim")
        #expect(swim.id == 5)
        #expect(try alice.history.steps(limit: 10).first?.id == 7)

        // A second person starts with none of it, and may have a habit called Run too.
        #expect(try alice.store.addPerson(TwoPeopleFixture.bobName))
        let bob = TwoPeopleFixture.Session(TwoPeopleFixture.bobName, at: path)
        defer { bob.store.close() }
        #expect(try bob.habits.habits().isEmpty)
        #expect(try bob.history.steps(limit: 10).isEmpty)
        #expect(try bob.undo().refusal == .nothingToUndo)
        #expect(try !bob.history.operationApplied(OperationID(rawValue: "d1")))
        let his = try bob.add("Run")
        #expect(try bob.markDone(his) == .changed)
        #expect(try alice.habits.habits().map(\.name) == ["Run", "Swim"])

        try other.execute("PRAGMA foreign_keys = ON; DELETE FROM habits WHERE id = \(his.id)")
        #expect(try other.integer("SELECT count(*) FROM completions") == 0)
    }
}

import Testing
import TrendKit

/// The store's own guarantees, tested without the repositories: a row that repeats an identity
/// kept for exactly-once is refused by SQLite itself. The repositories look a draft or an
/// operation up before they write, which would hide a missing `UNIQUE`; a second session, an
/// older trendsh or a hand-written row meets only the constraint.
@MainActor
@Suite struct SchemaGuaranteeTests {
    /// One identity the schema keeps unique: a first row, then a second row that repeats it
    /// and differs in everything else the constraint allows.
    struct Identity: Sendable, CustomTestStringConvertible {
        var name: String
        var feature: FeatureID
        var first: String
        var repeated: String
        /// The constraint SQLite names when it refuses the second row.
        var constraint: String

        var testDescription: String { name }
    }

    nonisolated static let identities: [Identity] = [
        Identity(
            name: "an entry's draft",
            feature: .weights,
            first: """
                INSERT INTO entries (taken_at, kilograms, note, draft_id)
                VALUES ('2026-11-28T08:00:00.000Z', 75, 'first', 'draft-a')
                """,
            repeated: """
                INSERT INTO entries (taken_at, kilograms, note, draft_id)
                VALUES ('2026-11-29T08:00:00.000Z', 76, 'second', 'draft-a')
                """,
            constraint: "entries.draft_id"),
        Identity(
            name: "a habit's draft",
            feature: .habits,
            first: """
                INSERT INTO habits (name, name_key, created_at, draft_id)
                VALUES ('Run', 'run', '2026-11-28T08:00:00.000Z', 'draft-h')
                """,
            repeated: """
                INSERT INTO habits (name, name_key, created_at, draft_id)
                VALUES ('Swim', 'swim', '2026-11-29T08:00:00.000Z', 'draft-h')
                """,
            constraint: "habits.draft_id"),
        Identity(
            name: "a habit's name, whatever its case",
            feature: .habits,
            first: """
                INSERT INTO habits (name, name_key, created_at, draft_id)
                VALUES ('Run', 'run', '2026-11-28T08:00:00.000Z', 'draft-1')
                """,
            repeated: """
                INSERT INTO habits (name, name_key, created_at, draft_id)
                VALUES ('RUN', 'run', '2026-11-29T08:00:00.000Z', 'draft-2')
                """,
            constraint: "habits.person, habits.name_key"),
        Identity(
            name: "an applied operation",
            feature: .weights,
            first: """
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES ('operation-1', 'weights', 'update', 1, 2, '2026-11-28T08:00:00.000Z')
                """,
            repeated: """
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES ('operation-1', 'habits', 'delete', 7, NULL, '2026-11-29T08:00:00.000Z')
                """,
            constraint: "operations.id"),
        // A step is written with its operation's row, in one transaction: the operation's
        // key is what makes a second step of one operation impossible (`changes` has no
        // index of its own for it since version 6), and the step goes with the refused row.
        Identity(
            name: "a step of the history",
            feature: .history,
            first: """
                INSERT INTO changes (operation, feature, kind, subject, made_at)
                VALUES ('operation-1', 'weights', 'add', '#1', '2026-11-28T08:00:00.000Z');
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES ('operation-1', 'weights', 'insert', 1, 1, '2026-11-28T08:00:00.000Z')
                """,
            repeated: """
                INSERT INTO changes (operation, feature, kind, subject, made_at)
                VALUES ('operation-1', 'habits', 'rename', 'Run', '2026-11-29T08:00:00.000Z');
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES ('operation-1', 'habits', 'rename', 7, NULL, '2026-11-29T08:00:00.000Z')
                """,
            constraint: "operations.id"),
        Identity(
            name: "a habit's done day",
            feature: .habits,
            first: """
                INSERT INTO habits (id, name, name_key, created_at) VALUES (5, 'Run', 'run', '2026-11-28T08:00:00.000Z');
                INSERT INTO completions (habit_id, day, recorded_at) VALUES (5, '2026-11-28', '2026-11-28T08:00:00.000Z')
                """,
            repeated: """
                INSERT INTO completions (habit_id, day, recorded_at) VALUES (5, '2026-11-28', '2026-11-29T08:00:00.000Z')
                """,
            constraint: "completions.habit_id, completions.day"),
    ]

    @Test(arguments: identities)
    func aSecondRowWithTheSameIdentityIsRefusedByTheStoreItself(identity: Identity) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        defer { store.close() }
        try store.write(identity.feature) { db throws(StorageError) in try db.execute(identity.first) }
        let before = try OtherProgramConnection(path: path).rows(Self.contents)

        let error = #expect(throws: StorageError.self) {
            try store.write(identity.feature) { db throws(StorageError) in try db.execute(identity.repeated) }
        }

        #expect(error == .rejected(message: "UNIQUE constraint failed: \(identity.constraint)"))
        #expect(error?.retryMayHelp == false, "the same row is refused every time")
        #expect(try OtherProgramConnection(path: path).rows(Self.contents) == before, "nothing was written")
    }

    /// An imported entry has no draft: any number of them may be stored, since `UNIQUE`
    /// lets NULLs repeat.
    @Test func entriesWithoutADraftDoNotCollide() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        defer { store.close() }
        let insert = "INSERT INTO entries (taken_at, kilograms, draft_id) VALUES ('2026-11-28T08:00:00.000Z', 75, NULL)"

        try store.write(.weights) { db throws(StorageError) in
            try db.execute(insert)
            try db.execute(insert)
        }

        let withoutADraft = "SELECT count(*) FROM entries WHERE draft_id IS NULL"
        #expect(try OtherProgramConnection(path: path).integer(withoutADraft) == 2)
    }

    /// Every row a test above can write, one line per table, so "nothing was written" is checked
    /// across the tables and not only in the one refused.
    static let contents = """
        SELECT 'entries', count(*), group_concat(draft_id) FROM entries
        UNION ALL SELECT 'habits', count(*), group_concat(name) FROM habits
        UNION ALL SELECT 'completions', count(*), group_concat(recorded_at) FROM completions
        UNION ALL SELECT 'operations', count(*), group_concat(kind) FROM operations
        UNION ALL SELECT 'changes', count(*), group_concat(kind) FROM changes
        """
}

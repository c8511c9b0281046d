import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Format 13 makes adding or removing a kind an undo step (`kind_images`): a store of format 12
/// keeps its kinds, ids, counters, draft ids, revisions and the record of an undo
/// that a pending change waits to find, after the documented backup copy; from then on a
/// kind's add is a step that undo takes back.
@MainActor
@Suite struct KindsMigrationTests {
    static let neck = KindRecords.kind(
        id: KindID("neck"), name: "neck", quantity: .length, unit: .inches, range: 12.7...76.962, decimals: 2,
        hasTrend: false)

    @Test func aFormatTwelveStoreKeepsItsKindsIdsRevisionsHistoryAndAppliedUndo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionTwelve = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 12 }))
        // As format 12 held them, written in its own SQL (today's repositories write the
        // person columns of formats 14 to 18): a kind's row alone, no step; three entries,
        // the second with a value of the kind and a later revision, the third deleted (its
        // save kept by the trigger); and the record of an undo that landed, whose pending
        // change a killed session still holds.
        let pendingUndo = OperationID.make()
        try versionTwelve.write(.weights) { db throws(StorageError) in
            #expect(try KindRecords.insert(Self.neck, in: db))
            try db.execute(
                """
                INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES
                    ('2026-11-26T08:00:00.000Z', 80.0, '', 'a'), ('2026-11-27T08:00:00.000Z', 79.5, '', 'b'),
                    ('2026-11-28T08:00:00.000Z', 79.0, '', 'c');
                INSERT INTO measurements (entry_id, kind, value) VALUES (2, 'neck', 38.25);
                UPDATE entries SET revision = 2 WHERE id = 2;
                DELETE FROM entries WHERE id = 3;
                """)
            try db.run(
                """
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES (?, 'weights', 'undo', 1, NULL, '2026-11-28T09:00:00.000Z')
                """, [.text(pendingUndo.rawValue)])
        }
        versionTwelve.close()
        let before = try OtherProgramConnection(path: path)
        let counters = try before.rows(
            "SELECT name, seq FROM sqlite_sequence WHERE name IN ('entries', 'changes', 'habits') ORDER BY name")
        let entries = try before.rows("SELECT id, taken_at, kilograms, draft_id, revision FROM entries ORDER BY id")
        let operations = try before.rows("SELECT id, feature, kind, target FROM operations ORDER BY id")
        before.close()
        #expect(operations.count == 2)

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        let kinds = SQLKindRepository(store: fixture.store)
        #expect(try kinds.addedKinds() == [Self.neck])
        #expect(
            fixture.store.takeNotices().contains(
                .upgraded(from: 12, to: Schema.trendsh.latestVersion, backup: path + ".v12-backup")))
        #expect(try OtherProgramConnection(path: path + ".v12-backup").integer("PRAGMA user_version") == 12)
        let after = try OtherProgramConnection(path: path)
        defer { after.close() }
        #expect(try after.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        #expect(
            try after.rows(
                "SELECT name, seq FROM sqlite_sequence WHERE name IN ('entries', 'changes', 'habits') ORDER BY name")
                == counters)
        #expect(
            try after.rows("SELECT id, taken_at, kilograms, draft_id, revision FROM entries ORDER BY id") == entries)
        #expect(try after.rows("SELECT id, feature, kind, target FROM operations ORDER BY id") == operations)
        #expect(try after.rows("SELECT entry_id, kind, value FROM measurements") == [["2", "neck", "38.25"]])
        #expect(try after.rows("SELECT revision FROM kinds") == [["1"]])
        // Every row became the first person's, and the undo a pending change waits for is
        // found applied in their log, so it is not applied twice.
        let person = try #require(fixture.store.personName)
        #expect(try after.rows("SELECT DISTINCT person FROM entries UNION SELECT person FROM operations") == [[person]])
        let applied = try fixture.store.read(.weights) { db throws(StorageError) in
            try OperationLog.applied(pendingUndo, in: db)
        }
        #expect(applied != nil)

        // From now on a kind's add is a step, the first in the history.
        let calf = KindRecords.kind(
            id: KindID("calf"), name: "calf", quantity: .length, unit: .centimetres, range: 20...60, decimals: 1,
            hasTrend: false)
        #expect(try kinds.add(calf) == .added(calf))
        let added = try #require(try fixture.history.nextToUndo())
        #expect(added.kind == .kindAdd && added.id == 1 && added.after == .kind(calf))
        #expect(try fixture.undo().appliedStep?.id == 1)
        #expect(try kinds.addedKinds() == [Self.neck])
        #expect(try after.integrity() == "ok")
    }
}

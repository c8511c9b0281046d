import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Format 11 rebuilds `entries` (its weight may now be missing) and `entry_images` (which
/// gain measurements): a store of format 10 keeps its ids, the counter that never gives an id
/// twice, draft ids, revisions and history steps, after the documented backup copy.
@MainActor
@Suite struct MeasurementsMigrationTests {
    @Test func aFormatTenStoreKeepsItsIdsDraftIdsRevisionsAndHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionTen = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 10 }))
        // Saved and amended as format 10 did; today's recorder photographs measurements and
        // names the person of every step, row and photograph, so the tables and columns it
        // reads and writes are there while it records, and gone before closing.
        try versionTen.write(.weights) { db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE measurements (entry_id INTEGER, kind TEXT, value REAL);
                ALTER TABLE entry_images ADD COLUMN measurements TEXT;
                ALTER TABLE entries ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE entry_images ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE changes ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE change_rows ADD COLUMN person TEXT NOT NULL DEFAULT '';
                """)
            for (name, kilograms) in [("a", 80.0), ("b", 79.5), ("c", 79.0)] {
                let new = Fixtures.newEntry(name, kilograms: kilograms)
                var step = try ChangeRecorder.begin(.save, feature: .weights, operation: new.draftID.operation, in: db)
                try db.run(
                    "INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES (?, ?, ?, ?)",
                    [.text(StoredTime.text(new.date)), .real(kilograms), .text(""), .text(new.draftID.rawValue)])
                step.didAdd(.entries, .id(db.lastInsertRowID))
                try step.finish()
            }
            var amend = try ChangeRecorder.begin(.amend, feature: .weights, operation: .make(), in: db)
            try amend.willChange(.entries, .id(2))
            try db.run("UPDATE entries SET kilograms = 78.5, revision = revision + 1 WHERE id = 2")
            try amend.finish()
            try db.execute(
                """
                DELETE FROM entries WHERE id = 3;
                DROP TABLE measurements;
                ALTER TABLE entry_images DROP COLUMN measurements;
                ALTER TABLE entries DROP COLUMN person;
                ALTER TABLE entry_images DROP COLUMN person;
                ALTER TABLE changes DROP COLUMN person;
                ALTER TABLE change_rows DROP COLUMN person;
                """)
        }
        versionTen.close()

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        let entries = try fixture.entries()
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries.map(\.kilograms) == [80, 78.5])
        #expect(entries.map(\.revision) == [1, 2])
        #expect(entries.map(\.draftID?.rawValue) == ["a", "b"])
        #expect(
            fixture.store.takeNotices().contains(
                .upgraded(from: 10, to: Schema.trendsh.latestVersion, backup: path + ".v10-backup")))
        #expect(try OtherProgramConnection(path: path + ".v10-backup").integer("PRAGMA user_version") == 10)
        // The counter goes on from the deleted entry's id: #3 is never given again.
        #expect(try fixture.save("d", kilograms: 77).id == 4)
        // A retry of a draft saved before the upgrade finds its entry.
        #expect(try fixture.weights.insert(Fixtures.newEntry("a", kilograms: 80)).written.id == 1)
        // Steps made before the upgrade undo and redo: the save of #4, then the amend of #2.
        #expect(try fixture.undo().appliedStep != nil)
        #expect(try fixture.undo().appliedStep != nil)
        #expect(try fixture.entries().map(\.kilograms) == [80, 79.5])
        #expect(try fixture.redo().appliedStep != nil)
        #expect(try fixture.entries().map(\.kilograms) == [80, 78.5])
        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        #expect(try other.integrity() == "ok")
        #expect(try other.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(
            try other.rows("SELECT name FROM pragma_table_info('entries') WHERE \"notnull\" = 1").map { $0[0] } == [
                "taken_at", "note", "revision", "person",
            ])
    }
}

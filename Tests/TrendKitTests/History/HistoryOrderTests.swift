import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// What the history holds and in which order undo and redo take its steps when changes land
/// out of order (issue 21): redo takes the step undone last, whatever its number; the history
/// is the newest hundred steps, not step numbers; an amend that changes nothing is no step.
@MainActor
@Suite struct HistoryOrderTests {
    /// Step 2 is undone under step 3 (a pending undo retried after another session's save),
    /// then step 3 by a plain undo: redo brings back 3, then 2, and the listing agrees.
    @Test func redoTakesTheStepUndoneLastWhateverItsNumber() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))
        _ = try fixture.save("b", kilograms: 60)
        #expect(try fixture.undo(2).appliedStep?.id == 2)

        var listing = try fixture.history.listing(limit: 10)
        #expect(listing.steps.map(\.id) == [3, 2, 1])
        #expect(listing.steps.map(\.isUndone) == [false, true, false])
        #expect(listing.nextToUndo == 3)
        #expect(listing.nextToRedo == 2)
        #expect(try fixture.history.nextToRedo()?.id == 2)

        #expect(try fixture.undo().appliedStep?.id == 3)
        listing = try fixture.history.listing(limit: 10)
        #expect(listing.nextToUndo == 1)
        #expect(listing.nextToRedo == 3, "step 3 was undone last")
        #expect(try fixture.redo().appliedStep?.id == 3)
        #expect(try fixture.redo().appliedStep?.id == 2)
        #expect(try fixture.redo().refusal == .nothingToRedo)
        #expect(try fixture.entries().map(\.kilograms) == [76, 60])
    }

    /// A store made before the order was recorded (format 7): its undone steps are numbered
    /// from their undos' times, a newer step counting as undone first where times are equal
    /// (as a fast run of undos has them), so redo takes 3, then 4, then 2 (undone earliest).
    @Test func undoneStepsOfAnOlderStoreAreRedoneInTheOrderTheyWereUndone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionSeven = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 7 }))
        // Saved as format 7 saved them: the row and its step, in the tables of that format
        // (today's repository keeps the per-day trend of a later format). Today's recorder
        // photographs an entry's measurements and person too, and names the step's person: the tables
        // and columns it reads and writes are there while it records, and gone again before
        // the store is closed.
        try versionSeven.write(.weights) { db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE measurements (entry_id INTEGER, kind TEXT, value REAL);
                ALTER TABLE entry_images ADD COLUMN measurements TEXT;
                ALTER TABLE changes ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE change_rows ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE entries ADD COLUMN person TEXT NOT NULL DEFAULT '';
                ALTER TABLE entry_images ADD COLUMN person TEXT NOT NULL DEFAULT '';
                """)
            for name in ["a", "b", "c", "d"] {
                let new = Fixtures.newEntry(name, kilograms: 70)
                var step = try ChangeRecorder.begin(.save, feature: .weights, operation: new.draftID.operation, in: db)
                try db.run(
                    "INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES (?, ?, ?, ?)",
                    [
                        .text(StoredTime.text(new.date)), new.kilograms.map(SQLValue.real) ?? .null, .text(new.note),
                        .text(new.draftID.rawValue),
                    ])
                step.didAdd(.entries, .id(db.lastInsertRowID))
                try step.finish()
            }
            try db.execute(
                """
                DROP TABLE measurements;
                ALTER TABLE entry_images DROP COLUMN measurements;
                ALTER TABLE changes DROP COLUMN person;
                ALTER TABLE change_rows DROP COLUMN person;
                ALTER TABLE entries DROP COLUMN person;
                ALTER TABLE entry_images DROP COLUMN person;
                """)
        }
        try versionSeven.write(.history) { db throws(StorageError) in
            try db.execute(
                """
                DELETE FROM entries WHERE id IN (2, 3, 4);
                UPDATE changes SET undone = 1 WHERE id IN (2, 3, 4);
                INSERT INTO operations (id, feature, kind, target, applied_at) VALUES
                    ('u2', 'weights', 'undo', 2, '2026-11-29T07:00:00.000Z'),
                    ('u4', 'weights', 'undo', 4, '2026-11-29T08:00:00.000Z'),
                    ('u3', 'weights', 'undo', 3, '2026-11-29T08:00:00.000Z');
                """)
        }
        versionSeven.close()

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        #expect(try fixture.history.listing(limit: 10).nextToRedo == 3)
        #expect(try fixture.redo().appliedStep?.id == 3)
        #expect(try fixture.redo().appliedStep?.id == 4)
        #expect(try fixture.redo().appliedStep?.id == 2)
        #expect(try fixture.entries().map(\.id) == [1, 2, 3, 4])
    }

    /// 100 saves, 99 undos and one save: the save clears steps 2–100, and step 1 is still one
    /// of the newest hundred steps the history holds.
    @Test func theHistoryIsTheNewestHundredStepsNotTheNewestHundredStepNumbers() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        for index in 0..<100 { _ = try fixture.save("e\(index)", kilograms: 70) }
        for _ in 0..<99 { #expect(try fixture.undo().appliedStep != nil) }
        _ = try fixture.save("last", kilograms: 80)

        #expect(try fixture.history.steps(limit: 1000).map(\.id) == [101, 1])
        #expect(try fixture.undo().appliedStep?.id == 101)
        #expect(try fixture.undo().appliedStep?.id == 1)
        #expect(try fixture.undo().refusal == .nothingToUndo)
    }

    /// With gaps in the numbers, the file still holds at most 50 steps past the newest hundred,
    /// and removes them together once 50 have gathered.
    @Test func stepsPastTheNewestHundredLeaveTheFileFiftyAtATimeWhateverTheirNumbers() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        func rowsInTheFile() throws -> Int64 {
            try fixture.store.read(.history) { db throws(StorageError) in try db.integer("SELECT count(*) FROM changes")
            }
        }
        for index in 0..<20 { _ = try fixture.save("e\(index)", kilograms: 70) }
        for _ in 0..<10 { _ = try fixture.undo() }
        for index in 0..<139 { _ = try fixture.save("f\(index)", kilograms: 71) }
        // 10 + 139 steps: 49 past the newest hundred wait in the file.
        #expect(try rowsInTheFile() == 149)
        #expect(try fixture.history.steps(limit: 1000).count == 100)
        #expect(try fixture.history.steps(limit: 1000).last?.id == 60)

        _ = try fixture.save("g", kilograms: 72)
        #expect(try rowsInTheFile() == 100)
        #expect(try fixture.history.steps(limit: 1000).last?.id == 61)
    }

    @Test func anAmendThatChangesNothingWritesNoStepNoRevisionAndNoOperation() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75, note: "n")
        let operation = OperationID.make()

        for value: EntryAmendment.NewValue in [.measure(.weight, 75), .note("n"), .date(saved.date)] {
            #expect(try fixture.amend(saved, value, operation: operation) == .unchanged(saved))
        }

        #expect(try fixture.history.steps(limit: 10).map(\.kind) == [.save])
        #expect(try fixture.entries().map(\.revision) == [1])
        #expect(try fixture.history.operationApplied(operation) == false)
        // A retry judges again, from the same revision: still nothing.
        #expect(try fixture.amend(saved, .measure(.weight, 75), operation: operation) == .unchanged(saved))
    }

    /// "Nothing changed" is judged once the amend it replaced has landed: 76 again after a
    /// landed 76 is nothing; 75 after it is a change; and 75 after one that never landed is nothing.
    @Test func anAmendIsJudgedAfterTheChangeItReplacedHasLanded() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        let landed = OperationID.make()
        try fixture.amend(saved, .measure(.weight, 76), operation: landed)
        func replacing(_ replaced: OperationID, with kilograms: Double) throws -> AmendOutcome {
            try fixture.weights.amend(
                EntryAmendment(
                    id: saved.id, newValue: .measure(.weight, kilograms), expectedRevision: saved.revision,
                    operation: .make(), replacedOperations: [replaced], latestWeighingDate: Fixtures.now))
        }

        guard case .unchanged(let entry) = try replacing(landed, with: 76) else {
            Issue.record("76 over the landed 76 was written")
            return
        }
        #expect(entry.revision == 2)
        guard case .amended(_, let after) = try replacing(landed, with: 75) else {
            Issue.record("75 over the landed 76 was not written")
            return
        }
        #expect(after.kilograms == 75)
        let current = try #require(try fixture.entries().first)
        #expect(
            try fixture.weights.amend(
                EntryAmendment(
                    id: saved.id, newValue: .measure(.weight, 75), expectedRevision: current.revision,
                    operation: .make(),
                    replacedOperations: [.make()], latestWeighingDate: Fixtures.now)) == .unchanged(current))
        #expect(try fixture.history.steps(limit: 10).map(\.kind) == [.amend, .amend, .save])
    }
}

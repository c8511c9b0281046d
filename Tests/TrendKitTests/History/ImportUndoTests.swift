import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// An import is one step of thousands of rows, undone and redone as one, in a few statements
/// for the lot: each leaves exactly the rows and the per-day trend that computing them afresh
/// gives, and a refusal (one row changed since) leaves every table as it was.
@MainActor
@Suite struct ImportUndoTests {
    /// Entries saved before the import, on days the import's rows fall on too.
    static let kept: [(time: String, kilograms: Double)] = [
        ("2026-06-01T07:30:00.000Z", 81.5), ("2026-09-15T07:30:00.000Z", 79.25), ("2026-11-01T07:30:00.000Z", 77),
    ]

    /// A store with the `kept` entries and an import of `rows` rows saved, and the history on it.
    @MainActor
    struct Imported {
        let harness: ExchangeHarness
        let weights: SQLWeightRepository
        let history: SQLHistoryRepository
        /// Every entry before the import, and after it, as `allEntries` reads them.
        let before: [[String?]]
        let after: [[String?]]

        init(rows: Int) throws {
            harness = try ExchangeHarness()
            weights = SQLWeightRepository(store: harness.store)
            history = SQLHistoryRepository(store: harness.store)
            for entry in ImportUndoTests.kept { try harness.seed(entry.time, kilograms: entry.kilograms) }
            before = try Self.allEntries(harness.storePath)
            let (draft, _) = try harness.previewed([try harness.file(ImportSaveTests.rows(rows), named: "a.csv")])
            #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: rows)))
            after = try Self.allEntries(harness.storePath)
        }

        /// Every entry, every column, by id.
        static func allEntries(_ path: String) throws -> [[String?]] {
            try OtherProgramConnection(path: path).rows(
                "SELECT id, taken_at, kilograms, note, draft_id, revision FROM entries ORDER BY id")
        }

        func entries() throws -> [[String?]] { try Self.allEntries(harness.storePath) }

        /// Every row of every table an undo or redo reads or writes.
        func everyTable() throws -> [[[String?]]] {
            let other = try OtherProgramConnection(path: harness.storePath)
            defer { other.close() }
            var tables: [[[String?]]] = []
            for table in [
                "entries ORDER BY id", "entry_images ORDER BY change, position, side", "changes ORDER BY id",
                "change_rows ORDER BY change, position", "operations ORDER BY id", "daily ORDER BY zone, day",
                "daily_pending ORDER BY rowid", "daily_zones ORDER BY id",
            ] {
                tables.append(try other.rows("SELECT * FROM \(table)"))
            }
            return tables
        }

        /// The store's tables, indexes and triggers, as SQLite keeps them.
        func schema() throws -> [[String?]] {
            try OtherProgramConnection(path: harness.storePath).rows(
                "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        }

        /// How many of the import's rows the history does not record at the revision they
        /// have now (`change_rows.last_revision`: the highest revision each is known to have had).
        func rowsRecordedAtAnotherRevision() throws -> Int64 {
            try OtherProgramConnection(path: harness.storePath).integer(
                """
                SELECT count(*) FROM change_rows r JOIN entries e ON e.id = CAST(r.row_key AS INTEGER)
                WHERE r.last_revision != e.revision
                """)
        }

        /// True when the per-day trend was brought up to date by the write itself and agrees
        /// with the trend computed afresh from the entries.
        func trendAgrees() throws -> Bool {
            let waiting = try OtherProgramConnection(path: harness.storePath).integer(
                "SELECT count(*) FROM daily_pending")
            return try waiting == 0
                && TrendFixtures.agree(
                    TrendFixtures.storedDays(harness.store),
                    InMemoryWeightRepository.days(of: TrendFixtures.storedEntries(weights)))
        }
    }

    /// The entries of `rows` with the revision of the imported ones (ids past the kept) set to `revision`.
    static func withRevision(_ rows: [[String?]], _ revision: Int) -> [[String?]] {
        rows.map { row in
            guard let id = row[0].flatMap({ Int($0) }), id > kept.count else { return row }
            return Array(row.dropLast()) + [String(revision)]
        }
    }

    /// 5,000 changed rows are counted into their days one by one; 6,000 rebuild the table.
    @Test(arguments: [5_000, 6_000])
    func undoRedoAndUndoAgainOfAnImportLeaveTheRowsAndTrendAFreshComputationGives(rows: Int) throws {
        let imported = try Imported(rows: rows)
        defer { imported.harness.directory.remove() }
        #expect(imported.after.count == rows + Self.kept.count)
        #expect(try imported.trendAgrees())
        // Whatever an undo or redo sets aside to write thousands of rows, it puts back as it was.
        let schema = try imported.schema()

        let undone = try imported.history.undo(step: nil, operation: .make())
        guard case .applied(let step, let rowsNow) = undone else {
            Issue.record("the undo was not applied: \(undone)")
            return
        }
        #expect(step.kind == .import && step.isUndone && step.rowCount == rows)
        #expect(rowsNow.isEmpty, "every row the import added is gone")
        #expect(try imported.entries() == imported.before, "the entries saved before are untouched")
        #expect(try imported.trendAgrees())
        #expect(try imported.schema() == schema)

        let redone = try imported.history.redo(step: nil, operation: .make())
        guard case .applied(let again, let back) = redone else {
            Issue.record("the redo was not applied: \(redone)")
            return
        }
        #expect(!again.isUndone)
        #expect(back.count == rows)
        // The same ids and values; a row put back gets a revision above any it had.
        #expect(try imported.entries() == Self.withRevision(imported.after, 2))
        #expect(back.allSatisfy { if case .entry(let entry) = $0 { entry.revision == 2 } else { false } })
        #expect(try imported.rowsRecordedAtAnotherRevision() == 0)
        #expect(try imported.trendAgrees())
        #expect(try imported.schema() == schema)

        #expect(try imported.history.undo(step: nil, operation: .make()).appliedStep?.kind == .import)
        #expect(try imported.entries() == imported.before)
        #expect(try imported.trendAgrees())
        #expect(try imported.history.redo(step: nil, operation: .make()).appliedStep?.kind == .import)
        #expect(try imported.entries() == Self.withRevision(imported.after, 3))
        #expect(try imported.rowsRecordedAtAnotherRevision() == 0)
        #expect(try imported.trendAgrees())
        #expect(try imported.schema() == schema)
    }

    /// Another program changes, or removes, one row in the middle of the import: the undo is
    /// refused, naming that row as the import left it and as it is now, and not one row of any
    /// table changes.
    @Test(arguments: ["UPDATE entries SET kilograms = 99.5 WHERE id = 2503", "DELETE FROM entries WHERE id = 2503"])
    func anUndoRefusedForOneChangedRowLeavesEverythingAsItWas(change: String) throws {
        let imported = try Imported(rows: 5_000)
        defer { imported.harness.directory.remove() }
        let other = try OtherProgramConnection(path: imported.harness.storePath)
        try other.execute(change)
        other.close()
        let tables = try imported.everyTable()

        let refused = try imported.history.undo(step: nil, operation: .make()).refusal
        guard case .changedSince(let step, let expected?, let now) = refused, case .entry(let left) = expected else {
            Issue.record("expected a refusal naming the changed row, got \(String(describing: refused))")
            return
        }
        #expect(step.kind == .import)
        #expect(left.id == 2503)
        if change.hasPrefix("UPDATE") {
            var changed = left
            changed.kilograms = 99.5
            #expect(now == .entry(changed))
        } else {
            #expect(now == nil)
        }
        #expect(try imported.everyTable() == tables, "nothing was written")
    }

    /// Amends of one imported row are newer steps: undoing the import waits for them, even
    /// once the row holds again what the import left, and names the newest; once they are
    /// undone, the import is undone whole.
    @Test func anUndoOfAnImportWaitsForNewerStepsThatChangedOneOfItsRows() throws {
        let imported = try Imported(rows: 5_000)
        defer { imported.harness.directory.remove() }
        let importStep = try #require(try imported.history.nextToUndo())
        let row = try #require(try imported.weights.entry(id: 1_000))
        for (note, revision) in [("amended", row.revision), (row.note, row.revision + 1)] {
            _ = try imported.weights.amend(
                EntryAmendment(
                    id: row.id, newValue: .note(note), expectedRevision: revision, operation: .make(),
                    latestWeighingDate: Fixtures.now))
        }
        let newest = try #require(try imported.history.nextToUndo())
        let tables = try imported.everyTable()

        let refused = try imported.history.undo(step: importStep.id, operation: .make()).refusal
        guard case .changedByNewerStep(let step, let newer, .entry(let now)?)? = refused else {
            Issue.record("expected a refusal naming the newest amend, got \(String(describing: refused))")
            return
        }
        #expect(step.id == importStep.id)
        #expect(newer.id == newest.id && newer.kind == .amend)
        #expect(now.id == 1_000 && now.note == row.note)
        #expect(try imported.everyTable() == tables, "nothing was written")

        for _ in 0..<2 { #expect(try imported.history.undo(step: nil, operation: .make()).appliedStep?.kind == .amend) }
        #expect(try imported.history.undo(step: nil, operation: .make()).appliedStep?.kind == .import)
        #expect(try imported.entries() == imported.before)
        #expect(try imported.trendAgrees())
    }
}

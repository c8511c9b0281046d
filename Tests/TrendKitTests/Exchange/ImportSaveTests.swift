import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `save` commits every new row of an import in one transaction, under the contract of any
/// save: a failure, wherever it strikes, writes nothing and keeps the draft; a retry writes
/// each row once; importing the same file again adds nothing; a file that changed after its
/// preview is refused.
@MainActor
@Suite struct ImportSaveTests {
    /// `count` rows, an hour apart, ending a day before the fixed clock.
    static func rows(_ count: Int, from start: Int = 0) -> String {
        var text = "date,kilograms,note\n"
        for index in start..<start + count {
            let date = Fixtures.now - Fixtures.day - Double(count + start - index) * Fixtures.hour
            text += "\(StoredTime.text(date)),\(60 + Double(index % 300) / 10),row \(index)\n"
        }
        return text
    }

    @Test func everyNewRowIsWrittenAndTheImportIsRecordedWithIt() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (draft, preview) = try harness.previewed([try harness.file(Self.rows(500), named: "a.csv")])
        #expect(preview.newCount == 500)
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 500)))
        #expect(try harness.count() == 500)
        let recorded = try OtherProgramConnection(path: harness.storePath).rows(
            "SELECT feature, kind, detail FROM operations WHERE id = '\(draft.id.rawValue)'")
        #expect(recorded == [["weights", "import", "500"]])
    }

    /// A few hundred rows are noted one by one; thousands rebuild the table, in the same transaction.
    @Test(arguments: [300, 6_000])
    func theImportsOwnTransactionBringsThePerDayTrendUpToDate(rows: Int) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (draft, _) = try harness.previewed([try harness.file(Self.rows(rows), named: "a.csv")])
        _ = try harness.importer.save(draft)
        // Nothing is left for a later read to catch up on: the days were counted, and the
        // trend computed, before the import committed.
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        #expect(try other.integer("SELECT count(*) FROM daily_pending") == 0)
        #expect(try other.integer("SELECT sum(entries) FROM daily") == Int64(rows))
        #expect(try other.rows("SELECT zone FROM daily_zones") == [[LocalCalendar.zoneIdentity()]])
        // The trigger the import set aside is back.
        #expect(
            try other.integer("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_added'")
                == 1)
        let days = InMemoryWeightRepository.days(
            of: try harness.store.read(.weights) { db throws(StorageError) in
                let rows = try db.statement("SELECT id, taken_at, kilograms, note, draft_id, revision FROM entries")
                var entries: [WeightEntry] = []
                while try rows.step() { entries.append(SQLWeightRepository.entry(from: rows)) }
                return entries
            })
        let stored = try other.rows("SELECT day, trend_kg FROM daily ORDER BY day")
        #expect(stored.count == days.count)
        for (row, day) in zip(stored, days) {
            #expect(Int(row[0] ?? "") == day.day)
            #expect(abs((Double(row[1] ?? "") ?? 0) - day.point.trendKilograms) < 1e-9)
        }
    }

    @Test func aRetryAfterALostReplyWritesEachRowOnce() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (draft, _) = try harness.previewed([try harness.file(Self.rows(300), named: "a.csv")])
        harness.faults.loseNextAcknowledgement()
        #expect(throws: TrendError.storage(.ioError)) { try harness.importer.save(draft) }
        #expect(try harness.importer.save(draft) == .alreadySaved(added: 300))
        #expect(try harness.count() == 300)
    }

    @Test func importingTheSameFileAgainAddsNothing() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.rows(200), named: "a.csv")
        let (first, _) = try harness.previewed([file])
        _ = try harness.importer.save(first)
        let (second, preview) = try harness.previewed([file])
        #expect(preview.newCount == 0)
        #expect(preview.duplicateCount == 200)
        #expect(try harness.importer.save(second) == .nothingNew(ImportCounts(duplicates: 200)))
        #expect(try harness.count() == 200)
    }

    /// A row that repeats an earlier row of the same file is a duplicate however far apart
    /// they are: next to it (both still waiting for their batch's statement), or hundreds of
    /// rows later (the first long written).
    @Test func aRowRepeatedInsideOneFileIsAddedOnce() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        var lines = Self.rows(300).split(separator: "\n").map(String.init)
        // Rows 0 and 8 again, with other notes: two rows after row 0, some 240 rows after
        // row 8, and at the end.
        lines.insert(lines[1].replacingOccurrences(of: "row 0", with: "again"), at: 3)
        lines.insert(lines[10].replacingOccurrences(of: "row 8", with: "later"), at: 250)
        lines.append(lines[1].replacingOccurrences(of: "row 0", with: "last"))
        let text = lines.joined(separator: "\n") + "\n"
        let (draft, preview) = try harness.previewed([try harness.file(text, named: "a.csv")])
        #expect(preview.newCount == 300)
        #expect(preview.duplicateCount == 3)
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 300, duplicates: 3)))
        #expect(try harness.count() == 300)
        let other = try OtherProgramConnection(path: harness.storePath)
        #expect(try other.integer("SELECT count(*) FROM entries WHERE note IN ('again', 'later', 'last')") == 0)
        #expect(
            try other.integer("SELECT count(*) FROM (SELECT 1 FROM entries GROUP BY taken_at, kilograms)") == 300)
    }

    @Test func aFaultInTheMiddleOfTheTransactionWritesNothingAndARetryWritesEachRowOnce() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (draft, _) = try harness.previewed([try harness.file(Self.rows(1_000), named: "a.csv")])
        // Another program's trigger fails the insert of the 301st row, in the third batch.
        let other = try OtherProgramConnection(path: harness.storePath)
        try other.execute(
            """
            CREATE TRIGGER fail_midway BEFORE INSERT ON entries WHEN (SELECT count(*) FROM entries) >= 300
            BEGIN SELECT RAISE(ABORT, 'injected fault'); END
            """)
        #expect(throws: TrendError.storage(.rejected(message: "injected fault"))) { try harness.importer.save(draft) }
        #expect(try harness.count() == 0, "the 300 rows written before the fault were rolled back")
        #expect(try other.integer("SELECT count(*) FROM operations") == 0)
        try other.execute("DROP TRIGGER fail_midway")
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 1_000)))
        #expect(try harness.importer.save(draft) == .alreadySaved(added: 1_000))
        #expect(try harness.count() == 1_000)
    }

    /// What an import's failed save must leave: no entry, no step of the history, no
    /// operation, no per-day figure, and the per-day trigger the import set aside in place.
    static func expectNothingWritten(_ harness: ExchangeHarness, _ comment: Comment) throws {
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        for table in ["entries", "changes", "change_rows", "entry_images", "operations", "daily", "daily_pending"] {
            #expect(try other.integer("SELECT count(*) FROM \(table)") == 0, "\(table): \(comment)")
        }
        #expect(
            try other.integer("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_added'")
                == 1, comment)
    }

    /// 1,000 rows (some 37 KB) read 4 KB at a time and written 128 to a statement: a failure
    /// on the 501st row, after three statements and five reads, takes back all the save did.
    @Test func aFailureInTheMiddleOfAMultiChunkImportLeavesNoRowNoHistoryStepAndNoOperation() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        harness.importer.chunkSize = 4_096
        let text = Self.rows(1_000)
        #expect(text.utf8.count > 9 * 4_096)
        let (draft, _) = try harness.previewed([try harness.file(text, named: "a.csv")])
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        try other.execute(
            """
            CREATE TRIGGER fail_midway BEFORE INSERT ON entries WHEN (SELECT count(*) FROM entries) >= 500
            BEGIN SELECT RAISE(ABORT, 'injected fault'); END
            """)
        #expect(throws: TrendError.storage(.rejected(message: "injected fault"))) { try harness.importer.save(draft) }
        try Self.expectNothingWritten(harness, "after a fault on row 501")
        try other.execute("DROP TRIGGER fail_midway")
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 1_000)))
        #expect(try other.integer("SELECT count(*) FROM changes") == 1, "the import is one step")
        #expect(try other.integer("SELECT count(*) FROM operations") == 1)
    }

    /// The size and time of a file can be put back after its bytes changed; its digest,
    /// compared once the save has read it again, cannot. The rows written before the end of
    /// the file are taken back.
    @Test func aFileWhoseBytesChangedUnderTheSameSizeAndTimeIsRefusedAtSaveAndNothingIsWritten() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        harness.importer.chunkSize = 4_096
        let text = Self.rows(1_000)
        let file = try harness.file(text, named: "a.csv")
        let (draft, preview) = try harness.previewed([file])
        #expect(preview.newCount == 1_000)
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        // One digit of the last row's weight, in the file's last chunk: the same length.
        var bytes = Array(text.utf8)
        let comma = try #require(bytes.dropLast().lastIndex(of: UInt8(ascii: ",")))
        let digit = try #require(bytes[..<comma].lastIndex { $0 >= 0x30 && $0 <= 0x38 })
        bytes[digit] += 1
        _ = try harness.bytes(bytes, named: "a.csv")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(file.path, &after) == 0)
        #expect(after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        #expect(throws: TrendError.importFile(ImportFileProblem(file: "a.csv", error: .changedSincePreview))) {
            try harness.importer.save(draft)
        }
        try Self.expectNothingWritten(harness, "after a changed file")
    }

    @Test func aSimulatedSaveFailureWritesNothing() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (draft, _) = try harness.previewed([try harness.file(Self.rows(10), named: "a.csv")])
        harness.faults.failNextSave(in: .weights)
        #expect(throws: TrendError.storage(.simulated(.save))) { try harness.importer.save(draft) }
        #expect(try harness.count() == 0)
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 10)))
    }

    @Test func aFileThatGrewAfterThePreviewIsRefused() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.rows(10), named: "a.csv")
        let (draft, _) = try harness.previewed([file])
        _ = try harness.file(Self.rows(11), named: "a.csv")
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "a.csv", error: .changedSincePreview))) {
            try harness.importer.save(draft)
        }
        #expect(try harness.count() == 0)
    }

    @Test func aFileTouchedAfterThePreviewIsRefusedThoughItsBytesAreTheSame() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.rows(10), named: "a.csv")
        let (draft, _) = try harness.previewed([file])
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        // The same bytes, written again a minute later: the preview saw another file.
        var times = [before.st_atim, before.st_mtim]
        times[1].tv_sec += 60
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "a.csv", error: .changedSincePreview))) {
            try harness.importer.save(draft)
        }
        #expect(try harness.count() == 0)
    }

    @Test func aFileChangedKeepingItsSizeAndTimeIsCaughtByItsContentAndRollsBackEveryFile() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let first = try harness.file(Self.rows(400), named: "a.csv")
        let second = try harness.file(Self.rows(100, from: 400), named: "b.csv")
        let (draft, _) = try harness.previewed([first, second])
        var before = stat()
        #expect(stat(second.path, &before) == 0)
        // The same length, one weight changed, and the old modification time put back.
        let changed = Self.rows(100, from: 400).replacingOccurrences(of: ",70.0,", with: ",70.1,")
        #expect(changed != Self.rows(100, from: 400))
        _ = try harness.file(changed, named: "b.csv")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, second.path, &times, 0) == 0)
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "b.csv", error: .changedSincePreview))) {
            try harness.importer.save(draft)
        }
        #expect(try harness.count() == 0, "a.csv's rows, written first, were rolled back")
    }

    @Test func aFileGoneSinceThePreviewIsNamed() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.rows(3), named: "a.csv")
        let (draft, _) = try harness.previewed([file])
        unlink(file.path)
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "a.csv", error: .cannotOpen(errno: ENOENT)))) {
            try harness.importer.save(draft)
        }
    }

    @Test func anEntryStoredBetweenThePreviewAndTheSaveIsADuplicateThen() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let text = ImportPreviewTests.csv(["2026-11-20T07:30:00.000Z,80.3,", "2026-11-21T07:30:00.000Z,80.1,"])
        let (draft, preview) = try harness.previewed([try harness.file(text, named: "a.csv")])
        #expect(preview.newCount == 2)
        try harness.seed("2026-11-21T07:30:00.000Z", kilograms: 80.1)
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 1, duplicates: 1)))
    }

    @Test func theDraftRecordKeepsFilesFixesAndUnitAndRestoresUnlessItWasSaved() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        var (draft, _) = try harness.previewed([try harness.file(Self.rows(5), named: "a b.csv")], unit: .pounds)
        draft.fixes[RowKey(file: 0, line: 3)] = ImportFix(fields: [.weight: "70 kg", .note: "fixed"])
        draft.fixes[RowKey(file: 0, line: 4)] = ImportFix(skipped: true)
        let record = draft.record
        #expect(ImportDraft(record: DraftRecord(decoding: record.encoded()) ?? record) == draft)
        let restorer = harness.importer.draftRestorer()
        guard case .restored(let editor) = restorer.restore(record) else {
            Issue.record("not restored")
            return
        }
        #expect((editor as? ImportEditor)?.draft == draft)
        _ = try harness.importer.save(draft)
        guard case .alreadySaved(let label) = restorer.restore(record) else {
            Issue.record("a saved import was restored")
            return
        }
        #expect(label == "an import that added 4 entries")
    }
}

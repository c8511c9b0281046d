import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Imports bring every kind a file holds, read as the file means it; a row that matches a
/// stored entry adds what the entry lacks, in the import's one step; export then import gives
/// back every entry exactly, kinds a person added included.
@MainActor
@Suite struct ImportMeasurementsTests {
    static let fat = KindID("fat")
    static let waist = KindID("waist")
    static let neck = KindID("neck")

    /// Every entry with its measurements, as another program reads them: `taken_at`,
    /// `kilograms`, `note` and the measurements as `kind=value` text, oldest first.
    static func everything(_ path: String) throws -> [[String?]] {
        try OtherProgramConnection(path: path).rows(
            """
            SELECT e.taken_at, e.kilograms, e.note,
                (SELECT group_concat(kind || '=' || printf('%!.17g', value), ' ') FROM
                    (SELECT kind, value FROM measurements WHERE entry_id = e.id ORDER BY kind))
            FROM entries e ORDER BY e.taken_at, e.id
            """)
    }

    static func seed(
        _ harness: ExchangeHarness, _ time: String, kilograms: Double?, measurements: [KindID: Double] = [:]
    ) throws {
        let date = try #require(StoredTime.date(time))
        _ = try SQLWeightRepository(store: harness.store).insert(
            NewWeightEntry(date: date, kilograms: kilograms, measurements: measurements, note: "", draftID: .make()))
    }

    @Test func appleHealthBodyFatAndWaistRecordsAreReadAndLeanMassIsLeftOutAsDerived() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        var rows: [ImportPreview.Row] = []
        let preview = try harness.importer.preview(
            ImportDraft(files: [try harness.file(ExchangeFixtures.appleHealth, named: "export.xml")]),
            each: { rows.append($0) })
        #expect(preview.valueCounts == [Self.fat: 1, Self.waist: 1])
        let entries = rows.compactMap { row -> ImportedEntry? in
            if case .new(let entry) = row.verdict { return entry }
            return nil
        }
        let fat = try #require(entries.first { $0.measurements[Self.fat] != nil })
        #expect(fat.kilograms == nil)
        #expect(abs((fat.measurements[Self.fat] ?? 0) - 21.4) < 1e-9, "a fraction of one is read as a percentage")
        let waist = try #require(entries.first { $0.measurements[Self.waist] != nil })
        #expect(abs((waist.measurements[Self.waist] ?? 0) - 82.55) < 1e-9, "inches are read as centimetres")
        #expect(
            preview.files.first?.leftOut.first { $0.name == "HKQuantityTypeIdentifierLeanBodyMass" }?.reason
                == .leanMass)
    }

    @Test func aBadValueOfAnotherKindDropsOnlyThatValueAndAnUnreadableWeightStillRejectsTheRow() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let csv =
            "date,kilograms,fat_percent,waist_centimetres\n2026-11-20T07:30:00.000Z,80.3,abc,82\n"
            + "2026-11-21T07:30:00.000Z,80.1,99,\n2026-11-22T07:30:00.000Z,8O.1,21,\n"
        let (draft, preview) = try harness.previewed([try harness.file(csv, named: "a.csv")])
        #expect(preview.newCount == 2)
        #expect(preview.rejectedCount == 1)
        #expect(preview.droppedCount == 2)
        #expect(
            preview.dropped.map(\.value) == [
                DroppedValue(kind: Self.fat, text: "abc", problem: .unreadable),
                DroppedValue(kind: Self.fat, text: "99", problem: .outOfRange),
            ])
        #expect(preview.valueCounts == [Self.waist: 1])
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 2, rejected: 1)))
        #expect(
            try Self.everything(harness.storePath) == [
                ["2026-11-20T07:30:00.000Z", "80.3", "", "waist=82.0"], ["2026-11-21T07:30:00.000Z", "80.1", "", nil],
            ])
    }

    /// A file imported before imports read body fat brings it when imported again: each row
    /// matches its stored entry by time and weight and adds the values the entry lacks; a
    /// value that differs is a conflict, listed and not written; undo takes the values away.
    @Test func aRowMatchingAStoredEntryAddsWhatItLacksInTheImportsOneUndoableStep() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try harness.seed("2026-11-20T07:30:00.000Z", kilograms: 80.3)
        try Self.seed(harness, "2026-11-21T07:30:00.000Z", kilograms: 80.1, measurements: [Self.fat: 21.0])
        let csv =
            "date,kilograms,fat_percent,waist_centimetres\n2026-11-20T07:30:00.000Z,80.3,21.5,82\n"
            + "2026-11-21T07:30:00.000Z,80.1,21.2,\n"
        let before = try Self.everything(harness.storePath)
        let (draft, preview) = try harness.previewed([try harness.file(csv, named: "a.csv")])
        #expect(preview.newCount == 0)
        #expect(preview.addsCount == 1)
        guard case .adds(_, let id, let kinds) = preview.samples.first?.verdict else {
            Issue.record("\(preview.samples)")
            return
        }
        #expect(id == 1)
        #expect(kinds == [Self.fat, Self.waist])
        #expect(preview.conflictCount == 1)
        #expect(preview.conflicts.first?.values == ImportConflict.Values(kind: Self.fat, stored: 21.0, file: 21.2))
        #expect(preview.conflicts.first?.entryID == 2)

        #expect(
            try harness.importer.save(draft)
                == .imported(ImportCounts(added: 0, duplicates: 1, extended: 1, conflicts: 1)))
        let after = try Self.everything(harness.storePath)
        #expect(
            after == [
                ["2026-11-20T07:30:00.000Z", "80.3", "", "fat=21.5 waist=82.0"],
                ["2026-11-21T07:30:00.000Z", "80.1", "", "fat=21.0"],
            ])
        // The same file again adds nothing.
        let (again, _) = try harness.previewed([try harness.file(csv, named: "b.csv")])
        #expect(try harness.importer.save(again) == .nothingNew(ImportCounts(duplicates: 2, conflicts: 1)))

        let history = SQLHistoryRepository(store: harness.store)
        _ = try history.undo(step: nil, operation: .make())
        #expect(try Self.everything(harness.storePath) == before)
        _ = try history.redo(step: nil, operation: .make())
        #expect(try Self.everything(harness.storePath) == after)
    }

    /// Rows without a weight match on time, kind and value: importing Apple Health's body fat
    /// and waist again adds nothing.
    @Test func rowsWithoutAWeightMatchOnTimeKindAndValue() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let (first, _) = try harness.previewed([try harness.file(ExchangeFixtures.appleHealth, named: "a.xml")])
        #expect(try harness.importer.save(first) == .imported(ImportCounts(added: 4)))
        let (second, preview) = try harness.previewed([try harness.file(ExchangeFixtures.appleHealth, named: "b.xml")])
        #expect(preview.duplicateCount == 4)
        #expect(try harness.importer.save(second) == .nothingNew(ImportCounts(duplicates: 4)))
    }

    /// Export then import gives back every entry that keeps the rules exactly, with its
    /// measurements, an entry without a weight and a kind a person added among them.
    @Test(arguments: [ExportFormat.csv, .json])
    func exportThenImportReproducesEveryEntryAndItsKinds(format: ExportFormat) throws {
        let source = try ExchangeHarness(unit: .pounds)
        defer { source.directory.remove() }
        let neck = KindRecords.kind(
            id: Self.neck, name: "neck", quantity: .length, unit: .inches, range: 20...80, decimals: 1, hasTrend: false)
        try source.store.write(.weights) { db throws(StorageError) in _ = try KindRecords.insert(neck, in: db) }
        try Self.seed(
            source, "2026-11-20T07:30:00.123Z", kilograms: 74.842_741_05,
            measurements: [Self.fat: 21.4, KindID("muscle"): 55.837_104_747, Self.neck: 38.1])
        try Self.seed(source, "2026-11-21T07:30:00.000Z", kilograms: nil, measurements: [Self.waist: 82.55])
        try Self.seed(source, "2026-11-22T07:30:00.000Z", kilograms: 80)
        let sink = ExchangeHarness.Collected()
        _ = try source.exporter.exportEntries(as: format, to: sink, asOf: Fixtures.now)

        let target = try ExchangeHarness()
        defer { target.directory.remove() }
        if format == .csv {
            // CSV carries no declarations: the kind must be in the store for its column to be read.
            try target.store.write(.weights) { db throws(StorageError) in _ = try KindRecords.insert(neck, in: db) }
        }
        let (draft, preview) = try target.previewed([try target.bytes(sink.bytes, named: "e.\(format.rawValue)")])
        #expect(preview.newCount == 3, "\(sink.text)")
        #expect(preview.droppedCount == 0)
        let saved = try target.importer.save(draft)
        #expect(saved == .imported(ImportCounts(added: 3, kindsAdded: format == .json ? 1 : 0)))
        #expect(try Self.everything(target.storePath) == Self.everything(source.storePath))
        let kinds = try target.store.read(.weights) { db throws(StorageError) in try KindRecords.all(in: db) }
        #expect(kinds == [neck])
    }

    /// An entry another program wrote that breaks a rule is exported as it is and rejected on
    /// import, naming the rule.
    @Test func anEntryThatBreaksTheRulesIsExportedAsItIsAndRejectedOnImport() throws {
        let source = try ExchangeHarness()
        defer { source.directory.remove() }
        try source.seed("2026-11-22T12:00:00.000Z", kilograms: 1_000)
        let sink = ExchangeHarness.Collected()
        _ = try source.exporter.exportEntries(as: .json, to: sink, asOf: Fixtures.now)
        #expect(sink.text.contains("\"kilograms\":1000.0"))
        let target = try ExchangeHarness()
        defer { target.directory.remove() }
        let (_, preview) = try target.previewed([try target.bytes(sink.bytes, named: "e.json")])
        #expect(preview.samples.first?.verdict == .rejected(.weightOutOfRange(value: "1000.0", unit: .kilograms)))
    }

    /// A kind's value is corrected in a draft like the weight, and kept in the draft's record.
    @Test func aFixCorrectsAnyKindsValueAndTheDraftKeepsIt() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let csv = "date,kilograms,fat_percent\n2026-11-20T07:30:00.000Z,80.3,2l.5\n"
        let file = try harness.file(csv, named: "a.csv")
        var draft = ImportDraft(files: [file])
        let rows = try harness.importer.rows(startingOn: 2, file: 0, of: draft)
        let fix = ImportFix(measures: [Self.fat: "21.5"])
        guard case .readsAs(let entry)? = rows.check(1, fix: fix) else {
            Issue.record("\(String(describing: rows.check(1, fix: fix)))")
            return
        }
        #expect(entry.measurements == [Self.fat: 21.5])
        #expect(entry.dropped.isEmpty)
        guard case .readsAs(let unfixed)? = rows.check(1, fix: nil) else { return }
        #expect(unfixed.dropped == [DroppedValue(kind: Self.fat, text: "2l.5", problem: .unreadable)])
        draft.fixes[RowKey(file: 0, line: 2)] = fix
        #expect(ImportDraft(record: draft.record) == draft)
        let preview = try harness.importer.preview(draft)
        #expect(preview.valueCounts == [Self.fat: 1])
    }

    /// openScale writes `0.0` for a value it did not measure: no value, not an error.
    @Test func openScalesZeroIsNoValue() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let csv = "\"dateTime\",\"weight\",\"fat\",\"waist\"\n\"2026-11-20 07:30\",\"80.3\",\"0.0\",\"0\"\n"
        let (_, preview) = try harness.previewed([try harness.file(csv, named: "o.csv")])
        #expect(preview.newCount == 1)
        #expect(preview.droppedCount == 0)
        #expect(preview.valueCounts.isEmpty)
    }
}

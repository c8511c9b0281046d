import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// Every row of an import has a key that names it alone: its file, its line, and which of
/// the rows starting on that line it is. A fix changes the one row its key names, and the
/// draft keeps fixes by row; a fix an earlier trendsh kept by line alone is settled when the
/// draft is restored, kept only where its line holds one row.
@MainActor
@Suite struct ImportRowAddressTests {
    static let oneLine = ExchangeFixtures.appleHealthOneLine

    @Test(arguments: [7, ByteStream.defaultChunkSize])
    func rowsThatStartOnOneLineAreCountedInOrderAndKnowTheyShareIt(chunkSize: Int) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        harness.importer.chunkSize = chunkSize
        let xml = try harness.file(Self.oneLine, named: "export.xml")
        let csv = try harness.file("date,kilograms\n2026-11-23T08:00:00.000Z,80.0\n", named: "a.csv")
        var rows: [ImportPreview.Row] = []
        _ = try harness.importer.preview(ImportDraft(files: [xml, csv]), each: { rows.append($0) })
        #expect(
            rows.map(\.key) == [
                RowKey(file: 0, line: 1, ordinal: 1), RowKey(file: 0, line: 1, ordinal: 2),
                RowKey(file: 0, line: 1, ordinal: 3), RowKey(file: 1, line: 2, ordinal: 1),
            ])
        #expect(rows.map(\.sharesLine) == [true, true, true, false])
    }

    @Test func aFixChangesOnlyTheRowItsKeyNamesAndTheSaveStoresJustThat() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        var (draft, _) = try harness.previewed([try harness.file(Self.oneLine, named: "export.xml")])
        draft.fixes[RowKey(file: 0, line: 1, ordinal: 2)] = ImportFix(fields: [.weight: "80.4 kg"])
        var rows: [ImportPreview.Row] = []
        let preview = try harness.importer.preview(draft, each: { rows.append($0) })
        #expect(preview.newCount == 3)
        #expect(rows.map(\.fixed) == [false, true, false])
        #expect(try harness.importer.save(draft) == .imported(ImportCounts(added: 3)))
        #expect(
            try harness.storedRows().map { $0[1] } == ["80.1", "80.4", "80.2"],
            "only the second record takes the fixed weight")
    }

    @Test func theRowsOnALineAreFoundForAFixEachReadWithOrWithoutIt() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let draft = ImportDraft(files: [try harness.file(Self.oneLine, named: "export.xml")])
        let rows = try harness.importer.rows(startingOn: 1, file: 0, of: draft)
        #expect(rows.count == 3)
        #expect(rows.check(2, fix: nil) == .rejected(.unreadableWeight("8O.4")))
        let fixed = try #require(rows.check(2, fix: ImportFix(fields: [.weight: "80.4 kg"])))
        guard case .readsAs(let entry) = fixed else {
            Issue.record("\(fixed)")
            return
        }
        #expect(entry.kilograms == 80.4)
        #expect(rows.check(1, fix: ImportFix(skipped: true)) == .skipped)
        #expect(rows.check(4, fix: nil) == nil)
        #expect(rows.check(0, fix: nil) == nil)
        #expect(try harness.importer.rows(startingOn: 2, file: 0, of: draft).count == 0)
    }

    @Test func theDraftKeepsEachFixByItsRowAndReadsItBack() throws {
        var draft = ImportDraft(files: [ImportedFile(name: "export.xml", path: "/x/export.xml")])
        draft.fixes[RowKey(file: 0, line: 1, ordinal: 2)] = ImportFix(fields: [.weight: "80.4 kg", .note: "fixed"])
        draft.fixes[RowKey(file: 0, line: 1, ordinal: 3)] = ImportFix(skipped: true)
        let record = draft.record
        #expect(record["fix.0.1.2.weight"] == "80.4 kg")
        #expect(record["fix.0.1.2.note"] == "fixed")
        #expect(record["fix.0.1.3.skip"] == "1")
        #expect(ImportDraft(record: record) == draft)
        var broken = record
        broken.fields["fix.0.1.0.weight"] = "80 kg"
        #expect(ImportDraft(record: broken) == nil, "rows are counted from 1")
    }

    /// The record trendsh wrote before rows had ordinals: fixes by line alone.
    static func earlierRecord(xml: String, csv: String) -> DraftRecord {
        DraftRecord(
            kind: "import",
            fields: [
                "id": "d-earlier", "unit": "", "files": "2",
                "file.0.name": "a.csv", "file.0.path": csv,
                "file.1.name": "export.xml", "file.1.path": xml,
                "fix.0.2.weight": "81 kg", "fix.0.2.note": "kept",
                "fix.0.9.skip": "1",
                "fix.1.1.weight": "80.4 kg",
            ])
    }

    @Test func anEarlierTrendshsFixesByLineAreReadAndKeptAsTheyWereUntilSettled() throws {
        let record = Self.earlierRecord(xml: "/x/export.xml", csv: "/x/a.csv")
        let draft = try #require(ImportDraft(record: record))
        #expect(draft.fixes.isEmpty, "no pass applies a fix by line")
        #expect(
            draft.lineFixes == [
                LineKey(file: 0, line: 2): ImportFix(fields: [.weight: "81 kg", .note: "kept"]),
                LineKey(file: 0, line: 9): ImportFix(skipped: true),
                LineKey(file: 1, line: 1): ImportFix(fields: [.weight: "80.4 kg"]),
            ])
        #expect(draft.record == record)
    }

    @Test func restoringKeepsAFixByLineWhereTheLineHoldsOneRowAndDropsItElsewhere() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let xml = try harness.file(Self.oneLine, named: "export.xml")
        let csv = try harness.file(
            "date,kilograms,note\n2026-11-23T08:00:00.000Z,8O.0,\n2026-11-24T08:00:00.000Z,80.0,\n", named: "a.csv")
        let restored = harness.importer.draftRestorer().restore(
            Self.earlierRecord(xml: xml.path, csv: csv.path))
        guard case .restored(let restoredEditor) = restored, let editor = restoredEditor as? ImportEditor else {
            Issue.record("\(restored)")
            return
        }
        #expect(editor.draft.fixes == [RowKey(file: 0, line: 2): ImportFix(fields: [.weight: "81 kg", .note: "kept"])])
        #expect(editor.draft.lineFixes.isEmpty)
        #expect(
            editor.droppedLineFixes == [
                DroppedLineFix(line: LineKey(file: 0, line: 9), fix: ImportFix(skipped: true), reason: .noRow),
                DroppedLineFix(
                    line: LineKey(file: 1, line: 1), fix: ImportFix(fields: [.weight: "80.4 kg"]),
                    reason: .severalRows(3)),
            ])
        #expect(editor.record["fix.0.2.1.weight"] == "81 kg", "the draft file will keep it by row")
        #expect(editor.record["fix.0.2.weight"] == nil)
    }

    @Test func aFixByLineOfAFileThatCannotBeReadIsDroppedWithTheReason() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let gone = ImportedFile(name: "gone.csv", path: harness.directory.file("gone.csv"))
        var draft = ImportDraft(files: [gone], lineFixes: [LineKey(file: 0, line: 2): ImportFix(skipped: true)])
        let dropped = harness.importer.settleLineFixes(of: &draft)
        #expect(
            dropped == [
                DroppedLineFix(
                    line: LineKey(file: 0, line: 2), fix: ImportFix(skipped: true),
                    reason: .unreadable(ImportFileProblem(file: "gone.csv", error: .cannotOpen(errno: ENOENT))))
            ])
        #expect(draft.fixes.isEmpty && draft.lineFixes.isEmpty)
    }
}

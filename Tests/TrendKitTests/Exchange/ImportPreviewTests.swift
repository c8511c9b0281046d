import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// A preview counts new, duplicate and rejected rows and names each rejected row by its line
/// and reason. A duplicate has the time and weight of a stored entry or of an earlier row.
/// Fixes change a row as the import reads it, never the file.
@MainActor
@Suite struct ImportPreviewTests {
    /// A trendsh CSV of one row per line after the header, in this order.
    static func csv(_ rows: [String]) -> String { "date,kilograms,note\n" + rows.map { $0 + "\n" }.joined() }

    static let mixed = csv([
        "2026-11-20T07:30:00.000Z,80.3,",  // line 2: new
        "2026-11-21T07:30:00.000Z,7O.2,",  // line 3: not a number
        "2026-11-22T07:30:00.000Z,80.1,",  // line 4: the stored entry's time and weight
        "2026-11-20T07:30:00.000Z,80.3,again",  // line 5: repeats line 2
        "2026-11-20T07:30:00.000Z,80.4,",  // line 6: same time, other weight: new
        "2026-11-31T07:30:00.000Z,80.0,",  // line 7: no such day
        "2026-11-29T08:00:00.001Z,80.0,",  // line 8: a millisecond after now
        "2026-11-23T07:30:00.000Z,19.9,",  // line 9: too light
        "2026-11-24T07:30:00.000Z,500.1,",  // line 10: too heavy
        "2026-11-25T07:30:00.000Z,,",  // line 11: no weight
        "2026-11-26T07:30:00.000Z,80.0,\"" + String(repeating: "n", count: 501) + "\"",  // line 12: long note
        "2026-11-27T07:30:00.000Z,80.0," + String(repeating: "n", count: 500),  // line 13: longest note
        "2026-11-28T07:30:00.000Z,-80,",  // line 14: a sign
    ])

    @Test func everyRowIsNewDuplicateOrRejectedWithItsLineAndReason() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try harness.seed("2026-11-22T07:30:00.000Z", kilograms: 80.1)
        var rows: [ImportPreview.Row] = []
        let preview = try harness.importer.preview(
            ImportDraft(files: [try harness.file(Self.mixed, named: "mixed.csv")]), each: { rows.append($0) })
        let verdicts = rows.map { row -> String in
            switch row.verdict {
            case .new: return "\(row.key.line) new"
            case .duplicate: return "\(row.key.line) duplicate"
            case .adds(_, let id, _): return "\(row.key.line) adds to #\(id)"
            case .rejected(let problem): return "\(row.key.line) \(problem)"
            case .skipped: return "\(row.key.line) skipped"
            }
        }
        let now = Fixtures.now + 0.001
        #expect(
            verdicts == [
                "2 new", "3 \(RowProblem.unreadableWeight("7O.2"))", "4 duplicate", "5 duplicate", "6 new",
                "7 \(RowProblem.unreadableDate("2026-11-31T07:30:00.000Z"))", "8 \(RowProblem.dateInFuture(now))",
                "9 \(RowProblem.weightOutOfRange(value: "19.9", unit: .kilograms))",
                "10 \(RowProblem.weightOutOfRange(value: "500.1", unit: .kilograms))", "11 \(RowProblem.missingWeight)",
                "12 \(RowProblem.noteTooLong(length: 501))", "13 new", "14 \(RowProblem.unreadableWeight("-80"))",
            ])
        #expect(preview.newCount == 3)
        #expect(preview.duplicateCount == 2)
        #expect(preview.rejectedCount == 8)
        #expect(preview.samples.filter { if case .rejected = $0.verdict { true } else { false } }.count == 5)
    }

    @Test func aDuplicateIsTheSameTimeAndWeightWhateverTheNote() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try harness.seed("2026-11-20T07:30:00.000Z", kilograms: 80.3, note: "stored")
        let text = Self.csv(["2026-11-20T07:30:00.000Z,80.3,other note", "2026-11-20T07:30:00.001Z,80.3,"])
        let preview = try harness.previewed([try harness.file(text, named: "a.csv")]).1
        #expect(preview.duplicateCount == 1)
        #expect(preview.newCount == 1, "a millisecond apart is another entry")
    }

    @Test func rowsRepeatedAcrossFilesAreDuplicates() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let text = Self.csv(["2026-11-20T07:30:00.000Z,80.3,"])
        let preview = try harness.previewed([
            try harness.file(text, named: "a.csv"), try harness.file(text, named: "b.csv"),
        ]).1
        #expect(preview.newCount == 1)
        #expect(preview.duplicateCount == 1)
        #expect(preview.samples.map(\.key) == [RowKey(file: 0, line: 2), RowKey(file: 1, line: 2)])
    }

    @Test func aFixChangesTheRowAsTheImportReadsItAndNeverTheFile() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.mixed, named: "mixed.csv")
        let before = fileBytes(file.path)
        var draft = ImportDraft(files: [file])
        draft.fixes[RowKey(file: 0, line: 3)] = ImportFix(fields: [.weight: "70.2 kg"])
        draft.fixes[RowKey(file: 0, line: 7)] = ImportFix(fields: [.date: "2026-11-23T07:30:00.000Z"])
        draft.fixes[RowKey(file: 0, line: 12)] = ImportFix(fields: [.note: "shorter"])
        draft.fixes[RowKey(file: 0, line: 9)] = ImportFix(fields: [.weight: "154 lb"])
        draft.fixes[RowKey(file: 0, line: 2)] = ImportFix(skipped: true)
        var rows: [ImportPreview.Row] = []
        let preview = try harness.importer.preview(draft, each: { rows.append($0) })
        let fixed = rows.filter(\.fixed)
        #expect(fixed.map(\.key.line) == [2, 3, 7, 9, 12])
        #expect(fixed[0].verdict == .skipped)
        #expect(
            fixed[1].verdict
                == .new(
                    ImportedEntry(
                        milliseconds: try Self.milliseconds("2026-11-21T07:30:00.000Z"), kilograms: 70.2, note: "")))
        guard case .new(let redated) = fixed[2].verdict, case .new(let converted) = fixed[3].verdict,
            case .new(let shortened) = fixed[4].verdict
        else {
            Issue.record("\(fixed)")
            return
        }
        #expect(redated.milliseconds == (try Self.milliseconds("2026-11-23T07:30:00.000Z")))
        #expect(converted.kilograms == 154 * WeightUnit.kilogramsPerPound)
        #expect(shortened.note == "shorter")
        #expect(preview.skippedCount == 1)
        #expect(fileBytes(file.path) == before)
    }

    @Test func aNoteIsNeverCutAndIsStoredTrimmedInNFC() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let text = Self.csv(["2026-11-20T07:30:00.000Z,80.3,\"  cafe\u{301}  \""])
        let preview = try harness.previewed([try harness.file(text, named: "a.csv")]).1
        guard case .new(let entry) = preview.samples.first?.verdict else {
            Issue.record("\(preview.samples)")
            return
        }
        #expect(Array(entry.note.unicodeScalars) == Array("caf\u{e9}".unicodeScalars))
    }

    @Test func aFileProblemAnywhereRefusesTheWholeImport() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let good = try harness.file(Self.csv(["2026-11-20T07:30:00.000Z,80.3,"]), named: "good.csv")
        let bad = try harness.bytes(
            Array(Self.csv(["2026-11-21T07:30:00.000Z,80.3,ok"]).utf8) + [0xFF, 0x0A], named: "bad.csv")
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "bad.csv", error: .invalidUTF8(line: 3)))) {
            try harness.importer.preview(ImportDraft(files: [good, bad]))
        }
    }

    static func milliseconds(_ text: String) throws -> Int64 {
        StoredTime.milliseconds(try #require(StoredTime.date(text)))
    }
}

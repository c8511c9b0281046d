import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Export writes every entry (or habit) as RFC 4180 CSV or JSON, streaming, and export then
/// import into an empty store gives back the log exactly: times to the millisecond,
/// kilograms and notes, however awkward the notes.
@MainActor
@Suite struct ExportTests {
    /// Notes a spreadsheet, a CSV reader or a JSON reader could trip on.
    static let awkwardNotes = [
        "", "say \"hi\", then leave", "two\nlines", "a carriage\r\nreturn", "tab\there", "=1+1", "+44 20 7946 0000",
        "-5 kg since May", "@home", "'quoted", "''twice", "caf\u{e9} \u{1F600}", "C:\\path\\", "back\\\"slash",
        "ends with a comma,", "\u{1B}[31mred", String(repeating: "n", count: 500), "line\u{2028}separator",
    ]

    /// Seeds one entry per awkward note, with milliseconds and kilograms that a sloppy export
    /// would round.
    static func seed(_ harness: ExchangeHarness) throws {
        let repository = SQLWeightRepository(store: harness.store)
        for (index, note) in awkwardNotes.enumerated() {
            let date = Fixtures.now - Double(index + 1) * Fixtures.day + 0.123 * Double(index % 7)
            let kilograms = [74.842_741_05, 80.3, 20, 500, 61.234_567_890_123][index % 5]
            _ = try repository.insert(NewWeightEntry(date: date, kilograms: kilograms, note: note, draftID: .make()))
        }
    }

    @Test(arguments: ExportFormat.allCases)
    func exportThenImportIntoAnEmptyStoreGivesBackTheLogExactly(format: ExportFormat) throws {
        let source = try ExchangeHarness(unit: .pounds)
        defer { source.directory.remove() }
        try Self.seed(source)
        let sink = ExchangeHarness.Collected()
        #expect(try source.exporter.exportEntries(as: format, to: sink, asOf: Fixtures.now) == Self.awkwardNotes.count)

        let target = try ExchangeHarness()
        defer { target.directory.remove() }
        let (draft, preview) = try target.previewed([try target.bytes(sink.bytes, named: "export.\(format.rawValue)")])
        #expect(preview.newCount == Self.awkwardNotes.count, "\(preview.samples)")
        _ = try target.importer.save(draft)
        let imported = try target.storedRows()
        let exported = try source.storedRows()
        #expect(imported.count == exported.count)
        for (back, original) in zip(imported, exported) { #expect(back == original) }
    }

    @Test func csvFollowsRFC4180AndMarksFormulasWithOneQuote() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try Self.seed(harness)
        let sink = ExchangeHarness.Collected()
        _ = try harness.exporter.exportEntries(as: .csv, to: sink, asOf: Fixtures.now)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reader = CSVReader(stream: try stream(sink.bytes, in: directory))
        #expect(try reader.next())
        #expect(
            (0..<reader.fieldCount).map { reader.text($0) } == [
                "date", "kilograms", "weight", "unit", "trend", "note", "fat_percent", "muscle_kilograms",
                "water_percent", "bone_kilograms", "waist_centimetres", "hip_centimetres", "person",
            ])
        var notes: [String] = []
        while try reader.next() {
            #expect(reader.fieldCount == 13)
            #expect(reader.text(12) == "alice")
            notes.append(reader.text(5))
        }
        let stored = try harness.storedRows().map { $0[2] ?? "" }
        #expect(notes.count == stored.count)
        for (written, note) in zip(notes, stored) {
            let marked = ["=", "+", "-", "@", "'"].contains { note.hasPrefix($0) }
            #expect(written == (marked ? "'" + note : note), "\(note)")
        }
        #expect(sink.text.hasSuffix("\r\n"))
        #expect(!sink.text.replacingOccurrences(of: "\r\n", with: "").contains("\r\n"))
        #expect(sink.text.contains("\"say \"\"hi\"\", then leave\""))
    }

    /// Rows another program wrote that break the rules are written as they are stored; the
    /// trend column leaves them out, as the trend does.
    @Test func rowsThatBreakTheRulesAreWrittenAsTheyAreAndLeftOutOfTheTrendColumn() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try harness.seed("2026-11-20T12:00:00.000Z", kilograms: 0.5)
        try harness.seed("2026-11-21T12:00:00.000Z", kilograms: 80)
        try harness.seed("2026-11-22T12:00:00.000Z", kilograms: 1_000, note: "typed by hand")
        try harness.seed("2026-11-23T12:00:00.000Z", kilograms: 82)
        try harness.seed("2030-01-01T12:00:00.000Z", kilograms: 90)
        let csv = ExchangeHarness.Collected()
        let json = ExchangeHarness.Collected()

        _ = try harness.exporter.exportEntries(as: .csv, to: csv, asOf: Fixtures.now)
        _ = try harness.exporter.exportEntries(as: .json, to: json, asOf: Fixtures.now)

        let rows = csv.text.split(separator: "\r\n").dropFirst().map {
            Array($0.split(separator: ",", omittingEmptySubsequences: false).dropFirst().prefix(5).map(String.init))
        }
        // kilograms, weight, unit, trend, note: 82 two days after 80 is 80 + (1 - 0.9²)·2.
        #expect(
            rows == [
                ["0.5", "0.5", "kg", "", ""], ["80.0", "80.0", "kg", "80.0", ""],
                ["1000.0", "1000.0", "kg", "80.0", "typed by hand"], ["82.0", "82.0", "kg", "80.4", ""],
                ["90.0", "90.0", "kg", "80.4", ""],
            ])
        #expect(json.text.contains("\"kilograms\":0.5,\"weight\":0.5,\"unit\":\"kg\",\"trend\":null,"))
        #expect(json.text.contains("\"kilograms\":1000.0,\"weight\":1000.0,\"unit\":\"kg\",\"trend\":80.0,"))
    }

    @Test func theDateIsLocalTimeWithItsOffsetAndKilogramsAreExact() throws {
        let harness = try ExchangeHarness(unit: .pounds)
        defer { harness.directory.remove() }
        try harness.seed("2026-11-20T07:30:00.123Z", kilograms: 74.842_741_05)
        let sink = ExchangeHarness.Collected()
        _ = try harness.exporter.exportEntries(as: .csv, to: sink, asOf: Fixtures.now)
        let row = try #require(sink.text.split(separator: "\r\n").dropFirst().first)
        let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[1...] == ["74.84274105", "165.0", "lb", "165.0", "", "", "", "", "", "", "", "alice"])
        var raw = RawRow()
        raw.date = raw.add(fields[0])
        #expect(ImportDateParser.milliseconds(raw) == 1_795_159_800_123)
        #expect(fields[0].count == "2026-11-20T07:30:00.123+00:00".count)
    }

    /// Found by fuzz/Targets/import-csv: the first moment the store keeps, exported in New
    /// York, is written in 1899, and the importer refused that year though the instant is 1900.
    @Test(arguments: [
        ("1899-12-31T19:00:00.000-05:00", Int64?(-2_208_988_800_000)),
        ("1899-12-31T23:59:59.999Z", nil), ("1899-12-31T18:59:59.999-05:00", nil), ("1899-12-31 19:00", nil),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999), ("9999-12-31T23:00:00.000-05:00", nil),
    ])
    func aDateWithAnOffsetIsKeptWhenItsInstantIsInTheYearsTheStoreKeeps(text: String, expected: Int64?) {
        var raw = RawRow()
        raw.date = raw.add(text)
        #expect(ImportDateParser.milliseconds(raw) == expected)
    }

    @Test func jsonIsOneDocumentWithOneEntryPerLine() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try Self.seed(harness)
        let sink = ExchangeHarness.Collected()
        _ = try harness.exporter.exportEntries(as: .json, to: sink, asOf: Fixtures.now)
        let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first == "{\"format\":\"trendsh-entries\",\"version\":3,\"unit\":\"kg\",\"kinds\":[],\"entries\":[")
        #expect(lines.count == Self.awkwardNotes.count + 3)
        #expect(lines.suffix(2) == ["]}", ""])
        #expect(sink.records == Self.awkwardNotes.count + 2)
        #expect(sink.text.contains(#""note":"\u001b[31mred""#))
        #expect(sink.text.contains(#""note":"two\nlines""#))
        #expect(lines.dropFirst().dropLast(2).allSatisfy { $0.contains(#","person":"alice"}"#) })
    }

    @Test func anEmptyLogExportsAHeaderAndAnEmptyDocument() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let csv = ExchangeHarness.Collected()
        #expect(try harness.exporter.exportEntries(as: .csv, to: csv, asOf: Fixtures.now) == 0)
        #expect(
            csv.text
                == "date,kilograms,weight,unit,trend,note,fat_percent,muscle_kilograms,water_percent,bone_kilograms,waist_centimetres,hip_centimetres,person\r\n"
        )
        let json = ExchangeHarness.Collected()
        _ = try harness.exporter.exportEntries(as: .json, to: json, asOf: Fixtures.now)
        #expect(
            json.text
                == "{\"format\":\"trendsh-entries\",\"version\":3,\"unit\":\"kg\",\"kinds\":[],\"entries\":[\n]}\n")
    }

    @Test func aSinkThatFailsStopsTheExportWithItsOwnError() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        try Self.seed(harness)
        let sink = ExchangeHarness.Collected()
        sink.failAfter = 3
        #expect(throws: ExportError.output(errno: 28)) {
            try harness.exporter.exportEntries(as: .csv, to: sink, asOf: Fixtures.now)
        }
        #expect(sink.records == 3)
    }

    @Test(arguments: ExportFormat.allCases)
    func habitsAreExportedWithEveryDayTheyWereDone(format: ExportFormat) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let habits = SQLHabitRepository(store: harness.store)
        guard case .added(let run) = try habits.add(NewHabit(name: "Run", createdAt: Fixtures.now, draftID: .make())),
            case .added = try habits.add(NewHabit(name: "=Read, \"slowly\"", createdAt: Fixtures.now, draftID: .make()))
        else {
            Issue.record("habits not added")
            return
        }
        let today = LocalCalendar.dayNumber(of: Fixtures.now)
        _ = try habits.mark(habitID: run.id, day: today - 1, done: true, at: Fixtures.now, operation: .make())
        _ = try habits.mark(habitID: run.id, day: today, done: true, at: Fixtures.now, operation: .make())
        let sink = ExchangeHarness.Collected()
        #expect(try harness.exporter.exportHabits(as: format, to: sink) == 2)
        let days = [DayText.text(dayNumber: today - 1), DayText.text(dayNumber: today)]
        switch format {
        case .csv:
            let lines = sink.text.split(separator: "\r\n").map(String.init)
            #expect(lines.count == 4)
            #expect(lines[0] == "habit,created,day,recorded")
            #expect(lines[1].hasPrefix("\"'=Read, \"\"slowly\"\"\","))
            #expect(lines[1].hasSuffix(",,"))
            #expect(lines[2].hasPrefix("Run,") && lines[2].contains(",\(days[0]),"))
            #expect(lines[3].hasPrefix("Run,") && lines[3].contains(",\(days[1]),"))
        case .json:
            let lines = sink.text.split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            #expect(lines[1].hasPrefix(#"{"name":"=Read, \"slowly\"","created":""#))
            #expect(lines[1].hasSuffix(#","done":[]},"#))
            #expect(lines[2].contains(#""done":[{"day":"\#(days[0])","recorded":""#))
            #expect(lines[2].contains(#"{"day":"\#(days[1])","recorded":""#))
            #expect(lines[3] == "]}")
        }
    }
}

/// The export's CSV marks text whose first byte a spreadsheet reads as a formula's start,
/// a leading tab or carriage return included.
@Suite struct ExportFormulaMarkTests {
    @Test(arguments: ["\t=1+1", "\r=HYPERLINK(1)", "=SUM(A1)", "'kept"])
    func aFormulaStartIsMarked(note: String) {
        var bytes: [UInt8] = []
        ExportText.appendCSV(note, to: &bytes)
        let field = String(decoding: bytes, as: UTF8.self)
        #expect(field.hasPrefix("'") || field.hasPrefix("\"'"), "\(field.debugDescription)")
    }
}

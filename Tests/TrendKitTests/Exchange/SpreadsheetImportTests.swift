import FoundationEssentials
import Testing

@testable import TrendKit

/// A person's own sheet imports: its columns found by their headers in six languages (a unit
/// in a header names the unit), its dates in every form a spreadsheet writes, its decimal
/// commas read, a question when its dates read two ways, and never a file a named layout reads.
@MainActor
@Suite struct SpreadsheetImportTests {
    /// Previews one file with `options`; the file's only or first entry and the preview.
    static func preview(
        _ text: String, named name: String = "sheet.csv", options: SpreadsheetOptions = .init(),
        unit: WeightUnit? = nil
    ) throws -> ImportPreview {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let draft = ImportDraft(files: [try harness.file(text, named: name)], givenUnit: unit, spreadsheet: options)
        return try harness.importer.preview(draft)
    }

    static func firstEntry(_ preview: ImportPreview) -> ImportedEntry? {
        for row in preview.samples {
            if case .new(let entry) = row.verdict { return entry }
        }
        return nil
    }

    /// The problem a file refuses the import with, if it does.
    static func refusal(_ text: String, options: SpreadsheetOptions = .init()) throws -> ImportFileError? {
        do {
            _ = try preview(text, options: options)
            return nil
        } catch {
            guard case .importFile(let problem) = error as? TrendError else { throw error }
            return problem.error
        }
    }

    nonisolated static let everyKind: [KindID: Double] = [
        KindID("fat"): 21.5, KindID("muscle"): 35, KindID("water"): 55, KindID("bone"): 3.1, KindID("waist"): 88,
        KindID("hip"): 100,
    ]

    /// Each language's headers for a date, every built-in kind and a note, and one row.
    nonisolated static let languages: [(language: String, text: String)] = [
        (
            "English",
            "Date,Weight,Body Fat,Muscle Mass,Body Water,Bone Mass,Waist,Hip,Notes\n"
                + "2026-03-01,80.5,21.5,35,55,3.1,88,100,ok\n"
        ),
        (
            "German",
            "Datum;Gewicht;Körperfett;Muskelmasse;Körperwasser;Knochenmasse;Taillenumfang;Hüfte;Notiz\n"
                + "2026-03-01;80,5;21,5;35;55;3,1;88;100;ok\n"
        ),
        (
            "French",
            "date;poids;graisse corporelle;masse musculaire;eau corporelle;masse osseuse;tour de taille;tour de hanches;remarque\n"
                + "2026-03-01;80,5;21,5;35;55;3,1;88;100;ok\n"
        ),
        (
            "Spanish",
            "fecha;peso;grasa corporal;masa muscular;agua corporal;masa ósea;cintura;cadera;nota\n"
                + "2026-03-01;80,5;21,5;35;55;3,1;88;100;ok\n"
        ),
        (
            "Dutch",
            "datum\tgewicht\tvetpercentage\tspiermassa\tlichaamsvocht\tbotmassa\tmiddel\theup\topmerking\n"
                + "2026-03-01\t80,5\t21,5\t35\t55\t3,1\t88\t100\tok\n"
        ),
        (
            "Italian",
            "data;peso;grasso corporeo;massa muscolare;acqua corporea;massa ossea;girovita;fianchi;commento\n"
                + "2026-03-01;80,5;21,5;35;55;3,1;88;100;ok\n"
        ),
    ]

    @Test(arguments: languages.indices)
    func headersInEachLanguageFindTheDateEveryKindAndTheNote(index: Int) throws {
        let (language, text) = Self.languages[index]
        let preview = try Self.preview(text)
        let file = try #require(preview.files.first)
        #expect(file.layout == .spreadsheet, "\(language)")
        #expect(file.leftOut.isEmpty, "\(language): \(file.leftOut)")
        let entry = try #require(Self.firstEntry(preview), "\(language): \(preview.samples)")
        #expect(entry.kilograms == 80.5, "\(language)")
        #expect(entry.note == "ok", "\(language)")
        #expect(Set(entry.measurements.keys) == Set(Self.everyKind.keys), "\(language): \(entry.measurements)")
        for (kind, value) in Self.everyKind {
            #expect(abs((entry.measurements[kind] ?? 0) - value) < 1e-9, "\(language) \(kind)")
        }
        let reading = try #require(file.spreadsheet)
        #expect(reading.columns.map(\.number) == Array(1...9))
    }

    @Test func aKindAPersonAddedIsFoundByItsWord() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let neck = MeasurementKind(
            id: KindID("neck"), name: "neck", word: "neck", quantity: .length, units: [.centimetres, .inches],
            range: 20...80, decimals: 1, hasTrend: false, exportColumn: "neck_centimetres", isBuiltIn: false)
        let source = try SpreadsheetRows(
            path: try harness.file("Date,Neck (in)\n2026-03-01,15\n", named: "n.csv").path,
            kinds: MeasurementKind.builtIn + [neck], options: .init())
        #expect(source.measureColumns.map(\.kind.id) == [KindID("neck")])
        #expect(source.measureColumns.first?.unit == .inches)
    }

    /// Headers that name a unit, and the unit each names.
    nonisolated static let unitHeaders: [(header: String, weightUnit: WeightUnit?, waistCentimetres: Double)] = [
        ("Datum,Weight (lb),Waist (in)", .pounds, 30 * 2.54),
        ("Datum;Gewicht [kg];Taille [cm]", .kilograms, 30),
        ("fecha;peso kg;cintura cm", .kilograms, 30),
        ("date;poids (lbs);tour de taille (in)", .pounds, 30 * 2.54),
        ("date,weight,waist", nil, 30),
    ]

    @Test(arguments: unitHeaders.indices)
    func aUnitInAHeaderNamesTheColumnsUnit(index: Int) throws {
        let (header, weightUnit, waist) = Self.unitHeaders[index]
        let separator = header.contains(";") ? ";" : ","
        let preview = try Self.preview(header + "\n" + ["2026-03-01", "180", "30"].joined(separator: separator) + "\n")
        let file = try #require(preview.files.first)
        if let weightUnit {
            #expect(file.unit == weightUnit)
            #expect(file.unitSource == .file)
        } else {
            #expect(file.unitSource == .setting)
        }
        let entry = try #require(Self.firstEntry(preview), "\(preview.samples)")
        #expect(abs((entry.kilograms ?? 0) - (weightUnit ?? .kilograms).kilograms(fromValue: 180)) < 1e-9)
        #expect(abs((entry.measurements[KindID("waist")] ?? 0) - waist) < 1e-9, "\(entry.measurements)")
    }

    @Test func aPercentAfterAHeaderAndAUnitGivenAreRead() throws {
        let preview = try Self.preview("Date,Weight,Fett %\n2026-03-01,180,21.5\n", unit: .pounds)
        let file = try #require(preview.files.first)
        #expect(file.unit == .pounds)
        #expect(file.unitSource == .given)
        let entry = try #require(Self.firstEntry(preview))
        #expect(entry.measurements == [KindID("fat"): 21.5])
    }

    /// Every date form, and the local time each is kept at (a day alone at 12:00).
    nonisolated static let dates: [(text: String, order: DateReading?, fields: LocalCalendar.Fields)] = [
        ("2026-03-31", nil, .init(year: 2026, month: 3, day: 31, hour: 12)),
        ("2026-03-31 07:30", nil, .init(year: 2026, month: 3, day: 31, hour: 7, minute: 30)),
        ("2026-03-31T07:30:15", nil, .init(year: 2026, month: 3, day: 31, hour: 7, minute: 30, second: 15)),
        ("31.03.2026", nil, .init(year: 2026, month: 3, day: 31, hour: 12)),
        ("1.4.2026 7:05", nil, .init(year: 2026, month: 4, day: 1, hour: 7, minute: 5)),
        ("31/03/2026", nil, .init(year: 2026, month: 3, day: 31, hour: 12)),
        ("31/03/2026 07:30", nil, .init(year: 2026, month: 3, day: 31, hour: 7, minute: 30)),
        ("03/31/2026", nil, .init(year: 2026, month: 3, day: 31, hour: 12)),
        ("03/31/2026 07:30:00", nil, .init(year: 2026, month: 3, day: 31, hour: 7, minute: 30)),
        ("03/04/2026", .dayFirst, .init(year: 2026, month: 4, day: 3, hour: 12)),
        ("03/04/2026 07:30", .monthFirst, .init(year: 2026, month: 3, day: 4, hour: 7, minute: 30)),
        ("04/04/2026", nil, .init(year: 2026, month: 4, day: 4, hour: 12)),
    ]

    @Test(arguments: dates.indices)
    func everyDateFormIsRead(index: Int) throws {
        let (text, order, fields) = Self.dates[index]
        let preview = try Self.preview("Datum;Gewicht\n\(text);80\n", options: SpreadsheetOptions(dates: order))
        let entry = try #require(Self.firstEntry(preview), "\(text): \(preview.samples)")
        #expect(entry.date == LocalCalendar.date(from: fields), "\(text)")
    }

    @Test func anOffsetInAnISODateIsKept() throws {
        let preview = try Self.preview("date,weight\n2026-03-31T07:30:00Z,80\n")
        let entry = try #require(Self.firstEntry(preview))
        #expect(entry.date == StoredTime.date("2026-03-31T07:30:00.000Z"))
    }

    @Test func aDateThatDoesNotFitTheFilesFormIsARowProblem() throws {
        let preview = try Self.preview("Datum;Gewicht\n31.03.2026;80\n2026-04-01;81\n32.03.2026;82\n")
        #expect(preview.newCount == 1)
        #expect(preview.rejectedCount == 2)
    }

    /// The decimal comma in each kind of file: a `;` file, a tab file, and a quoted CSV field.
    nonisolated static let decimalComma = [
        "Datum;Gewicht;Fett\n2026-03-01;80,5;21,5\n",
        "Datum\tGewicht\tFett\n2026-03-01\t80,5\t21,5\n",
        "Datum,Gewicht,Fett\n2026-03-01,\"80,5\",\"21,5\"\n",
    ]

    @Test(arguments: decimalComma)
    func aDecimalCommaIsRead(text: String) throws {
        let entry = try #require(Self.firstEntry(try Self.preview(text)))
        #expect(entry.kilograms == 80.5)
        #expect(entry.measurements == [KindID("fat"): 21.5])
    }

    @Test func slashedDatesWithNoDayAbove12AreAQuestion() throws {
        let text = "Date,Gewicht\n04/04/2026,80\n03/04/2026,80\n05/06/2026,81\n"
        #expect(try Self.refusal(text) == .spreadsheet(.ambiguousDates(example: "03/04/2026", line: 3)))
        // Answered, each reading gives its own days.
        let dayFirst = try Self.preview(text, options: SpreadsheetOptions(dates: .dayFirst))
        let monthFirst = try Self.preview(text, options: SpreadsheetOptions(dates: .monthFirst))
        #expect(dayFirst.newCount == 3)
        #expect(monthFirst.newCount == 3)
        #expect(dayFirst.files.first?.spreadsheet?.datesSource == .given)
        #expect(
            dayFirst.earliest.map { Date(timeIntervalSince1970: Double($0) / 1_000) }
                == LocalCalendar.date(from: .init(year: 2026, month: 4, day: 3, hour: 12)))
        #expect(
            monthFirst.earliest.map { Date(timeIntervalSince1970: Double($0) / 1_000) }
                == LocalCalendar.date(from: .init(year: 2026, month: 3, day: 4, hour: 12)))
    }

    /// The whole file settles the order: a day above 12 on the last line is found.
    @Test(arguments: [("13/01/2026", DateReading.dayFirst), ("01/13/2026", .monthFirst)])
    func aDayAbove12AnywhereSettlesTheOrder(last: String, reading: DateReading) throws {
        var text = "Date;Weight\n"
        for day in 1...12 { text += "0\(day % 9 + 1)/0\(day % 7 + 1)/2026;80\n" }
        text += "\(last);81\n"
        let preview = try Self.preview(text)
        let spreadsheet = try #require(preview.files.first?.spreadsheet)
        #expect(spreadsheet.dates == (reading == .dayFirst ? .dayFirst : .monthFirst))
        #expect(spreadsheet.datesSource == .file(example: last, line: 14))
        #expect(preview.rejectedCount == 0)
    }

    @Test func columnsAreNamedByHandByPlaceOrByHeader() throws {
        let text = "when;kg;Umfang;remark\n2026-03-01;80;88;x\n"
        #expect(try Self.refusal(text) == .unknownLayout)
        #expect(
            try Self.refusal("when,Gewicht\n2026-03-01,80\n")
                == .spreadsheet(.noDateColumn(headers: ["when", "Gewicht"])))
        let options = SpreadsheetOptions(columns: [
            ColumnChoice(column: "1", role: "date"), ColumnChoice(column: "KG", role: "weight"),
            ColumnChoice(column: "umfang", role: "waist"), ColumnChoice(column: "4", role: "note"),
        ])
        let preview = try Self.preview(text, options: options)
        let entry = try #require(Self.firstEntry(preview), "\(preview.samples)")
        #expect(entry.kilograms == 80)
        #expect(entry.measurements == [KindID("waist"): 88])
        #expect(entry.note == "x")
        #expect(preview.files.first?.spreadsheet?.columns.allSatisfy(\.byHand) == true)
        // A hand-named column wins over a header, and skip leaves one out.
        let chosen = try Self.preview(
            "date,weight,Gewicht\n2026-03-01,80,90\n",
            options: SpreadsheetOptions(columns: [
                ColumnChoice(column: "3", role: "weight"), ColumnChoice(column: "2", role: "skip"),
            ]))
        #expect(Self.firstEntry(chosen)?.kilograms == 90)
    }

    @Test func columnsThatCannotBeToldRefuseTheFile() throws {
        #expect(try Self.refusal("when,how much\n2026-03-01,80\n") == .unknownLayout)
        #expect(
            try Self.refusal("Datum,Puls\n2026-03-01,60\n")
                == .spreadsheet(.noMeasureColumn(headers: ["Datum", "Puls"])))
        #expect(
            try Self.refusal("date,weight\n2026-03-01,80\n", options: .init(columns: [.init(column: "7", role: "fat")]))
                == .spreadsheet(.noSuchColumn("7")))
        #expect(
            try Self.refusal(
                "date,weight\n2026-03-01,80\n", options: .init(columns: [.init(column: "2", role: "fatt")]))
                == .spreadsheet(.unknownRole("fatt")))
        #expect(try Self.refusal("date;weight\n2026-03-01;8\u{0}0\n") == .spreadsheet(.nulByte(line: 2)))
    }

    @Test func hostileCellsLeaveOutTheirRowsOnly() throws {
        let preview = try Self.preview(
            "date;weight;note\n2026-03-01;=1+79;x\n2026-03-02;1e400;\n2026-03-03;"
                + String(repeating: "9", count: 400) + ";\n2026-03-04;80;=HYPERLINK(\"x\")\n")
        #expect(preview.rejectedCount == 3)
        #expect(preview.newCount == 1)
        #expect(Self.firstEntry(preview)?.note == "=HYPERLINK(\"x\")")
    }

    /// The spreadsheet reader would read several named layouts' files, so that it is tried
    /// last is what keeps each of them in its own layout.
    @Test(arguments: ExchangeFixtures.samples.filter { $0.layout != .spreadsheet })
    func theSpreadsheetReaderNeverClaimsANamedLayoutsFile(sample: ExchangeFixtures.Sample) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let path = try harness.file(sample.text, named: sample.name).path
        let source = try ImportReader.open(path: path)
        #expect(source.layout == sample.layout)
        #expect(source.spreadsheet == nil)
        #expect(ImportLayout.named.contains(source.layout))
        #expect(throws: ImportFileError.spreadsheet(.namedLayout(sample.layout))) {
            try ImportReader.open(path: path, options: SpreadsheetOptions(dates: .dayFirst))
        }
    }

    @Test func namedLayoutsFilesWouldReadAsSpreadsheetsWereTheyNotTriedFirst() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let readable = try ExchangeFixtures.samples.filter { sample in
            guard sample.name.hasSuffix(".csv"), sample.layout != .spreadsheet else { return false }
            let path = try harness.file(sample.text, named: sample.name).path
            return (try? SpreadsheetRows(path: path, kinds: MeasurementKind.builtIn, options: .init())) != nil
        }
        #expect(readable.count >= 4, "\(readable.map(\.name))")
    }

    @Test(arguments: [4, 5, 7, 64])
    func theSeparatorDoesNotDependOnTheReadChunks(chunkSize: Int) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let path = try harness.file("Datum;Gewicht [kg];\"Fett; %\"\n2026-03-01;80,5;21\n", named: "c.csv").path
        let source = try SpreadsheetRows(
            path: path, kinds: MeasurementKind.builtIn, options: .init(), chunkSize: chunkSize)
        #expect(source.reading.delimiter == 0x3B)
        #expect(source.reading.columns.map(\.number) == [1, 2])
        #expect(source.leftOut.map(\.name) == ["Fett; %"])
    }

    @Test func theOptionsTravelWithTheDraft() throws {
        let draft = ImportDraft(
            files: [ImportedFile(name: "a.csv", path: "/a.csv")], givenUnit: .pounds,
            spreadsheet: SpreadsheetOptions(
                dates: .monthFirst, columns: [ColumnChoice(column: "Gewicht = kg", role: "weight")]))
        #expect(ImportDraft(record: draft.record) == draft)
        #expect(ImportDraft(record: ImportDraft(files: draft.files).record)?.spreadsheet == SpreadsheetOptions())
    }

    @Test func aColumnChoiceSplitsAtTheLastEquals() {
        #expect(ColumnChoice(text: "a=b=Weight") == ColumnChoice(column: "a=b", role: "weight"))
        #expect(ColumnChoice(text: "3=") == nil)
        #expect(ColumnChoice(text: "weight") == nil)
    }
}

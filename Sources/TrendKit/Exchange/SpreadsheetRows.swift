/// The rows of any other CSV, TSV or `;`-separated file: a person's own sheet. Its first line
/// names the columns; a date column and at least one column of a kind are found by their
/// headers (`SpreadsheetHeaders`) or named with `--column`. Its dates are ISO 8601, day first
/// (`31.03.2026`, `31/03/2026`) or month first (`03/31/2026`), each with a time or not; the
/// order of slashed dates is told from the whole file, or given with `--dates`. Only a file
/// that no named layout reads comes here.
final class SpreadsheetRows: RowSource {
    var layout: ImportLayout { .spreadsheet }
    let statedUnit: StatedUnit
    let stream: ByteStream
    let measureColumns: [MeasureColumn]
    let leftOut: [LeftOutColumn]
    var declaredKinds: [MeasurementKind] { [] }
    /// How each column is read, for the preview.
    let reading: SpreadsheetReading
    var spreadsheet: SpreadsheetReading? { reading }
    private let reader: CSVReader
    private let date: Int
    private let time: Int?
    private let weight: Int?
    private let note: Int?
    /// The file's column of each of `measureColumns`.
    private let measureIndexes: [Int]
    private let dateOrder: RawRow.DateOrder
    /// The reader holds a data record that `next` has not returned yet.
    private var pending = false

    convenience init(
        path: String, kinds: [MeasurementKind], options: SpreadsheetOptions,
        chunkSize: Int = ByteStream.defaultChunkSize
    ) throws(ImportFileError) {
        try self.init(stream: try ByteStream(path: path, chunkSize: chunkSize), kinds: kinds, options: options)
    }

    /// Reads the file `stream` opened, from its start; a second pass over it, when its slashed
    /// dates need one, opens the same path again.
    init(stream: ByteStream, kinds: [MeasurementKind], options: SpreadsheetOptions) throws(ImportFileError) {
        self.stream = stream
        let path = stream.path
        let chunkSize = stream.chunkSize
        let delimiter = try Self.delimiter(path: path, chunkSize: chunkSize)
        let reader = CSVReader(stream: stream, delimiter: delimiter)
        self.reader = reader
        repeat {
            guard try reader.next() else { throw .unknownLayout }
        } while reader.isBlank
        if reader.storage.contains(0) { throw .spreadsheet(.nulByte(line: reader.line)) }
        let names = (0..<reader.fieldCount).map { reader.text($0).trimmingWhitespace() }
        let plan = try Plan(names: names, kinds: kinds, choices: options.columns)
        date = plan.date
        time = plan.time
        weight = plan.weight
        note = plan.note
        measureIndexes = plan.measures.map(\.index)
        measureColumns = plan.measures.map(\.column)
        statedUnit = plan.weightUnit.map(StatedUnit.named) ?? .none
        var leftOut: [LeftOutColumn] = []
        for (index, name) in names.enumerated() where !plan.used.contains(index) && !name.isEmpty {
            guard leftOut.count < ImportMeasures.leftOutLimit else { break }
            leftOut.append(LeftOutColumn(name: name, reason: ImportMeasures.reason(name, layout: .spreadsheet)))
        }
        self.leftOut = leftOut

        // How the dates are written, from the first row's; slashed dates from the whole file.
        var first: (text: String, line: Int)?
        while try reader.next() {
            if reader.isBlank { continue }
            pending = true
            first = (reader.text(plan.date).trimmingWhitespace(), reader.line)
            break
        }
        var dates = SpreadsheetReading.Dates.iso
        var source = SpreadsheetReading.DatesSource.eitherWay
        if let first {
            switch DateShape(first.text) {
            case .iso, .none:
                source = .file(example: Self.shown(first.text), line: first.line)
            case .dotted:
                dates = .dayFirst
                source = .file(example: Self.shown(first.text), line: first.line)
            case .slashed:
                if let given = options.dates {
                    dates = given == .dayFirst ? .dayFirst : .monthFirst
                    source = .given
                } else {
                    (dates, source) = try Self.slashedOrder(
                        path: path, delimiter: delimiter, column: plan.date, chunkSize: chunkSize)
                }
            }
        }
        switch dates {
        case .iso: dateOrder = .yearMonthDay
        case .dayFirst: dateOrder = .dayMonthYear
        case .monthFirst: dateOrder = .monthDayYear
        }
        reading = SpreadsheetReading(
            delimiter: delimiter, columns: plan.described(names), dates: dates, datesSource: source)
    }

    func next(into row: inout RawRow) throws(ImportFileError) -> Bool {
        while true {
            if pending {
                pending = false
            } else {
                guard try reader.next() else { return false }
            }
            if reader.isBlank { continue }
            if reader.storage.contains(0) { throw .spreadsheet(.nulByte(line: reader.line)) }
            row.reset(line: reader.line)
            row.date = copy(date, into: &row)
            row.time = time.map { copy($0, into: &row) }
            row.weight = weight.map { copy($0, into: &row) } ?? row.bytes.count..<row.bytes.count
            row.note = note.map { copy($0, into: &row) }
            for (index, column) in measureIndexes.enumerated() where column < reader.fieldCount {
                let range = copy(column, into: &row)
                row.measures.append(RawMeasure(column: index, kind: measureColumns[index].kind.id, range: range))
            }
            row.dateOrder = dateOrder
            return true
        }
    }

    private func copy(_ column: Int, into row: inout RawRow) -> Range<Int> {
        guard column < reader.fieldCount else { return row.bytes.count..<row.bytes.count }
        return row.add(reader.storage[reader.range(column)])
    }

    /// The separator of the header's fields: the one that splits it into the most fields,
    /// quotes respected (a tab, then `;`, before `,` when as many). Each is tried on the first
    /// record alone, read as any record is, so the answer does not depend on the read chunks.
    static func delimiter(path: String, chunkSize: Int) throws(ImportFileError) -> UInt8 {
        var best: (delimiter: UInt8, fields: Int) = (0x2C, 0)
        for candidate: UInt8 in [0x09, 0x3B, 0x2C] {
            let reader = CSVReader(stream: try ByteStream(path: path, chunkSize: chunkSize), delimiter: candidate)
            repeat {
                guard try reader.next() else { throw .unknownLayout }
            } while reader.isBlank
            if reader.fieldCount > best.fields { best = (candidate, reader.fieldCount) }
        }
        return best.delimiter
    }

    /// A date as the preview and a question show it: at most 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// How a date is written, from its first characters.
    enum DateShape {
        /// `2026-03-31…`
        case iso
        /// `31.03.2026…`
        case dotted
        /// `03/31/2026…`, with the first two numbers.
        case slashed(Int, Int)

        init?(_ text: String) {
            let bytes = Array(text.utf8.prefix(16))
            func number(from start: Int) -> (value: Int, end: Int)? {
                var index = start
                var value = 0
                while index < bytes.count, index - start < 2, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    index += 1
                }
                return index > start ? (value, index) : nil
            }
            if bytes.count >= 5, bytes[0..<4].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes[4] == 0x2D {
                self = .iso
                return
            }
            guard let first = number(from: 0), first.end < bytes.count else { return nil }
            let separator = bytes[first.end]
            guard separator == 0x2E || separator == 0x2F, let second = number(from: first.end + 1),
                second.end < bytes.count, bytes[second.end] == separator
            else { return nil }
            self = separator == 0x2E ? .dotted : .slashed(first.value, second.value)
        }
    }

    /// Which of a slashed date's numbers is the day, from the whole file: the first date with
    /// a number above 12 settles it; a file without one, whose dates read as two different
    /// days, is a question for the person.
    static func slashedOrder(path: String, delimiter: UInt8, column: Int, chunkSize: Int) throws(ImportFileError)
        -> (SpreadsheetReading.Dates, SpreadsheetReading.DatesSource)
    {
        let stream = try ByteStream(path: path, chunkSize: chunkSize)
        let reader = CSVReader(stream: stream, delimiter: delimiter)
        var header = true
        var differing: (text: String, line: Int)?
        while try reader.next() {
            if reader.isBlank { continue }
            if header {
                header = false
                continue
            }
            guard column < reader.fieldCount else { continue }
            let text = reader.text(column).trimmingWhitespace()
            guard case .slashed(let first, let second)? = DateShape(text) else { continue }
            if first > 12 && second <= 12 { return (.dayFirst, .file(example: shown(text), line: reader.line)) }
            if second > 12 && first <= 12 { return (.monthFirst, .file(example: shown(text), line: reader.line)) }
            if first != second && differing == nil { differing = (shown(text), reader.line) }
        }
        if let differing { throw .spreadsheet(.ambiguousDates(example: differing.text, line: differing.line)) }
        return (.dayFirst, .eitherWay)
    }
}

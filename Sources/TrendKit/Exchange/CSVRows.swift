/// The rows of the CSV layouts: trendsh's own, Libra, openScale 2.x and 3.x, Withings, The
/// Hacker's Diet Online and TrendWeight. Each is recognised by its header; columns are
/// found by name, so a column added later (or one another app adds) changes nothing.
final class CSVRows: RowSource {
    let layout: ImportLayout
    let statedUnit: StatedUnit
    let stream: ByteStream
    private let reader: CSVReader
    private let columns: Columns
    let measureColumns: [MeasureColumn]
    let leftOut: [LeftOutColumn]
    var declaredKinds: [MeasurementKind] { [] }
    /// The reader holds a data record that `next` has not returned yet.
    private var pending = false
    /// The file's column of each of `measureColumns`.
    private let measureIndexes: [Int]

    /// Where a layout keeps what an entry needs.
    struct Columns {
        var date: Int
        var time: Int?
        var weight: Int
        var note: Int?

        var used: Set<Int> { Set([date, weight] + [time, note].compactMap { $0 }) }
    }

    /// A comma-separated file, recognised by its header.
    init(stream: ByteStream, kinds: [MeasurementKind] = MeasurementKind.builtIn) throws(ImportFileError) {
        self.stream = stream
        let reader = CSVReader(stream: stream)
        self.reader = reader
        var trendUnit: WeightUnit?
        repeat {
            guard try reader.next() else { throw .unknownLayout }
            if Self.isStartTrend(reader) { trendUnit = trendUnit ?? Self.unitWord(in: reader) }
        } while reader.isBlank || Self.isStartTrend(reader)
        let names = (0..<reader.fieldCount).map { reader.text($0).trimmingWhitespace() }
        guard let match = Self.match(names) else {
            throw Self.find(["habit"], in: names) != nil ? .habitsExport : .unknownLayout
        }
        layout = match.layout
        columns = match.columns
        let found = ImportMeasures.columns(names, layout: match.layout, kinds: kinds, used: match.columns.used)
        measureIndexes = found.columns.map(\.index)
        measureColumns = found.columns.map(\.column)
        leftOut = found.leftOut
        if match.layout == .hackersDiet {
            // The unit, when the export names one, is on a StartTrend line before the first day.
            var foundRow = false
            while try reader.next() {
                if Self.isStartTrend(reader) {
                    trendUnit = trendUnit ?? Self.unitWord(in: reader)
                } else if !reader.isBlank {
                    foundRow = true
                    break
                }
            }
            statedUnit = trendUnit.map(StatedUnit.named) ?? .none
            pending = foundRow
        } else {
            statedUnit = match.unit
        }
    }

    /// A Libra export: `#Version:N` and `#Units:kg|lb` lines, a `#date;weight;…` header,
    /// then `;`-separated rows.
    init(libra stream: ByteStream, kinds: [MeasurementKind] = MeasurementKind.builtIn) throws(ImportFileError) {
        self.stream = stream
        let reader = CSVReader(stream: stream, delimiter: 0x3B)
        self.reader = reader
        layout = .libra
        var sawVersion = false
        var unit: WeightUnit?
        var columns = Columns(date: 0, time: nil, weight: 1, note: nil)
        var foundRow = false
        var header: [String] = []
        while try reader.next() {
            if reader.isBlank { continue }
            let first = reader.text(0).trimmingWhitespace()
            guard first.hasPrefix("#") else {
                foundRow = true
                break
            }
            let lowered = first.lowercased()
            if lowered.hasPrefix("#version") {
                sawVersion = true
            } else if lowered.hasPrefix("#units:") {
                unit = WeightUnit(symbol: String(lowered.dropFirst("#units:".count)).trimmingWhitespace())
            } else if lowered.hasPrefix("#date") {
                let names = (0..<reader.fieldCount).map {
                    reader.text($0).trimmingWhitespace().lowercased()
                }.enumerated().map { $0.offset == 0 ? String($0.element.dropFirst()) : $0.element }
                columns.date = Self.find(["date"], in: names) ?? 0
                columns.weight = Self.find(["weight"], in: names) ?? 1
                columns.note = Self.find(["log", "comment", "comments", "note", "notes"], in: names)
                header = (0..<reader.fieldCount).map { reader.text($0).trimmingWhitespace() }
                if !header.isEmpty { header[0] = String(header[0].dropFirst()) }
            }
        }
        guard sawVersion else { throw .unknownLayout }
        self.columns = columns
        let found = ImportMeasures.columns(header, layout: .libra, kinds: kinds, used: columns.used)
        measureIndexes = found.columns.map(\.index)
        measureColumns = found.columns.map(\.column)
        leftOut = found.leftOut
        statedUnit = unit.map(StatedUnit.named) ?? .none
        pending = foundRow
    }

    func next(into row: inout RawRow) throws(ImportFileError) -> Bool {
        while true {
            if pending {
                pending = false
            } else {
                guard try reader.next() else { return false }
            }
            if reader.isBlank { continue }
            switch layout {
            case .libra:
                if reader.text(0).hasPrefix("#") { continue }
            case .hackersDiet:
                // Every day of a month has a line; a day without a weight is no weigh-in, and
                // StartTrend and other lines that are not days are not rows.
                let first = reader.storage[reader.range(0)].first { $0 != 0x20 }
                guard let first, first >= 0x30 && first <= 0x39 else { continue }
                guard columns.weight < reader.fieldCount,
                    reader.storage[reader.range(columns.weight)].contains(where: { $0 != 0x20 })
                else { continue }
            default:
                break
            }
            row.reset(line: reader.line)
            row.date = copy(columns.date, into: &row)
            row.time = columns.time.map { copy($0, into: &row) }
            row.weight = copy(columns.weight, into: &row)
            row.note = columns.note.map { copy($0, into: &row) }
            for (index, column) in measureIndexes.enumerated() where column < reader.fieldCount {
                let range = copy(column, into: &row)
                row.measures.append(RawMeasure(column: index, kind: measureColumns[index].kind.id, range: range))
            }
            row.noteHasFormulaMark = layout == .trendshCSV
            return true
        }
    }

    private func copy(_ column: Int, into row: inout RawRow) -> Range<Int> {
        guard column < reader.fieldCount else { return row.bytes.count..<row.bytes.count }
        return row.add(reader.storage[reader.range(column)])
    }

    /// The layout, its columns and its unit, from a header's names.
    static func match(_ names: [String]) -> (layout: ImportLayout, columns: Columns, unit: StatedUnit)? {
        let lowered = names.map { $0.lowercased() }
        if let date = names.firstIndex(of: "date"), let kilograms = names.firstIndex(of: "kilograms") {
            let columns = Columns(date: date, time: nil, weight: kilograms, note: names.firstIndex(of: "note"))
            return (.trendshCSV, columns, .named(.kilograms))
        }
        if names.count >= 3, names[0] == "DATE", names[1] == "TIME", let weight = names.firstIndex(of: "WEIGHT") {
            let columns = Columns(date: 0, time: 1, weight: weight, note: find(["comment", "note"], in: lowered))
            return (.openScale3, columns, .convention(.kilograms))
        }
        if names.count >= 3, names[0] == "Date", names[1] == "Time", names[2] == "Weight" {
            return (.trendWeight, Columns(date: 0, time: 1, weight: 2, note: nil), .none)
        }
        if let date = find(["datetime"], in: lowered), let weight = find(["weight"], in: lowered) {
            let columns = Columns(date: date, time: nil, weight: weight, note: find(["comment"], in: lowered))
            return (.openScale2, columns, .convention(.kilograms))
        }
        if lowered.count >= 4, Array(lowered[0..<4]) == ["date", "weight", "rung", "flag"] {
            return (.hackersDiet, Columns(date: 0, time: nil, weight: 1, note: find(["comment"], in: lowered)), .none)
        }
        // Withings writes `Date,"Weight (kg)",` and more columns of its own (`Comments`, `Fat
        // mass (kg)`…): a person's two-column `date,weight (lb)` sheet is a spreadsheet, whose
        // dates may be written in any of the ways a spreadsheet's are.
        if lowered.count >= 3, lowered[0] == "date", lowered[1].hasPrefix("weight ("), lowered[1].hasSuffix(")"),
            lowered.contains(where: { $0 == "comments" || $0.hasPrefix("fat mass (") })
        {
            let symbol = lowered[1].dropFirst("weight (".count).dropLast()
            guard let unit = WeightUnit(symbol: String(symbol)) else { return nil }
            let note = find(["comments", "comment"], in: lowered)
            return (.withings, Columns(date: 0, time: nil, weight: 1, note: note), .named(unit))
        }
        return nil
    }

    static func find(_ candidates: [String], in names: [String]) -> Int? {
        names.firstIndex { candidates.contains($0.lowercased()) }
    }

    private static func isStartTrend(_ reader: CSVReader) -> Bool {
        reader.text(0).trimmingWhitespace().lowercased() == "starttrend"
    }

    /// A unit word (`kg`, `lb`, `pounds`…) in any field of a StartTrend line.
    private static func unitWord(in reader: CSVReader) -> WeightUnit? {
        for index in 1..<max(1, reader.fieldCount) {
            let word = reader.text(index).trimmingWhitespace()
            if !word.isEmpty, let unit = WeightUnit(symbol: word) { return unit }
        }
        return nil
    }
}

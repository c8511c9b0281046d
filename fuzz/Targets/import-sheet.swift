import FoundationEssentials

@testable import TrendKit

/// The spreadsheet reader: `SpreadsheetRows` over `CSVReader`, for any CSV, TSV or
/// `;`-separated sheet. The first byte picks what the rest is: a file to import, read with
/// no options, `--dates day-first` or `--dates month-first` (its rows must pass
/// `Imports.check`, must not depend on where the read buffer ends, and a file that a named
/// layout reads never reaches it), or rows written as a person's sheet writes them (headers
/// in one of six languages, a unit in a header, ISO, dotted or slashed dates, a decimal
/// comma), which must read back to the minute and the tenth of a kilogram.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportSheet(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode % 4 {
    case 0, 1, 2:
        let options = SpreadsheetOptions(dates: mode % 4 == 0 ? nil : mode % 4 == 1 ? .dayFirst : .monthFirst)
        Imports.checkRows(rest) { stream throws(ImportFileError) in
            try SpreadsheetRows(stream: stream, kinds: MeasurementKind.builtIn, options: options)
        }
        checkNamedFirst(rest)
    default:
        checkSheet(rest)
    }
    return 0
}

/// A file `import` reads in a named layout is never read as a spreadsheet, and options
/// given for it refuse it.
private func checkNamedFirst(_ bytes: [UInt8]) {
    let path = Fuzz.file("named", holding: Array(bytes.dropFirst()))
    guard let source = try? ImportReader.open(path: path) else { return }
    Fuzz.check(
        (source.layout == .spreadsheet) == (source.spreadsheet != nil), "\(source.layout) with \(source)")
    guard source.layout != .spreadsheet else { return }
    do throws(ImportFileError) {
        _ = try ImportReader.open(path: path, options: SpreadsheetOptions(dates: .dayFirst))
        Fuzz.check(false, "options for a \(source.layout) file were taken")
    } catch {
        Fuzz.check(error == .spreadsheet(.namedLayout(source.layout)), "options for \(source.layout): \(error)")
    }
}

/// The headers a sheet is written with: a date, a weight (and its unit), a body fat.
private let headers: [(date: String, weight: String, fat: String, unit: WeightUnit?)] = [
    ("Datum", "Gewicht [kg]", "Körperfett (%)", .kilograms),
    ("fecha", "peso (lb)", "grasa corporal", .pounds),
    ("date", "poids", "graisse corporelle %", nil),
    ("datum", "gewicht kg", "vetpercentage", .kilograms),
    ("data", "peso", "grasso corporeo", nil),
    ("Date", "Body Weight", "Body Fat", nil),
]

/// Rows made from the bytes, written as a sheet in one of the languages, date forms and
/// separators; each must read back as written.
private func checkSheet(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    Imports.setZone(0)
    let header = headers[Int(bytes[0]) % headers.count]
    let form = Int(bytes[1]) % 4
    let separator: UInt8 = [0x3B, 0x09, 0x2C][Int(bytes[1] >> 2) % 3]
    let withTime = bytes[1] & 0x20 != 0
    var text = [header.date, header.weight, header.fat].joined(separator: String(UnicodeScalar(separator)))
    text += "\n"
    var expected: [ImportedEntry] = []
    var rest = bytes.dropFirst(2)
    while rest.count >= 6 {
        let chunk = Array(rest.prefix(6))
        rest = rest.dropFirst(6)
        let fields = LocalCalendar.Fields(
            year: 1990 + Int(chunk[0]) % 36, month: 1 + Int(chunk[1]) % 12, day: 1 + Int(chunk[2]) % 28,
            hour: withTime ? Int(chunk[3]) % 24 : 12, minute: withTime ? Int(chunk[4]) % 60 : 0)
        let tenths = 450 + (Int(chunk[4]) << 8 | Int(chunk[5])) % 4_000
        let fat = 20 + Int(chunk[3]) % 300
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        var date: String
        switch form {
        case 0: date = "\(fields.year)-\(two(fields.month))-\(two(fields.day))"
        case 1: date = "\(fields.day).\(fields.month).\(fields.year)"
        case 2: date = "\(two(fields.day))/\(two(fields.month))/\(fields.year)"
        default: date = "\(two(fields.month))/\(two(fields.day))/\(fields.year)"
        }
        if withTime { date += " \(fields.hour):\(two(fields.minute))" }
        let comma = separator != 0x2C || chunk[5] & 1 == 1
        let number = { (tenths: Int) -> String in
            let written = "\(tenths / 10)\(comma ? "," : ".")\(tenths % 10)"
            return separator == 0x2C && comma ? "\"\(written)\"" : written
        }
        text += [date, number(tenths), number(fat)].joined(separator: String(UnicodeScalar(separator))) + "\n"
        let unit = header.unit ?? .kilograms
        guard let moment = LocalCalendar.date(from: fields) else { return }
        expected.append(
            ImportedEntry(
                milliseconds: Int64((moment.timeIntervalSince1970 * 1_000).rounded()),
                kilograms: unit.kilograms(fromValue: Double(tenths) / 10), note: "",
                measurements: [KindID("fat"): Double(fat) / 10]))
    }
    let path = Fuzz.file("sheet.csv", holding: Array(text.utf8))
    let dates: DateReading? = form == 2 ? .dayFirst : form == 3 ? .monthFirst : nil
    let read = Imports.pass(path, chunkSize: 4 + Int(bytes[0] >> 3)) { stream throws(ImportFileError) in
        try SpreadsheetRows(stream: stream, kinds: MeasurementKind.builtIn, options: SpreadsheetOptions(dates: dates))
    }
    let kept = expected.filter { $0.kilograms.map { (20...500).contains($0) } ?? false }
    guard kept.count == expected.count else { return }
    Fuzz.check(read.layout == .spreadsheet && read.problem == nil, "the sheet reads as \(read)\n\(text)")
    let imported = read.rows.map(\.reading)
    Fuzz.check(
        imported == expected.map { Result<ImportedEntry, RowProblem>.success($0) },
        "wrote \(expected), read \(imported)\n\(text)")
}

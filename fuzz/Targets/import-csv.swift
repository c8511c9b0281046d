@testable import TrendKit

/// The CSV importer: `CSVReader` under `CSVRows`, for trendsh's own CSV, Libra, openScale,
/// Withings, The Hacker's Diet and TrendWeight. The first byte picks what the rest is:
/// a file to import (its rows must pass `Imports.check` and must not depend on where the
/// read buffer ends), fields that the export's CSV writer quotes and the reader must give
/// back unchanged, or entries exported as `export csv` writes them, which an import must
/// give back to the millisecond, the kilogram and the note.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode % 4 {
    case 0, 1:
        Imports.checkRows(rest) { stream throws(ImportFileError) in
            let first = stream.isEmpty ? nil : stream.buffer[stream.position]
            return first == 0x23 ? try CSVRows(libra: stream) : try CSVRows(stream: stream)
        }
    case 2:
        checkFields(rest)
    default:
        MainActor.assumeIsolated { Imports.checkExport(rest, format: .csv) }
    }
    return 0
}

/// Records of fields cut from the bytes (NUL between fields, 0xFF between records), written
/// as the export writes a note and read back: each field as written, with the `'` the
/// writer puts before a formula.
private func checkFields(_ bytes: [UInt8]) {
    let records = bytes.split(separator: 0xFF, omittingEmptySubsequences: false).map {
        $0.split(separator: 0, omittingEmptySubsequences: false).map(Fuzz.text)
    }
    var file: [UInt8] = []
    for record in records {
        for (index, field) in record.enumerated() {
            if index > 0 { file.append(0x2C) }
            ExportText.appendCSV(field, to: &file)
        }
        file += [0x0D, 0x0A]
    }
    let path = Fuzz.file("fields.csv", holding: file)
    do {
        let reader = CSVReader(stream: try ByteStream(path: path, chunkSize: 4 + file.count % 61))
        var read: [[String]] = []
        while try reader.next() { read.append((0..<reader.fieldCount).map(reader.text)) }
        let expected = records.map { record in
            record.map { field in
                // = + - @, a tab and a carriage return (OWASP's list), and the mark itself.
                let marked = field.utf8.first.map { [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D, 0x27].contains($0) } ?? false
                return (marked ? "'" : "") + field
            }
        }
        // A BOM the first field starts with is skipped, as it is in any file.
        let bom = "\u{FEFF}"
        if let first = expected.first?.first, first.hasPrefix(bom) { return }
        Fuzz.check(read == expected, "wrote \(expected), read \(read)")
    } catch {
        Fuzz.check(false, "fields written as CSV could not be read: \(error)")
    }
}

@testable import TrendKit

/// The XML importer: `XMLReader` under `AppleHealthRows`, for Apple Health's `export.xml`.
/// The first byte picks what the rest is: a file to import (its rows must pass
/// `Imports.check` and must not depend on where the read buffer ends), or texts that are
/// written as a record's attributes, escaped as XML allows (the five entities, decimal and
/// hexadecimal character references), which the reader must decode back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    if mode % 3 == 2 {
        checkAttributes(rest)
    } else {
        Imports.checkRows(rest) { stream throws(ImportFileError) in try AppleHealthRows(stream: stream) }
    }
    return 0
}

/// `text` as an attribute value in double quotes, each character escaped one of the ways XML
/// allows, chosen by `style`.
private func escaped(_ text: String, style: UInt8) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        let choice = (Int(style) + index) % 3
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case "\"": result += "&quot;"
        case ">" where choice == 0: result += "&gt;"
        case "'" where choice == 0: result += "&apos;"
        default:
            // XML normalises white space in attribute values, and allows no other control
            // character at all: those are written as references, which it keeps.
            if scalar.value < 0x20 || choice == 1 {
                result += "&#\(scalar.value);"
            } else if choice == 2 && scalar.value > 0x7E {
                result += "&#x\(String(scalar.value, radix: 16));"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

private func checkAttributes(_ bytes: [UInt8]) {
    guard let style = bytes.first else { return }
    let texts = Fuzz.parts(Array(bytes.dropFirst()), count: 3)
    // XML 1.0 has no way to write NUL or a C0 control other than tab, line feed and return.
    let allowed = texts.allSatisfy { text in
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
    guard allowed else { return }
    let document =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <Record type=\"HKQuantityTypeIdentifierBodyMass\" "
        + "startDate=\"\(escaped(texts[0], style: style))\" value=\"\(escaped(texts[1], style: style))\" "
        + "unit=\"\(escaped(texts[2], style: style))\"/>\n</HealthData>\n"
    let path = Fuzz.file("export.xml", holding: Array(document.utf8))
    do {
        let source = try AppleHealthRows(stream: try ByteStream(path: path, chunkSize: 4 + Int(style % 61)))
        var row = RawRow()
        Fuzz.check(try source.next(into: &row), "the record was not read")
        let read = [row.text(row.date), row.text(row.weight), row.unit.map(row.text) ?? ""]
        Fuzz.check(read == texts, "wrote \(texts), read \(read)")
        Fuzz.check(try !source.next(into: &row), "a second record was read")
    } catch {
        Fuzz.check(false, "\(document.debugDescription) could not be read: \(error)")
    }
}

/// The pieces of an export's text, appended as bytes: CSV fields (RFC 4180 quoting, and a
/// `'` before text a spreadsheet would run as a formula), JSON strings, and numbers.
enum ExportText {
    /// Appends a CSV field, quoted when it holds a comma, a quote or a line break, and with
    /// one `'` in front when a spreadsheet would run it as a formula (`FormulaGuard`).
    static func appendCSV(_ text: String, to bytes: inout [UInt8]) {
        let marked = FormulaGuard.needsMark(text)
        var text = text
        text.withUTF8 { utf8 in
            let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            if needsQuotes { bytes.append(0x22) }
            if marked { bytes.append(0x27) }
            if needsQuotes {
                for byte in utf8 {
                    if byte == 0x22 { bytes.append(0x22) }
                    bytes.append(byte)
                }
                bytes.append(0x22)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// Appends a JSON string, quotes included; control characters are escaped.
    static func appendJSON(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x00..<0x20:
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(0x22)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }

    /// Appends the shortest decimal that reads back as exactly this number (`75.4`,
    /// `74.84274105`), so an export and an import give back the same kilograms.
    static func appendExact(_ value: Double, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Appends a number rounded half away from zero to one decimal: `165.3`.
    static func appendOneDecimal(_ value: Double, to bytes: inout [UInt8]) {
        let tenths = (abs(value) * 10).rounded(.toNearestOrAwayFromZero)
        guard tenths < 1e15 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        let units = Int64(tenths)
        if value < 0 && units != 0 { bytes.append(0x2D) }
        bytes.append(contentsOf: String(units / 10).utf8)
        bytes.append(0x2E)
        bytes.append(UInt8(0x30 + units % 10))
    }

    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

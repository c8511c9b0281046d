import Foundation

@testable import TrendKit

/// The JSON importer: `JSONReader` under `JSONRows`, for trendsh's own JSON and Fitbit's.
/// The first byte picks what the rest is: a file to import (its rows must pass
/// `Imports.check` and must not depend on where the read buffer ends), a JSON document that
/// the reader must accept exactly when Foundation's JSON parser does, with the same strings,
/// text that the export's JSON writer escapes and the reader must give back unchanged, or
/// entries exported as `export json` writes them, which an import must give back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode % 5 {
    case 0, 1:
        Imports.checkRows(rest) { stream throws(ImportFileError) in try JSONRows(stream: stream) }
    case 2:
        checkGrammar(rest)
    case 3:
        checkStrings(rest)
    default:
        MainActor.assumeIsolated { Imports.checkExport(rest, format: .json) }
    }
    return 0
}

/// Every token of the document, with its text; nil when the reader refuses it (and then
/// whether it refused it for nesting deeper than its limit, or for a number no double holds).
private func tokens(_ path: String) -> (strings: Set<String>?, tooDeep: Bool, huge: Bool) {
    var strings = Set<String>()
    var depth = 0
    var huge = false
    do {
        let reader = JSONReader(stream: try ByteStream(path: path, chunkSize: 7))
        while true {
            switch try reader.next() {
            case .end: return (strings, false, huge)
            case .beginArray, .beginObject: depth += 1
            case .endArray, .endObject: depth -= 1
            case .key, .string: strings.insert(reader.string)
            case .number: if !(Double(reader.string)?.isFinite ?? false) { huge = true }
            case .bool, .null: break
            }
        }
    } catch {
        return (nil, depth >= JSONReader.depthLimit - 1, huge)
    }
}

private func checkGrammar(_ bytes: [UInt8]) {
    let path = Fuzz.file("document.json", holding: bytes)
    let read = tokens(path)
    // Foundation is given the document as `ByteStream` reads it: without a byte-order mark.
    let document = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let parsed = try? JSONDecoder().decode(JSONValue.self, from: Data(document))
    if let strings = read.strings {
        guard let parsed else {
            // (Foundation's decoder refuses `0e4` and `0E4`, a zero with an unsigned exponent,
            // though it takes `-0e1` and `0e+4`; RFC 8259 allows all four, and so does the reader.)
            if hasZeroWithUnsignedExponent(document) { return }
            Fuzz.check(read.huge, "the reader accepts \(Fuzz.text(bytes).debugDescription); Foundation does not")
            return
        }
        Fuzz.check(
            parsed.strings.isSubset(of: strings),
            "Foundation reads the strings \(parsed.strings), the reader \(strings)")
    } else if let parsed, !document.contains(0), !hasTrailingComma(document),
        !document.starts(with: [0xEF, 0xBB, 0xBF]),
        (try? JSONSerialization.jsonObject(with: Data(document), options: [.fragmentsAllowed])) != nil
    {
        // (Foundation takes a NUL after a top-level number as the document's end, "1\0",
        // a comma before a closing bracket as nothing, `{"a":1,}`, and skips a byte-order
        // mark of its own, so a file that starts with two reads as one; RFC 8259 has none
        // of these rules, and the reader refuses all three. Its decoder also takes an
        // object whose key repeats without reading the later value whole, `{"a":1,"a":2+}`,
        // which its own JSONSerialization refuses: a document counts as one Foundation
        // accepts only when both take it.)
        Fuzz.check(
            read.tooDeep || parsed.depth >= JSONReader.depthLimit,
            "Foundation accepts \(Fuzz.text(bytes).debugDescription); the reader does not")
    }
}

/// The bytes outside every string, with their places: each opening quote is given (so a
/// caller sees where a string starts), nothing inside one, nor its closing quote.
private func outsideStrings(_ bytes: [UInt8]) -> [(index: Int, byte: UInt8)] {
    var outside: [(index: Int, byte: UInt8)] = []
    var inString = false
    var escaped = false
    for (index, byte) in bytes.enumerated() {
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                inString = false
            }
            continue
        }
        if byte == 0x22 { inString = true }
        outside.append((index, byte))
    }
    return outside
}

/// True when, outside strings, a number starts `0e` or `0E` and a digit: `0e4`.
private func hasZeroWithUnsignedExponent(_ bytes: [UInt8]) -> Bool {
    outsideStrings(bytes).contains { index, byte in
        let startsNumber = index == 0 || !bytes[index - 1].isDigitOrNumberPart
        return byte == 0x30 && startsNumber && index + 2 < bytes.count && bytes[index + 1] | 0x20 == 0x65
            && (0x30...0x39).contains(bytes[index + 2])
    }
}

extension UInt8 {
    /// A digit, or a byte that can come before one inside a JSON number.
    fileprivate var isDigitOrNumberPart: Bool {
        (0x30...0x39).contains(self) || self == 0x2E || self == 0x2D || self == 0x2B
    }
}

/// True when a comma outside every string is followed, after white space, by `}` or `]`:
/// a trailing comma, which Foundation's parser skips and RFC 8259 does not allow.
private func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
    var afterComma = false
    for (_, byte) in outsideStrings(bytes) {
        switch byte {
        case 0x2C: afterComma = true
        case 0x20, 0x09, 0x0A, 0x0D: continue
        case 0x7D, 0x5D:
            if afterComma { return true }
        default: afterComma = false
        }
    }
    return false
}

/// Texts cut from the bytes at NUL, written as the export writes a note and read back.
private func checkStrings(_ bytes: [UInt8]) {
    let texts = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Fuzz.text)
    var file: [UInt8] = [0x5B]
    for (index, text) in texts.enumerated() {
        if index > 0 { file.append(0x2C) }
        ExportText.appendJSON(text, to: &file)
    }
    file.append(0x5D)
    let path = Fuzz.file("strings.json", holding: file)
    do {
        let reader = JSONReader(stream: try ByteStream(path: path, chunkSize: 4 + file.count % 61))
        Fuzz.check(try reader.next() == .beginArray, "the array does not open")
        var read: [String] = []
        while case .string = try reader.next() { read.append(reader.string) }
        Fuzz.check(read == texts, "wrote \(texts), read \(read)")
    } catch {
        Fuzz.check(false, "texts written as JSON could not be read: \(error)")
    }
}

/// Any JSON value, as Foundation's decoder reads it.
private indirect enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var strings: Set<String> {
        switch self {
        case .null, .bool, .number: return []
        case .string(let text): return [text]
        case .array(let values): return values.reduce(into: []) { $0.formUnion($1.strings) }
        case .object(let members):
            return members.reduce(into: Set(members.keys)) { $0.formUnion($1.value.strings) }
        }
    }

    var depth: Int {
        switch self {
        case .null, .bool, .number, .string: return 0
        case .array(let values): return 1 + (values.map(\.depth).max() ?? 0)
        case .object(let members): return 1 + (members.values.map(\.depth).max() ?? 0)
        }
    }
}

import Testing

@testable import TrendKit

/// The JSON reader gives one token at a time, decodes strings exactly, and names the line
/// where a document breaks the grammar.
@Suite struct JSONReaderTests {
    /// Every token of `text`, strings and numbers with their text.
    static func tokens(_ text: String, chunkSize: Int = 4) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reader = JSONReader(stream: try stream(Array(text.utf8), chunkSize: chunkSize, in: directory))
        var tokens: [String] = []
        while true {
            let token = try reader.next()
            switch token {
            case .end: return tokens
            case .key: tokens.append("key:" + reader.string)
            case .string: tokens.append("string:" + reader.string)
            case .number: tokens.append("number:" + reader.string)
            case .bool(let value): tokens.append("\(value)")
            case .null: tokens.append("null")
            case .beginObject: tokens.append("{")
            case .endObject: tokens.append("}")
            case .beginArray: tokens.append("[")
            case .endArray: tokens.append("]")
            }
        }
    }

    @Test(arguments: [4, 5, 9, 4096])
    func aDocumentReadsAsItsTokensHoweverItIsChunked(chunkSize: Int) throws {
        let text = #"{"a": [1, -2.5e3, "x\"y\\z\n\u00e9\ud83d\ude00", true, false, null, {}, []], "b" : {"c":0}}"#
        #expect(
            try Self.tokens(text, chunkSize: chunkSize) == [
                "{", "key:a", "[", "number:1", "number:-2.5e3", "string:x\"y\\z\n\u{e9}\u{1F600}", "true", "false",
                "null", "{", "}", "[", "]", "]", "key:b", "{", "key:c", "number:0", "}", "}",
            ])
    }

    @Test(arguments: [
        ("{\n\"a\": 1\n\"b\": 2}", 3),
        ("[1,\n2,\n]", 3),
        ("{\"a\" 1}", 1),
        ("[01]", 1),
        ("[1.]", 1),
        ("[tru]", 1),
        ("[\"\\q\"]", 1),
        ("[\"\\ud83d\"]", 1),
        ("[\"a\nb\"]", 1),
        ("[1] [2]", 1),
        ("\n\n[1", 3),
        ("{\"a\":}", 1),
    ])
    func aBrokenDocumentNamesItsLine(text: String, line: Int) throws {
        #expect(throws: ImportFileError.malformed(line: line)) { try Self.tokens(text) }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let deep = String(repeating: "[", count: JSONReader.depthLimit + 1)
        #expect(throws: ImportFileError.malformed(line: 1)) { try Self.tokens(deep, chunkSize: 4096) }
    }

    @Test func aStringOverOneMegabyteIsRefused() throws {
        let big = "[\"" + String(repeating: "x", count: CSVReader.fieldLimit + 1) + "\"]"
        #expect(throws: ImportFileError.fieldTooLong(line: 1)) { try Self.tokens(big, chunkSize: 1 << 16) }
    }
}

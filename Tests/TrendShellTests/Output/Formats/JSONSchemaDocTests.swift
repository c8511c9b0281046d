import Testing

@testable import TrendShell

#if canImport(Glibc)
    import Glibc
#endif

/// docs/json.md lists every reason code a missing figure can have and every error code, as
/// rows of its tables: a code added in the source without a line in the schema fails here.
struct JSONSchemaDocTests {
    /// docs/json.md, found above this file.
    static func schemaText() -> String? {
        var directory = String(#filePath)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            guard access(directory + "/Package.swift", F_OK) == 0 else { continue }
            guard let file = fopen(directory + "/docs/json.md", "r") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count == 0 { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    @Test func everyReasonCodeIsARowOfTheSchema() throws {
        let text = try #require(Self.schemaText())
        for reason in MissingReason.allCases {
            #expect(text.contains("| `\(reason.rawValue)` |"), "docs/json.md lacks \(reason.rawValue)")
        }
    }

    @Test func everyErrorCodeIsARowOfTheSchema() throws {
        let text = try #require(Self.schemaText())
        for code in ErrorCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` |"), "docs/json.md lacks \(code.rawValue)")
        }
    }

    @Test func theSchemaNamesItsNameAndVersion() throws {
        let text = try #require(Self.schemaText())
        #expect(text.contains("Name `\(OutputSchema.name)`, version `\(OutputSchema.version)`"))
    }
}

import Testing

@testable import TrendKit

/// The CSV reader reads RFC 4180 records one at a time from any chunking of the file, and
/// refuses the two mistakes that would swallow the rest of it: an unclosed quote and a
/// field over 1 MB.
@Suite struct CSVReaderTests {
    /// Every record of `text` as its starting line and its fields.
    static func records(_ bytes: [UInt8], delimiter: UInt8 = 0x2C, chunkSize: Int = 4) throws -> [Record] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reader = CSVReader(stream: try stream(bytes, chunkSize: chunkSize, in: directory), delimiter: delimiter)
        var records: [Record] = []
        while try reader.next() {
            records.append(Record(line: reader.line, fields: (0..<reader.fieldCount).map { reader.text($0) }))
        }
        return records
    }

    static func records(_ text: String, chunkSize: Int = 4) throws -> [Record] {
        try records(Array(text.utf8), chunkSize: chunkSize)
    }

    struct Record: Equatable, CustomStringConvertible {
        var line: Int
        var fields: [String]
        var description: String { "\(line): \(fields)" }
    }

    static let awkward = "a,\"b, with a comma\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,\"\"\r\nlast,row,here"

    @Test(arguments: [4, 5, 7, 16, 1 << 16])
    func quotedFieldsHoldDelimitersQuotesAndLineBreaksHoweverTheFileIsChunked(chunkSize: Int) throws {
        #expect(
            try Self.records(Self.awkward, chunkSize: chunkSize) == [
                Record(line: 1, fields: ["a", "b, with a comma", "say \"hi\""]),
                Record(line: 2, fields: ["two\nlines", "", ""]),
                Record(line: 4, fields: ["last", "row", "here"]),
            ])
    }

    @Test func lineEndsMayBeLFCRLFOrCR() throws {
        #expect(
            try Self.records("a,1\nb,2\r\nc,3\rd,4") == [
                Record(line: 1, fields: ["a", "1"]), Record(line: 2, fields: ["b", "2"]),
                Record(line: 3, fields: ["c", "3"]), Record(line: 4, fields: ["d", "4"]),
            ])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstField() throws {
        #expect(try Self.records([0xEF, 0xBB, 0xBF] + Array("date,kg\r\n".utf8)).first?.fields == ["date", "kg"])
    }

    @Test func aBlankLineIsABlankRecordAndTheFinalLineEndIsOptional() throws {
        #expect(
            try Self.records("a\n\nb") == [
                Record(line: 1, fields: ["a"]), Record(line: 2, fields: [""]), Record(line: 3, fields: ["b"]),
            ])
        #expect(try Self.records("a,\n") == [Record(line: 1, fields: ["a", ""])])
        #expect(try Self.records("") == [])
    }

    @Test func semicolonsSeparateLibraFields() throws {
        #expect(try Self.records(Array("x;\"y;z\"\n".utf8), delimiter: 0x3B).first?.fields == ["x", "y;z"])
    }

    @Test func anUnclosedQuoteNamesTheLineItOpenedOn() throws {
        #expect(throws: ImportFileError.unterminatedQuote(line: 2)) {
            try Self.records("a,b\nc,\"open\nd,e\nf,g\n")
        }
    }

    @Test func aFieldOverOneMegabyteIsRefusedNamingItsLine() throws {
        let big = String(repeating: "x", count: CSVReader.fieldLimit + 1)
        #expect(throws: ImportFileError.fieldTooLong(line: 3)) {
            try Self.records("a,b\nc,d\n1,\"\(big)\"\n", chunkSize: 1 << 16)
        }
    }

    @Test func aFieldOfExactlyOneMegabyteIsRead() throws {
        let big = String(repeating: "x", count: CSVReader.fieldLimit)
        let records = try Self.records("a,\(big)\n", chunkSize: 1 << 16)
        #expect(records.first?.fields.last?.count == CSVReader.fieldLimit)
    }

    @Test func aRowOfTooManyFieldsIsRefused() throws {
        let row = String(repeating: ",", count: CSVReader.fieldCountLimit + 1)
        #expect(throws: ImportFileError.rowTooLong(line: 1)) { try Self.records(row + "\n", chunkSize: 1 << 16) }
    }
}

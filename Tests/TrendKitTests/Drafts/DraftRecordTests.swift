import Testing
import TrendKit

@Suite struct DraftRecordTests {
    @Test(arguments: [
        DraftRecord(kind: "weight", fields: [:]),
        DraftRecord(kind: "weight", fields: ["value": "75,5", "note": "after the run"]),
        DraftRecord(kind: "", fields: ["": ""]),
        DraftRecord(
            kind: "habit",
            fields: [
                "note": "line one\nline two", "nul": "before\u{0}after", "emoji": "\u{1F3C3}\u{200D}\u{2640}\u{FE0F}",
                "decomposed": "cafe\u{301}", "quotes": "it's \"fine\" = yes",
            ]),
    ])
    func aRecordReadsBackExactly(record: DraftRecord) throws {
        let decoded = try #require(DraftRecord(decoding: record.encoded()))
        #expect(decoded == record)
        for (key, value) in record.fields {
            #expect(Array(decoded[key]?.unicodeScalars ?? "".unicodeScalars) == Array(value.unicodeScalars))
        }
    }

    @Test func theEncodingDoesNotDependOnTheOrderFieldsWereAdded() {
        var first = DraftRecord(kind: "weight", fields: [:])
        first.fields["a"] = "1"
        first.fields["b"] = "2"
        var second = DraftRecord(kind: "weight", fields: [:])
        second.fields["b"] = "2"
        second.fields["a"] = "1"
        #expect(first.encoded() == second.encoded())
    }

    @Test func bytesThatAreNotARecordAreRefused() {
        let encoded = DraftRecord(kind: "weight", fields: ["value": "75"]).encoded()
        #expect(DraftRecord(decoding: []) == nil)
        #expect(DraftRecord(decoding: Array("TDR1".utf8) + encoded.dropFirst(4)) == nil)
        #expect(DraftRecord(decoding: Array(encoded.dropLast())) == nil)
        #expect(DraftRecord(decoding: encoded + [0]) == nil)
        #expect(DraftRecord(decoding: Array(#"{"draft":{}}"#.utf8)) == nil)
    }

    @Test func aKeyTwiceOrTextThatIsNotUTF8IsRefused() {
        // TDR2, kind "w", two fields: "k" = "1" and "k" = "2".
        func string(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count), 0, 0, 0] + bytes }
        let header = Array("TDR2".utf8) + string(Array("w".utf8))
        let twice = header + [2, 0, 0, 0] + string([0x6B]) + string([0x31]) + string([0x6B]) + string([0x32])
        let once = header + [1, 0, 0, 0] + string([0x6B]) + string([0x31])
        let invalidUTF8 = header + [1, 0, 0, 0] + string([0x6B]) + string([0xFF, 0xFE])

        #expect(DraftRecord(decoding: once) == DraftRecord(kind: "w", fields: ["k": "1"]))
        #expect(DraftRecord(decoding: twice) == nil)
        #expect(DraftRecord(decoding: invalidUTF8) == nil)
    }

    @Test func aHugeFieldCountIsRefusedWithoutReadingOn() {
        let bytes = Array("TDR2".utf8) + [1, 0, 0, 0, 0x77] + [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(DraftRecord(decoding: bytes) == nil)
    }
}

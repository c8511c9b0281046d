import Testing
import TrendKit

@Suite struct UTF8TextTests {
    @Test(
        arguments: [
            ([0x61, 0xFF, 0x62], "a\\xFFb"),
            ([0xC3, 0x28], "\\xC3("),
            // Overlong "/", a surrogate, past U+10FFFF: each byte shown.
            ([0xC0, 0xAF], "\\xC0\\xAF"),
            ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),
            ([0xF4, 0x90, 0x80, 0x80], "\\xF4\\x90\\x80\\x80"),
            // A sequence cut short at the end.
            ([0x63, 0x61, 0x66, 0xC3], "caf\\xC3"),
            ([0xE2, 0x82], "\\xE2\\x82"),
            // Good text around bad bytes stays as it is.
            ([0xC3, 0xA9, 0x80, 0xF0, 0x9F, 0x8F, 0x83], "é\\x80🏃"),
        ] as [([UInt8], String)])
    func bytesThatAreNotUTF8AreShownOneEscapeEach(bytes: [UInt8], shown: String) {
        #expect(UTF8Text.decode(bytes) == nil)
        #expect(UTF8Text.showing(bytes) == shown)
    }

    @Test func wellFormedTextIsDecodedAsItIs() {
        let text = "note café 体重 🏃 \u{1B}[2J \\xFF"
        #expect(UTF8Text.decode(Array(text.utf8)) == text)
        #expect(UTF8Text.showing(Array(text.utf8)) == text)
        #expect(UTF8Text.decode([UInt8]()) == "")
    }

    @Test func everySingleByteIsShownOrDecoded() {
        for byte in UInt8.min...UInt8.max {
            let shown = UTF8Text.showing([byte])
            if byte < 0x80 {
                #expect(shown == String(UnicodeScalar(byte)))
            } else {
                #expect(shown == UTF8Text.escape(byte))
                #expect(shown.utf8.count == 4)
            }
        }
    }
}

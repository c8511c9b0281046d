import Testing
import TrendShell

@Suite struct DisplayTextTests {
    @Test(arguments: [
        ("75 kg after run", "75 kg after run"),
        ("caf\u{E9} \u{1F3C3} \u{65E5}\u{672C}", "caf\u{E9} \u{1F3C3} \u{65E5}\u{672C}"),
        ("", ""),
        ("\u{1B}[31mred\u{1B}[0m", "\\e[31mred\\e[0m"),
        ("a\tb", "a\\tb"),
        ("a\nb", "a\\nb"),
        ("a\rb", "a\\rb"),
        ("a\r\nb", "a\\r\\nb"),
        ("bell\u{7}", "bell\\u{7}"),
        ("nul\u{0}", "nul\\u{0}"),
        ("backspace\u{8}", "backspace\\u{8}"),
        ("delete\u{7F}", "delete\\u{7F}"),
        ("c1 csi\u{9B}31m", "c1 csi\\u{9B}31m"),
        ("line\u{2028}separator", "line\\u{2028}separator"),
        ("paragraph\u{2029}", "paragraph\\u{2029}"),
        ("\u{202E}reversed", "\\u{202E}reversed"),
        ("\u{2066}isolate\u{2069}", "\\u{2066}isolate\\u{2069}"),
        ("e\u{301}", "e\u{301}"),
    ])
    func controlCharactersAreShownAsEscapes(text: String, shown: String) {
        #expect(DisplayText.escaped(text) == shown)
    }

    @Test func everyC0AndC1ControlIsEscaped() {
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) {
            let scalar = Unicode.Scalar(UInt32(value))!
            let shown = DisplayText.escaped(String(Character(scalar)))
            #expect(shown.hasPrefix("\\"), "U+\(String(value, radix: 16))")
            #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}

import FoundationEssentials
import Testing
import TrendShell

@Suite struct AsciicastTests {
    @Test func theHeaderHasTheSizeTheTitleAndAFixedEnvironmentButNoTimestamp() {
        let line = Asciicast.headerLine(Asciicast.Header(width: 80, height: 24, title: "trendsh: lesson"))
        #expect(
            line
                == #"{"version": 2, "width": 80, "height": 24, "title": "trendsh: lesson", "env": {"SHELL": "trendsh", "TERM": "xterm-256color"}}"#
        )
        #expect(!line.contains("timestamp"))
    }

    @Test func anEventIsTheTimeTheCodeAndTheData() {
        #expect(Asciicast.eventLine(milliseconds: 1250, .output, "value: 75\r\n") == #"[1.250, "o", "value: 75\r\n"]"#)
        #expect(Asciicast.eventLine(milliseconds: 0, .marker, "Lesson 1") == #"[0.000, "m", "Lesson 1"]"#)
    }

    @Test(arguments: [(0, "0.000"), (5, "0.005"), (50, "0.050"), (999, "0.999"), (1000, "1.000"), (62_005, "62.005")])
    func secondsHaveThreeDecimalsMadeFromTheInteger(milliseconds: Int, text: String) {
        #expect(Asciicast.seconds(milliseconds) == text)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("line\r\n", #""line\r\n""#),
        ("tab\tbell\u{7}", #""tab\tbell\u0007""#),
        ("\u{8}\u{C}", #""\b\f""#),
        ("\u{0}", #""\u0000""#),
        ("\u{1B}[2mdim\u{1B}[0m", #""\u001b[2mdim\u001b[0m""#),
        ("del\u{7F} c1\u{9B}", #""del\u007f c1\u009b""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#),
        ("75 kg · ●", #""75 kg · ●""#),
        ("😀 e\u{301}", "\"😀 e\u{301}\""),
    ])
    func aJSONStringEscapesWhatRFC8259RequiresAndWhatCouldDriveATerminal(text: String, json: String) {
        #expect(Asciicast.jsonString(text) == json)
    }

    /// Every control character, the separators, quotes, backslashes and text outside the
    /// basic plane: each string reads back from its JSON form as it was written.
    @Test func everyStringReadsBackFromItsJSONForm() throws {
        var samples = (0...0xA0).compactMap(Unicode.Scalar.init).map { "<" + String(Character($0)) + ">" }
        samples += ["", "\"\\\"", "\u{2028}\u{2029}", "😀👍🏽", "日本語", "e\u{301}", "\r\n\r\n", "\\u0000"]
        for sample in samples {
            let json = "[" + Asciicast.jsonString(sample) + "]"
            let decoded = try JSONDecoder().decode([String].self, from: Data(json.utf8))
            #expect(decoded == [sample], "\(json)")
            #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}

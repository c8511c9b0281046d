import Testing
import TrendShell

@Suite struct ScriptLinesTests {
    @Test(arguments: [
        ("value 75\nsave", ["value 75", "save"]),
        ("value 75\r\nsave\r\n", ["value 75", "save"]),
        ("unit lb\n\n# note\n", ["unit lb", "", "# note"]),
        ("", []),
        ("one", ["one"]),
        ("a\rb\n", ["a\rb"]),
    ])
    func linesAreSplitAtLineEndsWithOrWithoutACarriageReturn(text: String, lines: [String]) {
        #expect(ScriptLines.split(text) == lines)
    }

    @Test func aLineOfTheLimitIsReadAndOneByteLongerIsRefusedWhole() {
        let longest = [UInt8](repeating: UInt8(ascii: "#"), count: maximumLineBytes)
        let oneMore = longest + [UInt8(ascii: "#")]
        #expect(
            ScriptLines.split(bytes: longest + [0x0A] + oneMore + [0x0D, 0x0A]) == [
                .line(String(decoding: longest, as: UTF8.self)), .tooLong(byteCount: maximumLineBytes + 1),
            ])
    }
}

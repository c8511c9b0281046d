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
}

import Testing

/// The emulator the interactive tests read the screen through.
@Suite struct TerminalScreenTests {
    private func screen(_ text: String) -> TerminalScreen {
        TerminalScreen(rendering: Array(text.utf8), columns: 20)
    }

    @Test func carriageReturnAndColumnMovesOverwrite() {
        let shown = screen("trendsh> val\r\u{1B}[13Gue ")
        #expect(shown.lines == ["trendsh> value"])
        #expect(shown.textBeforeCursor == "trendsh> value ")
    }

    @Test func eraseToEndOfLineAndNewline() {
        let shown = screen("abcdef\r\u{1B}[3G\u{1B}[K\r\nnext")
        #expect(shown.lines == ["ab", "next"])
    }

    @Test func wideCharactersTakeTwoColumns() {
        let shown = screen("a体重b\u{8}\u{8}\u{8}X")
        #expect(shown.lines == ["a体X b"])
        #expect(shown.textBeforeCursor == "a体X")
    }

    @Test func insertAndDeleteCharacters() {
        let shown = screen("abc\r\u{1B}[2G\u{1B}[2@XY\u{1B}[1P")
        #expect(shown.lines == ["aXYc"])
    }

    @Test func cursorMovedPastTheTextCountsAsBlanks() {
        let shown = screen("trendsh> delete 2\u{1B}[C")
        #expect(shown.textBeforeCursor == "trendsh> delete 2 ")
    }

    @Test func colourCodesShowNothing() {
        let shown = screen("trendsh\u{1B}[33;1m*\u{1B}[0m> ")
        #expect(shown.lines == ["trendsh*>"])
        #expect(shown.textBeforeCursor == "trendsh*> ")
        #expect(TerminalScreen.containsColour("trendsh\u{1B}[33;1m*"))
        #expect(!TerminalScreen.containsColour("trendsh\u{1B}[13G\u{1B}[K*"))
    }
}

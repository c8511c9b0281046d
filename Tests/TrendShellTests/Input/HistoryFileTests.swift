import Testing
import TrendKit
import TrendShell
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite @MainActor struct HistoryFileTests {
    @Test func linesAreKeptInOrderAndReadBackByTheNextSession() {
        let directory = TemporaryDirectory()
        let history = HistoryFile(path: directory.file("history"))
        #expect(history.entries == [])
        history.add("value 75")
        history.add("save")
        #expect(history.entries == ["value 75", "save"])
        #expect(directory.read("history") == "value 75\nsave\n")
        #expect(HistoryFile(path: directory.file("history")).entries == ["value 75", "save"])
    }

    @Test func aLineRepeatingThePreviousOneIsKeptOnce() {
        let directory = TemporaryDirectory()
        let history = HistoryFile(path: directory.file("history"))
        for line in ["list", "list", "value 75", "list", "list"] { history.add(line) }
        #expect(history.entries == ["list", "value 75", "list"])
        #expect(HistoryFile(path: directory.file("history")).entries == ["list", "value 75", "list"])
    }

    @Test func blankLinesAreNotKept() {
        let directory = TemporaryDirectory()
        let history = HistoryFile(path: directory.file("history"))
        for line in ["", "   ", "\t"] { history.add(line) }
        #expect(history.entries == [])
        #expect(directory.read("history") == nil)
    }

    @Test(arguments: [
        "note \u{1B}[31mred\u{1B}[0m",
        "note a\nb",
        "note tab\there",
        "note cr\r",
        "note back\\slash",
        "note \\x41 is not an escape",
        "note \\n is not a newline",
        "note trailing backslash \\",
        "note nul\u{0} bell\u{7} delete\u{7F}",
        "note caf\u{E9} \u{1F3C3} \u{2028}",
    ])
    func controlCharactersAndBackslashesRoundTrip(line: String) {
        let directory = TemporaryDirectory()
        HistoryFile(path: directory.file("history")).add(line)
        let text = directory.read("history") ?? ""
        #expect(text.hasSuffix("\n"))
        #expect(text.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" && $0 != "\u{1B}" })
        #expect(HistoryFile(path: directory.file("history")).entries == [line])
    }

    @Test func escapesAreWrittenAsBackslashSequences() {
        let directory = TemporaryDirectory()
        HistoryFile(path: directory.file("history")).add("a\u{1B}b\\c\td")
        #expect(directory.read("history") == "a\\x1bb\\\\c\\td\n")
    }

    /// Found by fuzz/Targets/history.swift: the line typed was appended to the file's last
    /// line when that line had no line break (a file cut short, or edited by hand).
    @Test func aLineAddedAfterALastLineWithoutABreakStaysALineOfItsOwn() {
        let directory = TemporaryDirectory()
        directory.write("list\nvalue 75", to: "history")
        HistoryFile(path: directory.file("history")).add("save")
        #expect(HistoryFile(path: directory.file("history")).entries == ["list", "value 75", "save"])
        #expect(directory.read("history") == "list\nvalue 75\nsave\n")
    }

    /// A history file is trendsh's, but any editor can put bytes in it: what is not UTF-8
    /// (raw, or written as an escape) comes back shown as `\xFF`, and an escape sequence comes
    /// back as the control character it names, which every printer escapes.
    @Test func bytesThatAreNotUTF8ComeBackShownAndEscapesComeBackAsWritten() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            Array("note a".utf8) + [0xFF] + Array("b\nnote \\xff and \\x1b]0;t\\x07\n".utf8), to: "history")
        #expect(
            HistoryFile(path: directory.file("history")).entries == ["note a\\xFFb", "note \\xFF and \u{1B}]0;t\u{7}"])
    }

    @Test func reopeningKeepsTheNewest1000Lines() {
        let directory = TemporaryDirectory()
        directory.write((1...1500).map { "list \($0)\n" }.joined(), to: "history")
        let history = HistoryFile(path: directory.file("history"))
        #expect(history.entries.count == HistoryFile.limit)
        #expect(history.entries.first == "list 501")
        #expect(history.entries.last == "list 1500")
        #expect(directory.read("history")?.split(separator: "\n").count == 1000)
    }

    @Test func aLongSessionIsCutBackTo1000Lines() {
        let directory = TemporaryDirectory()
        let history = HistoryFile(path: directory.file("history"))
        for number in 1...2001 { history.add("list \(number)") }
        #expect(history.entries.count == 1000)
        #expect(history.entries.first == "list 1002")
        let reopened = HistoryFile(path: directory.file("history"))
        #expect(reopened.entries == history.entries)
    }

    @Test func theFileAndItsRewriteAreReadableOnlyByTheOwner() {
        let directory = TemporaryDirectory()
        HistoryFile(path: directory.file("history")).add("value 75")
        #expect(directory.permissions(of: "history") == 0o600)
        directory.write((1...1200).map { "list \($0)\n" }.joined(), to: "long", mode: 0o644)
        _ = HistoryFile(path: directory.file("long"))
        #expect(directory.permissions(of: "long") == 0o600)
    }

    @Test func anUnwritableFileIsReportedNotThrown() {
        let directory = TemporaryDirectory()
        let history = HistoryFile(path: directory.file("missing-folder/history"))
        let problem = history.add("value 75")
        #expect(problem == PrivateFileError(path: directory.file("missing-folder/history"), reason: .system(ENOENT)))
        #expect(history.entries == ["value 75"])
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension InteractiveShell {
    /// The history file and the start-up file are files: anyone's editor (or another
    /// program) can put escape sequences, or bytes that are not UTF-8, in them. Whatever
    /// trendsh prints from them reaches the terminal escaped, as `list` shows notes.
    @Suite struct TerminalTextTests {
        /// An OSC that would set the window title, and CSI 3 J, which clears the scrollback.
        static let title = "\u{1B}]0;pwned\u{7}"
        static let titleShown = "\\e]0;pwned\\u{7}"
        static let scrollback = "\u{1B}[3J"
        static let scrollbackShown = "\\e[3J"

        /// True when the raw bytes the terminal received hold neither injected sequence.
        func receivedNothingRaw(_ terminal: PseudoTerminal) -> Bool {
            !terminal.rawText.contains("\u{1B}]0;pwned") && !terminal.rawText.contains(Self.scrollback)
        }

        @Test func historyShowsLinesFromTheHistoryFileEscaped() async throws {
            let home = TemporaryDirectory()
            home.makeFolder("state/trendsh")
            // Raw, as an editor would leave them; then as trendsh writes them; then not UTF-8.
            try home.write(
                Array("note \(Self.title)\nnote \\x1b[3J\nnote a".utf8) + [0xFF] + Array("b\n".utf8),
                to: "state/trendsh/history")

            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--store", ":memory:"])
            try await terminal.run("history", expecting: "4  history", prompt: Fixtures.prompt)

            let lines = terminal.screen.lines
            #expect(lines.contains("1  note \(Self.titleShown)"), "\(lines)")
            #expect(lines.contains("2  note \(Self.scrollbackShown)"))
            #expect(lines.contains("3  note a\\xFFb"))
            #expect(receivedNothingRaw(terminal))
            #expect(try await terminal.quit() == 0)
        }

        @Test func theStartupFilesLinesAndPathAreShownEscaped() async throws {
            let home = TemporaryDirectory()
            let folder = "config/trendsh\(Self.scrollback)"
            home.makeFolder(folder)
            let path = try home.write(
                Array("note \(Self.title)\nbogus\(Self.scrollback)\nnote a".utf8) + [0xFF] + Array("\n".utf8),
                to: folder + "/trendshrc")

            let terminal = try await PseudoTerminal.started(
                home: home, arguments: ["--store", ":memory:", "--init", path], prompt: Fixtures.unsavedPrompt)

            let shownPath = home.path + "/config/trendsh" + Self.scrollbackShown + "/trendshrc"
            let lines = terminal.screen.lines
            #expect(lines.contains("note: \(Self.titleShown)"), "\(lines)")
            #expect(
                lines.contains(
                    "\(shownPath):2: error: Unknown command \"bogus\(Self.scrollbackShown)\". Type \"help\" to see the commands."
                ))
            #expect(
                lines.contains(
                    "\(shownPath):3: error: That line holds bytes that are not UTF-8 (shown as \\xNN): \"note a\\xFF\". Nothing was done."
                ))
            #expect(receivedNothingRaw(terminal))
            await terminal.enter("quit")
            await terminal.enter("quit")
            #expect(try await terminal.waitForExit() == 3)
        }
    }
}

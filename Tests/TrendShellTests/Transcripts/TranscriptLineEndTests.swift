import Testing

@testable import TrendShell

/// A transcript saved with Windows line ends reads as one saved with Unix ones.
struct TranscriptLineEndTests {
    @Test func carriageReturnsBeforeLineEndsAreDropped() throws {
        let unix = "# now: 2026-11-29T08:00:00Z\ntrendsh> value 75\nvalue: 75\n"
        let windows = "# now: 2026-11-29T08:00:00Z\r\ntrendsh> value 75\r\nvalue: 75\r\n"
        let fromUnix = try Transcript(parsing: unix)
        let fromWindows = try Transcript(parsing: windows)
        #expect(fromWindows.commands == ["value 75"])
        #expect(fromWindows.expectedLines == fromUnix.expectedLines)
        #expect(fromWindows.now == fromUnix.now)
    }

    /// Found by fuzz/Targets/transcript: "status\r\r\n" was read as the command "status\r",
    /// which `--update` wrote back as "status\r\n" and the next read took as "status".
    @Test func everyCarriageReturnAtALineEndIsPartOfTheLineEnd() throws {
        let transcript = try Transcript(parsing: "trendsh> status\r\r\nstore: x\r\r\r\n# note\r\r\n")
        #expect(transcript.commands == ["status"])
        #expect(transcript.expectedLines == ["trendsh> status", "store: x"])
        let again = try Transcript(
            parsing: transcript.updated(with: Replay(leading: [], outputs: [["store: x"]], status: 0)))
        #expect(again.commands == transcript.commands)
        #expect(again.expectedLines == transcript.expectedLines)
    }
}

/// `--update` writes a transcript back with its own line end: the one most of its lines end
/// with, and LF when as many end with CRLF as with LF.
struct TranscriptWrittenLineEndTests {
    @Test(arguments: [
        ("trendsh> a\r\nx\r\n", "\r\n"), ("trendsh> a\nx\n", "\n"), ("trendsh> a\r\nx\n", "\n"),
        ("trendsh> a\r\nx\r\ny\n", "\r\n"), ("trendsh> a\r\nx\r\r\n# n\n", "\r\n"), ("trendsh> a", "\n"),
    ])
    func theLineEndIsTheOneMostLinesHave(text: String, lineEnd: String) throws {
        let transcript = try Transcript(parsing: text)
        #expect(transcript.lineEnd == lineEnd)
        let again = try Transcript(parsing: transcript.updated(with: Replay(leading: [], outputs: [["x"]], status: 0)))
        #expect(again.lineEnd == lineEnd, "the file --update writes reads back with the same line end")
    }
}

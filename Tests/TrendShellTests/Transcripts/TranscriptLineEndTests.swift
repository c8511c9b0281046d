import Testing
import TrendShell

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
}

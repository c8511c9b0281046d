import Testing

@testable import TrendShell

/// `--update` keeps each expected `(re)` line where it still matches, and writes what the
/// replay printed everywhere else (found by fuzz/Targets/transcript).
@Suite struct TranscriptUpdateTests {
    /// Output expected before the first command (a start-up warning) is replaced by what the
    /// replay printed there; it must not serve as a pattern for the first command's output.
    @Test func aLineExpectedBeforeTheFirstCommandIsNoPatternForItsOutput() throws {
        let transcript = try Transcript(parsing: "warning: .* (re)\ntrendsh> list\nwarning: stale\n")
        let replay = Replay(leading: ["warning: store is readable"], outputs: [["warning: stale"]], status: 0)
        #expect(
            transcript.updated(with: replay)
                == "warning: store is readable\ntrendsh> list\nwarning: stale\n")
    }

    /// A pattern is paired with the line it is meant for, as `--check` pairs them, not with
    /// the first line it happens to match.
    @Test func eachPatternKeepsItsPlaceAndLinesThatChangedAreWrittenAsPrinted() throws {
        let transcript = try Transcript(parsing: "trendsh> list\n#2  .* (re)\n#1  old\n")
        let replay = Replay(leading: [], outputs: [["#2  new", "#1  changed"]], status: 0)
        #expect(transcript.updated(with: replay) == "trendsh> list\n#2  .* (re)\n#1  changed\n")
        let unchanged = Replay(leading: [], outputs: [["#2  new", "#1  old"]], status: 0)
        #expect(transcript.updated(with: unchanged) == "trendsh> list\n#2  .* (re)\n#1  old\n")
    }
}

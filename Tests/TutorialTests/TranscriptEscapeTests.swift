import Testing
import TrendshTestSupport

/// A transcript is a file anyone can send: its narration, commands and expected lines may
/// hold escape sequences. `--check` and `--play` show them escaped, never raw.
@Suite struct TranscriptEscapeTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path, ["TERM": "xterm"]) }

    static let title = "\u{1B}]0;pwned\u{7}"
    static let titleShown = "\\e]0;pwned\\u{7}"
    static let transcript = """
        # now: 2026-11-29T08:00:00Z
        # Narration \(title) that rewrites the title.
        trendsh> note \(title)
        note: \(title) as the transcript expects it
        trendsh> bogus\u{9B}2J
        error: \u{1B}[2J

        """

    func expectNothingRaw(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let raw = text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
            #expect(raw.isEmpty, "\(name) holds \(raw.map { $0.value })", sourceLocation: sourceLocation)
        }
    }

    @Test func checkShowsTheDiffOfATranscriptWithEscapeSequencesEscaped() {
        let path = home.write(Self.transcript, to: "hostile.transcript")
        let result = TrendshProcess.run(["--check", path], environment: environment)

        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n").map(String.init)
        #expect(output.contains("-note: \(Self.titleShown) as the transcript expects it"), "\(output)")
        #expect(output.contains("+note: \(Self.titleShown)"))
        #expect(output.contains("-error: \\e[2J"))
        #expect(output.contains(" trendsh> bogus\\u{9B}2J"))
        expectNothingRaw(result)
    }

    @Test func playShowsTheNarrationAndCommandsEscaped() {
        let path = home.write(Self.transcript, to: "hostile.transcript")
        let result = TrendshProcess.run(["--play", path, "--auto", "0"], environment: environment, mergingErrors: true)

        #expect(result.stdout.contains("# Narration \(Self.titleShown) that rewrites the title."), "\(result.stdout)")
        #expect(result.stdout.contains("trendsh> note \(Self.titleShown)\nnote: \(Self.titleShown)\n"))
        #expect(result.stdout.contains("Unknown command \"bogus\\u{9B}2J\""))
        expectNothingRaw(result)
    }

    @Test func aClockThatIsNotATimeIsNamedEscaped() {
        let path = home.write("# now: \(Self.title)\ntrendsh> list\n", to: "clock.transcript")
        let result = TrendshProcess.run(["--check", path], environment: environment)
        #expect(result.stderr.contains("\"\(Self.titleShown)\" is not an ISO 8601 time"), "\(result.stderr)")
        expectNothingRaw(result)
    }
}

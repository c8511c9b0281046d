import Testing
import TrendshTestSupport

/// `--check` at the ends of a transcript: a line the transcript expects after everything the
/// replay printed, and a line the replay prints after everything the transcript expects, each
/// fail the check with a diff that shows exactly that line.
@Suite struct CheckTrailingLineTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// Two entries, listed newest first: what every transcript below begins with.
    static let twoEntries = """
        # now: 2026-11-29T08:00:00Z
        trendsh> value 75
        value: 75
        trendsh> save
        Saved #1: 75.0 kg on 2026-11-29 08:00.
        trendsh> value 74
        value: 74
        trendsh> date yesterday
        date: 2026-11-28 08:00
        trendsh> save
        Saved #2: 74.0 kg on 2026-11-28 08:00.
        trendsh> list
        """
    static let newerListLine = "#1  2026-11-29 08:00  75.0 kg  trend 74.1"
    static let olderListLine = "#2  2026-11-28 08:00  74.0 kg  trend 74.0"
    /// A line no replay of these transcripts prints.
    static let lineNeverPrinted = "#3  2026-11-27 08:00  73.0 kg  trend 73.0"

    /// What `--check` printed for one transcript, as lines.
    struct Check {
        var status: Int32
        var lines: [String]
        var stdout: String

        var removed: [String] { lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") } }
        var added: [String] { lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } }
    }

    func check(_ text: String) throws -> (path: String, result: Check) {
        let path = home.file("trailing.transcript")
        try #require(TextFile.write(text, to: path))
        let result = TrendshProcess.run(["--check", path], environment: environment)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (path, Check(status: result.status, lines: lines, stdout: result.stdout))
    }

    /// The transcript with every line the replay prints passes, so each failure below comes
    /// from the one line added or left out at its end.
    @Test func theWholeTranscriptPasses() throws {
        let (path, result) = try check(Self.twoEntries + "\n\(Self.newerListLine)\n\(Self.olderListLine)\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "ok: \(path)\n1 transcript checked: 1 passed, 0 failed\n")
    }

    @Test func aLineExpectedAfterTheReplaysLastLineFailsWithADiff() throws {
        let text = Self.twoEntries + "\n\(Self.newerListLine)\n\(Self.olderListLine)\n\(Self.lineNeverPrinted)\n"
        let (path, result) = try check(text)

        #expect(result.status == 1)
        #expect(result.lines.first == "FAILED: \(path)")
        #expect(result.lines.contains("--- \(path)"))
        #expect(result.lines.contains("+++ \(path) (replayed)"))
        #expect(result.lines.contains { $0.hasPrefix("@@ -") && $0.hasSuffix(" @@") })
        #expect(result.removed == ["-" + Self.lineNeverPrinted])
        #expect(result.added == [])
        #expect(result.lines.contains(" " + Self.olderListLine), "the diff shows where the replay ended")
        #expect(result.stdout.hasSuffix("1 transcript checked: 0 passed, 1 failed\n"))
    }

    @Test func aLineExpectedAfterALastCommandThatPrintsNothingFailsWithADiff() throws {
        let text =
            Self.twoEntries
            + "\n\(Self.newerListLine)\n\(Self.olderListLine)\ntrendsh> # a comment prints nothing\n"
            + "\(Self.lineNeverPrinted)\n"
        let (path, result) = try check(text)

        #expect(result.status == 1)
        #expect(result.lines.first == "FAILED: \(path)")
        #expect(result.removed == ["-" + Self.lineNeverPrinted])
        #expect(result.added == [])
        #expect(result.lines.contains(" trendsh> # a comment prints nothing"))
        #expect(result.stdout.hasSuffix("1 transcript checked: 0 passed, 1 failed\n"))
    }

    @Test func aLineTheReplayPrintsAfterTheTranscriptsLastLineFailsWithADiff() throws {
        let (path, result) = try check(Self.twoEntries + "\n\(Self.newerListLine)\n")

        #expect(result.status == 1)
        #expect(result.lines.first == "FAILED: \(path)")
        #expect(result.lines.contains("--- \(path)"))
        #expect(result.lines.contains("+++ \(path) (replayed)"))
        #expect(result.lines.contains { $0.hasPrefix("@@ -") && $0.hasSuffix(" @@") })
        #expect(result.added == ["+" + Self.olderListLine])
        #expect(result.removed == [])
        #expect(result.stdout.hasSuffix("1 transcript checked: 0 passed, 1 failed\n"))
    }

    @Test func outputAfterATranscriptThatEndsWithItsLastCommandFailsWithADiff() throws {
        let (path, result) = try check(Self.twoEntries + "\n")

        #expect(result.status == 1)
        #expect(result.lines.first == "FAILED: \(path)")
        #expect(result.added == ["+" + Self.newerListLine, "+" + Self.olderListLine])
        #expect(result.removed == [])
        #expect(result.lines.contains(" trendsh> list"))
    }

    /// What the session prints as it ends, after the last command's own output, counts too.
    @Test func theSessionsClosingWarningIsALineTheTranscriptMustExpect() throws {
        let unsaved = Self.twoEntries + "\n\(Self.newerListLine)\n\(Self.olderListLine)\ntrendsh> value 76\nvalue: 76\n"
        let (path, result) = try check(unsaved)

        #expect(result.status == 1)
        #expect(result.lines.first == "FAILED: \(path)")
        #expect(result.removed == [])
        #expect(result.added.count == 1)
        #expect(result.added.first?.hasPrefix("+warning: The session ended with unsaved changes") == true)
    }
}

import Testing
import TrendshTestSupport

/// `trendsh --check` itself: it must fail on a wrong line, showing a unified diff, and it
/// must accept what a recorded session printed.
@Suite struct CheckCommandTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    func check(_ path: String) -> ProcessResult {
        TrendshProcess.run(["--check", path], environment: environment)
    }

    /// Runs the commands as a person would record a lesson: echoed, with a fixed clock, in
    /// a throwaway store, standard error merged into standard output in order.
    func record(_ commands: [String], now: String) -> ProcessResult {
        TrendshProcess.run(
            ["-c", "exec \"$@\" 2>&1", "sh", TrendshProcess.binaryPath, "--echo", "--now", now, "--store", ":memory:"],
            input: commands.map { $0 + "\n" }.joined(), environment: environment, program: "/bin/sh")
    }

    @Test func aChangedExpectedLineFailsWithADiffOfTheTwoLines() throws {
        let original = try #require(TextFile.read(Repository.root + "/" + Fixtures.retryLesson))
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("Saved ") }, "the lesson has no Saved line")
        let realLine = lines[index]
        #expect(realLine != Fixtures.wrongSavedLine)

        let copy = home.file("lesson.transcript")
        try #require(TextFile.write(original, to: copy))
        #expect(check(copy).status == 0, "the unchanged copy should pass")

        lines[index] = Fixtures.wrongSavedLine
        try #require(TextFile.write(lines.joined(separator: "\n"), to: copy))
        let result = check(copy)

        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(output.first == "FAILED: \(copy)")
        #expect(output.contains("--- \(copy)"))
        #expect(output.contains("+++ \(copy) (replayed)"))
        #expect(output.contains { $0.hasPrefix("@@ -") && $0.hasSuffix(" @@") })
        #expect(output.contains("-" + Fixtures.wrongSavedLine))
        #expect(output.contains("+" + realLine))
        #expect(output.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == 1)
        #expect(output.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count == 1)
        #expect(result.stdout.hasSuffix("1 transcript checked: 0 passed, 1 failed\n"))
    }

    @Test func aRecordedSessionWithItsClockOnTopPassesTheCheck() throws {
        let recording = record(Fixtures.recordedCommands, now: Fixtures.unusualNow)
        #expect(recording.status == 1, "the recording includes failed commands")
        #expect(recording.stdout.contains("2031-05-06 19:45"))
        #expect(recording.stdout.contains("\n#1  "), "list lines beginning with # are part of the recording")

        let transcript = home.file("recorded.transcript")
        try #require(TextFile.write("# now: \(Fixtures.unusualNow)\n" + recording.stdout, to: transcript))
        let result = check(transcript)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "ok: \(transcript)\n1 transcript checked: 1 passed, 0 failed\n")
    }

    @Test func aRecordingWithoutItsClockHeaderDoesNotMatch() throws {
        let recording = record(Fixtures.recordedCommands, now: Fixtures.unusualNow)
        let transcript = home.file("headerless.transcript")
        try #require(TextFile.write(recording.stdout, to: transcript))

        #expect(check(transcript).status == 1)
    }

    @Test func aTranscriptWithoutAHeaderIsReplayedWithTheDefaultClock() throws {
        let recording = record(Fixtures.recordedCommands, now: Fixtures.defaultNow)
        let transcript = home.file("default-clock.transcript")
        try #require(TextFile.write(recording.stdout, to: transcript))
        let result = check(transcript)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func aFolderIsNotATranscript() {
        let result = check(home.path)
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(home.path) is not a transcript: it is not a regular file.\n")
        #expect(result.stdout == "1 transcript checked: 0 passed, 1 failed\n")
    }

    @Test func devNullIsNotATranscript() {
        let result = check("/dev/null")
        #expect(result.status == 1)
        #expect(result.stderr == "error: /dev/null is not a transcript: it is not a regular file.\n")
    }

    @Test(arguments: ["", "# only narration\n", "# now: 2026-11-29T08:00:00Z\n\nsome output\n"])
    func aFileWithNoCommandIsNotATranscript(text: String) throws {
        let path = home.file("empty.transcript")
        try #require(TextFile.write(text, to: path))
        let result = check(path)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: \(path) is not a transcript: it has no \"trendsh> \" line, so there is nothing to replay.\n")
    }

    @Test func updateRewritesAChangedTranscriptKeepingItsNarrationThenItPasses() throws {
        let path = home.file("lesson.transcript")
        let stale = """
            # now: 2026-11-29T08:00:00Z
            # Narration before the first command.
            trendsh> value 75
            value: 74
            # Narration between commands stays.
            trendsh> save
            Saved #9: something old.

            trendsh> list
            #1  2026-11-29 08:00  75.0 kg  trend 75.0
            [1]

            """
        try #require(TextFile.write(stale, to: path))
        #expect(check(path).status == 1)

        let updated = TrendshProcess.run(["--check", "--update", path], environment: environment)

        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect(updated.stdout == "updated: \(path)\n1 transcript checked: 0 passed, 0 failed, 1 updated\n")
        #expect(
            TextFile.read(path) == """
                # now: 2026-11-29T08:00:00Z
                # Narration before the first command.
                trendsh> value 75
                value: 75
                # Narration between commands stays.
                trendsh> save
                Saved #1: 75.0 kg on 2026-11-29 08:00.

                trendsh> list
                #1  2026-11-29 08:00  75.0 kg  trend 75.0
                [0]

                """)
        let clean = check(path)
        #expect(clean.status == 0)
        #expect(clean.stdout == "ok: \(path)\n1 transcript checked: 1 passed, 0 failed\n")
    }

    @Test func aRegexLineMatchesVaryingOutputAndSurvivesAnUpdate() throws {
        let path = home.file("re.transcript")
        let text = """
            trendsh> value 75
            value: 7[0-9] (re)
            trendsh> save
            Saved #[0-9]+: 75\\.0 kg on .* (re)
            trendsh> bogus
            error: Unknown command .* (re)

            """
        try #require(TextFile.write(text, to: path))
        #expect(check(path).status == 0, "\(check(path).stdout)")

        let changed = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0 == "value: 7[0-9] (re)" ? "value: 8[0-9] (re)" : String($0)
        }
        try #require(TextFile.write(changed.joined(separator: "\n"), to: path))
        let failed = check(path)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("-value: 8[0-9] (re)\n+value: 75\n"), "\(failed.stdout)")

        _ = TrendshProcess.run(["--check", "--update", path], environment: environment)
        let rewritten = TextFile.read(path) ?? ""
        #expect(rewritten.contains("\nvalue: 75\n"), "a pattern that no longer matches is replaced")
        #expect(rewritten.contains("Saved #[0-9]+: 75\\.0 kg on .* (re)"), "a pattern that matches is kept")
    }

    @Test func aStatusLineStatesTheSessionsExitStatus() throws {
        let path = home.file("status.transcript")
        let ended =
            "warning: The session ended with unsaved changes in the draft; it was not saved. The store is in memory, so nothing of it is kept.\n"
        try #require(TextFile.write("trendsh> value 75\nvalue: 75\n" + ended + "[3]\n", to: path))
        #expect(check(path).status == 0, "\(check(path).stdout)")

        try #require(TextFile.write("trendsh> value 75\nvalue: 75\n" + ended + "[0]\n", to: path))
        let failed = check(path)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("The session ended with status 3; the transcript's last line says [0]."))
    }

    @Test func aStatusLineMayOnlyBeTheLast() throws {
        let path = home.file("early.transcript")
        try #require(TextFile.write("trendsh> value 75\n[3]\ntrendsh> save\n", to: path))
        let result = check(path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a status line such as [0] may only be the transcript's last line."))
    }

    @Test func updateNeedsCheck() {
        let result = TrendshProcess.run(["--update"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--update works with --check"))
    }
}

import Testing
import TrendShell

@MainActor @Suite struct TranscriptHiddenLineTests {
    @Test func aHiddenLineIsACommandThatIsNotExpectedToBeShown() throws {
        let transcript = try Transcript(
            parsing: "# Hidden: simulate save-failure once\n# hidden:value 75\ntrendsh> save\nerror: x\n")
        #expect(transcript.commands == ["save"])
        // "# hidden:value 75" has no space after the colon; it is still the directive.
        #expect(transcript.script.map(\.command) == ["simulate save-failure once", "value 75", "save"])
        #expect(transcript.script.map(\.hidden) == [true, true, false])
        #expect(transcript.expectedLines == ["trendsh> save", "error: x"])
        #expect(transcript.lines.filter { if case .narration = $0 { true } else { false } }.isEmpty)
    }

    @Test func aHiddenLineWithNoCommandIsAnError() {
        #expect(throws: TranscriptError.emptyHiddenCommand(line: 2)) {
            try Transcript(parsing: "trendsh> list\n# hidden:   \n")
        }
    }

    @Test func narrationThatOnlyMentionsHiddenIsNarration() throws {
        let transcript = try Transcript(parsing: "# hiddenness: not a directive\n# hidden\ntrendsh> list\n")
        #expect(transcript.script.count == 1)
    }

    @Test func replayRunsHiddenCommandsAndLeavesTheirOutputOut() throws {
        let transcript = try Transcript(
            parsing: "# hidden: value 75\n# hidden: note from setup\ntrendsh> show\n")
        let replay = TranscriptChecker.replay(transcript)
        #expect(replay.leading.isEmpty)
        #expect(replay.outputs.count == 1)
        #expect(replay.outputs[0].contains("  note:  from setup"))
        #expect(!replay.outputs[0].contains("value: 75"))
        #expect(replay.hiddenFailures.isEmpty)
    }

    @Test func aHiddenCommandThatFailsIsReported() throws {
        let transcript = try Transcript(parsing: "# hidden: bogus\ntrendsh> list\n")
        let replay = TranscriptChecker.replay(transcript)
        #expect(replay.hiddenFailures.map(\.command) == ["bogus"])
        #expect(replay.hiddenFailures.first?.errors.first?.hasPrefix("error: Unknown command") == true)
    }
}

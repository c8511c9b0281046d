import Testing
import TrendShell

@Suite struct PlayStepTests {
    static let transcript = """
        # now: 2026-11-29T08:00:00Z
        #
        # Lesson 9: a title.
        # Its second line.

        # hidden: simulate save-failure once
        # Another paragraph.
        trendsh> value 75
        value: 75
        # Between the output
        trendsh> save
        error: something
        [1]

        """

    @Test func narrationIsShownAndEachParagraphIsOneMarkerAtItsStart() throws {
        let steps = PlayStep.steps(for: try Transcript(parsing: Self.transcript))
        #expect(
            steps == [
                .narration("#"),
                .marker("Lesson 9: a title. Its second line."),
                .narration("# Lesson 9: a title."),
                .narration("# Its second line."),
                .narration(""),
                .hidden("simulate save-failure once", line: 6),
                .marker("Another paragraph."),
                .narration("# Another paragraph."),
                .command("value 75"),
                .marker("Between the output"),
                .narration("# Between the output"),
                .command("save"),
            ])
    }

    @Test func theClockLineExpectedOutputAndTheStatusAreNotPlayed() throws {
        let steps = PlayStep.steps(for: try Transcript(parsing: Self.transcript))
        #expect(!steps.contains { if case .narration(let text) = $0 { text.contains("now:") } else { false } })
        #expect(!steps.contains(.narration("value: 75")))
        #expect(!steps.contains(.narration("[1]")))
    }

    @Test func anExercisesGoalHintsAndSolutionAreLeftForLearnToGive() throws {
        let text = """
            trendsh> list
            No entries yet.
            # exercise: Save one
            # goal: entries = 1
            # goal-text: Save a weight.
            # hint: "value 75", then "save".
            # hint-after: 2
            # solution: value 75
            # solution: save
            """
        let steps = PlayStep.steps(for: try Transcript(parsing: text))
        #expect(
            steps == [
                .command("list"), .marker("exercise: Save one goal-text: Save a weight."),
                .narration("# exercise: Save one"), .narration("# goal-text: Save a weight."),
            ])
    }
}

import Testing
import TrendKit
import TrendShell
import TrendshTestSupport

/// The loop over a script of lines: what it prints and the exit status it ends with.
@Suite @MainActor struct REPLTests {
    let output = CapturedOutput()

    /// Runs `lines` through a fresh in-memory session.
    func run(
        _ lines: [String], echo: Bool = false, bail: Bool = false, interactive: Bool = false
    ) -> REPL.Ending {
        SessionDriver(clock: Fixtures.clock, output: output).run(
            lines, echo: echo, bail: bail, interactive: interactive)
    }

    func run(reader: any LineReader, echo: Bool = false, bail: Bool = false, interactive: Bool = false)
        -> REPL.Ending
    {
        SessionDriver(clock: Fixtures.clock, output: output).run(
            reader: reader, echo: echo, bail: bail, interactive: interactive)
    }

    static let endedUnsaved =
        "warning: The session ended with unsaved changes in the draft; it was not saved. The store is in memory, so nothing of it is kept.\n"
    static let kilogramsError =
        "error: Enter a weight between 20 and 500 kg. The draft is kept; fix it and save again.\n"

    @Test func everyCommandSucceedingEndsWithSuccess() {
        #expect(run(["value 75", "save", "list"]) == .status(.success))
        #expect(
            output.text
                == "value: 75\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n#1  2026-11-29 08:00  75.0 kg  trend 75.0\n")
    }

    @Test func noInputEndsWithSuccess() {
        #expect(run([]) == .status(.success))
        #expect(output.text == "")
    }

    @Test func blankAndCommentLinesDoNothing() {
        #expect(run(["", "   ", "# value 600", "save"]) == .status(.failure))
        #expect(output.text == "error: There is no draft to save. Start one with \"value WEIGHT\".\n")
    }

    @Test func aFailedCommandEndsWithFailureButTheLoopGoesOn() {
        #expect(run(["bogus", "value 75", "save"]) == .status(.failure))
        #expect(output.text(of: .out) == "value: 75\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n")
    }

    @Test func inputEndingWithUnsavedChangesEndsWithUnsavedDraftAndAWarning() {
        #expect(run(["value 75"]) == .status(.unsavedDraft))
        #expect(output.text(of: .err) == Self.endedUnsaved)
    }

    @Test func aFailureWinsOverUnsavedChanges() {
        #expect(run(["value abc", "save"]) == .status(.failure))
        #expect(output.text(of: .err) == Self.kilogramsError + Self.endedUnsaved)
    }

    @Test func bailStopsAtTheFirstFailure() {
        #expect(run(["value abc", "save", "value 75", "save"], bail: true) == .status(.failure))
        #expect(output.text(of: .out) == "value: abc\n")
        #expect(output.text(of: .err) == Self.kilogramsError + Self.endedUnsaved)
    }

    @Test func quitStopsReadingLines() {
        #expect(run(["value 75", "save", "quit", "value 80"]) == .status(.success))
        #expect(output.text.contains("value: 80") == false)
    }

    @Test func aSecondQuitLeavesWithTheDraftUnsaved() {
        #expect(run(["value 75", "quit", "quit", "save"]) == .status(.unsavedDraft))
        #expect(output.text(of: .out) == "value: 75\n")
    }

    @Test func aTooLongLineFailsAndTheLoopGoesOn() {
        let long = "note " + String(repeating: "x", count: maximumLineBytes)
        #expect(run([long, "value 75", "save"]) == .status(.failure))
        #expect(
            output.text(of: .err)
                == "error: That line is 4101 bytes long; trendsh reads lines of at most 4096 bytes. Nothing was done.\n"
        )
        #expect(output.text(of: .out) == "value: 75\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n")
    }

    @Test func aTooLongLineStopsABailingRun() {
        let long = String(repeating: "x", count: maximumLineBytes + 1)
        #expect(run([long, "value 75"], bail: true) == .status(.failure))
        #expect(output.text(of: .out) == "")
    }

    @Test func echoPrintsEachLineAfterThePromptEscaped() {
        #expect(run(["value 75", "", "note \u{1B}x", "save"], echo: true) == .status(.success))
        #expect(
            output.text(of: .out)
                == "trendsh> value 75\nvalue: 75\ntrendsh> \ntrendsh> note \\ex\nnote: \\ex\ntrendsh> save\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n"
        )
    }

    @Test func interactiveEndOfInputWarnsOnceThenLeaves() {
        #expect(run(["value 75"], interactive: true) == .status(.unsavedDraft))
        #expect(
            output.text(of: .err)
                == "warning: The draft has unsaved changes. Type \"save\" or \"cancel\", or press Ctrl-D again to leave. The store is in memory, so nothing of it is kept.\n"
        )
    }

    @Test func interactiveEndOfInputAfterASaveLeavesAtOnce() {
        #expect(run(["value 75", "save"], interactive: true) == .status(.success))
        #expect(output.text(of: .err) == "")
    }

    @Test func interruptedLinesAreSkipped() {
        let reader = ScriptedInput([.line("value 75"), .interrupted, .line("save")])
        #expect(run(reader: reader) == .status(.success))
        #expect(output.text(of: .err) == "")
    }

    @Test func aSignalEndsTheLoopWithThatSignal() {
        let reader = ScriptedInput([.line("value 75"), .terminated(signal: 15), .line("save")])
        #expect(run(reader: reader) == .signal(15))
        #expect(output.text(of: .out) == "value: 75\n")
        #expect(output.text(of: .err) == Self.endedUnsaved, "a signal still says where the draft is")
    }

    @Test func anInteractiveSessionThatQuitsExitsZeroWhateverFailedAlongTheWay() {
        #expect(run(["bogus", "value abc", "save", "cancel", "quit"], interactive: true) == .status(.success))
    }

    @Test func anInteractiveSessionRetryingAFailedSaveIsASuccess() {
        #expect(
            run(["simulate save-failure", "value 75", "save", "save"], interactive: true) == .status(.success))
    }

    @Test func anInteractiveSessionLeavingUnsavedWorkExitsThree() {
        #expect(run(["bogus", "value 75", "quit", "quit"], interactive: true) == .status(.unsavedDraft))
    }

    @Test func aFailedReadOfTheInputIsAnErrorNotTheEnd() {
        let reader = ScriptedInput([.line("value 75"), .line("save"), .failed(errno: 5)])
        #expect(run(reader: reader) == .status(.failure))
        #expect(
            output.text(of: .err)
                == "error: Standard input could not be read (input/output error), so trendsh stopped. Nothing after that was done.\n"
        )
    }

    @Test func thePromptMarksUnsavedChangesAndAFailedSave() {
        let reader = ScriptedInput([
            .line("value 75"), .line("value abc"), .line("save"), .line("value 75"), .line("save"),
        ])
        _ = run(reader: reader)
        #expect(reader.prompts == ["trendsh> ", "trendsh*> ", "trendsh*> ", "trendsh!> ", "trendsh*> ", "trendsh> "])
    }
}

/// Hands the loop a fixed list of inputs and records every prompt it was asked to show.
@MainActor
final class ScriptedInput: LineReader {
    private var inputs: ArraySlice<LineInput>
    private(set) var prompts: [String] = []

    init(_ inputs: [LineInput]) { self.inputs = inputs[...] }

    func readLine(prompt: String) -> LineInput {
        prompts.append(prompt)
        return inputs.popFirst() ?? .end
    }
}

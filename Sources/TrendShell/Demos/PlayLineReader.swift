/// The reader of `--play`: instead of reading lines, it walks the transcript's steps. It shows
/// the narration up to the next command, then, on a terminal, shows the prompt, waits for
/// Enter (or `--auto`), types the command out at `--speed`, and hands it to the REPL, which
/// runs it for real. Without a terminal it prints each command after its prompt at once. A
/// hidden command is handed over with the output muted until the next read, which reports
/// on standard error any error it printed, naming its line and the command: no one could see it.
@MainActor
public final class PlayLineReader: LineReader {
    private var steps: ArraySlice<PlayStep>
    /// The transcript played, as its failures name it.
    private let path: String
    /// The hidden command handed over last, while it has not been reported on.
    private var runningHidden: (command: String, line: Int)?
    private let output: DemoOutput
    private let terminal: PlayTerminal?
    private let recorder: CastRecorder?
    private let schedule: CastSchedule
    /// `--auto`, in milliseconds: go on after it instead of waiting for Enter.
    private let autoAdvance: Int?
    /// How narration looks where it is shown (dimmed on a colour terminal).
    private let style: TerminalStyle
    /// The session `other> ` lines are typed into, when the transcript has one.
    var second: SecondSession?
    /// How narration looks in the cast: always dimmed, whatever the terminal.
    private static let castStyle = TerminalStyle(usesColor: true)

    public init(
        steps: [PlayStep], path: String, output: DemoOutput, terminal: PlayTerminal?, recorder: CastRecorder?,
        schedule: CastSchedule, autoAdvance: Int?, style: TerminalStyle
    ) {
        self.steps = steps[...]
        self.path = path
        self.output = output
        self.terminal = terminal
        self.recorder = recorder
        self.schedule = schedule
        self.autoAdvance = autoAdvance
        self.style = style
    }

    public func readLine(prompt: String) -> LineInput {
        output.muted = false
        reportHiddenFailure()
        let visible = TerminalStyle.visible(prompt: prompt)
        while let step = steps.popFirst() {
            switch step {
            case .narration(let text):
                let shown = DisplayText.escaped(text)
                let blank = shown.allSatisfy(\.isWhitespace)
                output.shown.write(blank ? shown : style.paint(shown, .dim), to: .out)
                recorder?.line(blank ? shown : Self.castStyle.paint(shown, .dim))
                recorder?.pause(shown.count * schedule.readingDelay)
            case .marker(let label):
                recorder?.marker(DisplayText.escaped(label))
            case .hidden(let command, let line):
                output.muted = true
                runningHidden = (command, line)
                return .line(command)
            case .command(let command):
                let typed = DisplayText.escaped(command)
                if let signal = show(typed, after: visible) { return .terminated(signal: signal) }
                recorder?.typed(typed, after: visible, promptShownAt: recorder?.now ?? 0)
                return .line(command)
            case .second(let command):
                // Its own prompt, coloured on a colour terminal and in a cast: a reader sees at
                // once which session a line goes to.
                let typed = DisplayText.escaped(command)
                let name = String(Transcript.secondPrefix.dropLast(2))
                let shownPrompt = style.paint(name, .note) + "> "
                if let signal = show(typed, after: shownPrompt) { return .terminated(signal: signal) }
                recorder?.typed(
                    typed, after: Self.castStyle.paint(name, .note) + "> ", promptShownAt: recorder?.now ?? 0)
                second?.type(command)
                output.flush()
            }
        }
        second?.finish()
        return .end
    }

    /// Says, on standard error, each error the hidden command just run printed while muted,
    /// as `--check` fails it; the run's status already counts the failure.
    private func reportHiddenFailure() {
        guard let hidden = runningHidden else { return }
        runningHidden = nil
        let prefix = style.paint("error:", .error) + " "
        for line in output.mutedErrors where line.hasPrefix(prefix) {
            let report = Messages.playHiddenCommandFailed(
                path: path, line: hidden.line, command: hidden.command, error: String(line.dropFirst(prefix.count)))
            output.shown.write(prefix + report, to: .err)
        }
    }

    /// Shows the prompt and types `typed` after it: on a terminal after Enter or the pause,
    /// one character at a time; otherwise at once, as `--echo` prints it. Returns the signal
    /// that stopped it, if one did.
    private func show(_ typed: String, after prompt: String) -> Int32? {
        guard let terminal else {
            output.shown.write(prompt + typed, to: .out)
            return nil
        }
        output.shown.flush()
        terminal.write(prompt)
        if let signal = terminal.waitForEnter(limit: autoAdvance) ?? typeOut(typed, on: terminal) {
            terminal.write("\n")
            return signal
        }
        terminal.write("\n")
        return nil
    }

    private func typeOut(_ typed: String, on terminal: PlayTerminal) -> Int32? {
        for character in typed {
            terminal.write(String(character))
            if let signal = terminal.pause(schedule.typingDelay) { return signal }
        }
        return nil
    }
}

/// The second session a transcript's `other> COMMAND` lines are typed into: a session of its
/// own over the same store, fed one line at a time between the first session's lines. It
/// starts when its first line comes, as a second terminal opened then, so what it says on
/// starting (that the first session holds the draft file) stands under that line, after
/// its echo. Each line is read as a piped run reads it: echoed after `other> `, parsed,
/// carried out.
@MainActor
final class SecondSession {
    private let make: () -> Session
    private var started: Session?
    private let output: any OutputSink
    /// False for `--play`, which shows the prompt and types the line itself.
    private let echoes: Bool
    /// True once `quit` ended it: later lines are not run, as in a real session.
    private(set) var ended = false

    /// - Parameter make: builds the session, when its first line comes.
    init(make: @escaping () -> Session, output: any OutputSink, echoes: Bool = true) {
        self.make = make
        self.output = output
        self.echoes = echoes
    }

    /// Types `line` into the session.
    func type(_ line: String) {
        guard !ended else { return }
        if echoes { output.write(Self.echo(of: line), to: .out) }
        let session = started ?? make()
        if started == nil {
            started = session
            session.start()
        }
        session.beginAnswer(input: line)
        let outcome: Session.Outcome
        do {
            guard let command = try session.parse(line) else {
                session.dropAnswer()
                return
            }
            outcome = session.perform(command)
        } catch {
            outcome = session.reject(error)
        }
        session.finishAnswer(outcome)
        output.flush()
        if outcome == .quit { finish() }
    }

    /// Ends the session as a piped run ends when its input does: the draft written, what is
    /// left reported, the store closed. Only the first time.
    func finish() {
        guard !ended else { return }
        ended = true
        guard let session = started else { return }
        let repl = REPL(session: session, reader: ScriptLineReader(lines: []), output: output)
        _ = repl.run()
        session.close()
    }

    /// What the replay prints for a line typed into the second session: `other> value 75`.
    static func echo(of line: String) -> String { Transcript.secondPrefix + DisplayText.escaped(line) }
}

/// The first session's reader when a transcript has a second session: before handing over
/// the first session's next line, it types the second session's lines that stand before it;
/// at the end it ends the second session, before the first one ends.
@MainActor
final class InterleavedLineReader: LineReader {
    private var steps: ArraySlice<TranscriptStep>
    private let second: SecondSession

    init(steps: [TranscriptStep], second: SecondSession) {
        self.steps = steps[...]
        self.second = second
    }

    var lastLineWasAwaited: Bool { false }

    func readLine(prompt: String) -> LineInput {
        while let step = steps.popFirst() {
            if step.second {
                second.type(step.command)
            } else {
                let line = step.command
                return line.utf8.count > maximumLineBytes ? .tooLong(byteCount: line.utf8.count) : .line(line)
            }
        }
        second.finish()
        return .end
    }
}

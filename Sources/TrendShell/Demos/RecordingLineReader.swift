/// The reader of a recorded piped, `-c` or interactive run: each line read goes into the cast
/// after its prompt, typed out, and a comment line (`# …`) also becomes a marker. It prints
/// `--echo`'s line itself, to the shown output only, so the cast does not show it twice.
@MainActor
public final class RecordingLineReader: LineReader {
    private let reader: any LineReader
    private let recorder: CastRecorder
    /// Where `--echo` prints; nil without `--echo`.
    private let echo: (any OutputSink)?

    public init(reader: any LineReader, recorder: CastRecorder, echo: (any OutputSink)?) {
        self.reader = reader
        self.recorder = recorder
        self.echo = echo
    }

    public var hasBufferedLine: Bool { reader.hasBufferedLine }
    public var lastLineWasAwaited: Bool { reader.lastLineWasAwaited }

    public func readLine(prompt: String) -> LineInput {
        let shownAt = recorder.now
        let input = reader.readLine(prompt: prompt)
        let visible = TerminalStyle.visible(prompt: prompt)
        switch input {
        case .line(let line):
            echo?.write(REPL.echo(of: line), to: .out)
            if let label = Self.markerLabel(line) { recorder.marker(label, at: shownAt) }
            recorder.typed(DisplayText.escaped(line), after: visible, promptShownAt: shownAt)
        case .tooLong(let byteCount):
            echo?.write(REPL.echo(ofLineOf: byteCount), to: .out)
            recorder.typed(REPL.shownText(ofLineOf: byteCount), after: visible, promptShownAt: shownAt)
        case .notUTF8(let shown):
            echo?.write(REPL.echo(of: shown), to: .out)
            recorder.typed(DisplayText.escaped(shown), after: visible, promptShownAt: shownAt)
        case .interrupted:
            recorder.output(visible + "^C\r\n", at: shownAt)
        case .end, .terminated, .failed:
            break
        }
        return input
    }

    /// The label a comment line gives its marker: the text after `#`, trimmed, escaped; nil
    /// for any other line, or a comment with no text.
    static func markerLabel(_ line: String) -> String? {
        let trimmed = CommandParser.trimmed(line)
        guard trimmed.hasPrefix("#") else { return nil }
        let label = CommandParser.trimmed(String(trimmed.dropFirst()))
        return label.isEmpty ? nil : DisplayText.escaped(label)
    }
}

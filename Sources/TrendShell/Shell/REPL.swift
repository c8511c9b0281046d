/// The loop: read, stop at end of input, parse, dispatch, report, continue. A failed command
/// never ends it (unless `--bail` asks).
@MainActor
public struct REPL {
    public var session: Session
    public var reader: any LineReader
    public var output: any OutputSink
    public var echo = false
    public var bail = false
    public var interactive = false
    public var history: HistoryFile?
    public var colorPrompt = false

    public init(session: Session, reader: any LineReader, output: any OutputSink) {
        self.session = session
        self.reader = reader
        self.output = output
    }

    /// The exit status, or a signal number when SIGTERM or SIGHUP ended the session.
    public enum Ending: Equatable, Sendable {
        case status(ExitStatus)
        case signal(Int32)
    }

    public func run() async -> Ending {
        var anyFailed = session.startFailed
        var endOfInputWarned = false
        loop: while true {
            let input = reader.readLine(prompt: prompt())
            switch input {
            case .end:
                if interactive && session.hasUnsavedChanges && !endOfInputWarned {
                    endOfInputWarned = true
                    session.warn(
                        "The draft has unsaved changes. Type \"save\" or \"cancel\", or press Ctrl-D again to leave; the draft file keeps it."
                    )
                    output.flush()
                    continue
                }
                break loop
            case .interrupted:
                continue
            case .terminated(let signal):
                output.flush()
                return .signal(signal)
            case .tooLong(let byteCount):
                if echo { output.write("trendsh> (a line of \(byteCount) bytes)", to: .out) }
                session.fail(
                    "That line is \(byteCount) bytes long; trendsh reads lines of at most \(maximumLineBytes) bytes. Nothing was done."
                )
                output.flush()
                anyFailed = true
                if bail { break loop }
            case .line(let line):
                endOfInputWarned = false
                if echo { output.write("trendsh> " + DisplayText.escaped(line), to: .out) }
                if interactive, let problem = history?.add(line) { session.warn(problem) }
                let outcome: Session.Outcome
                do {
                    guard let command = try CommandParser.parse(line) else {
                        output.flush()
                        continue
                    }
                    outcome = await session.perform(command)
                } catch {
                    outcome = session.reject(error)
                }
                output.flush()
                if outcome == .quit { break loop }
                if outcome == .failed {
                    anyFailed = true
                    if bail { break loop }
                }
            }
        }
        if session.hasUnsavedChanges && !interactive {
            session.warn(
                session.draftIsKeptOnDisk
                    ? "The session ended with unsaved changes in the draft. It was not saved as an entry; the draft file keeps it and the next trendsh with this store restores it."
                    : "The session ended with unsaved changes in the draft; they were not saved.")
        }
        output.flush()
        if anyFailed { return .status(.failure) }
        return .status(session.hasUnsavedChanges ? .unsavedDraft : .success)
    }

    /// `trendsh> `, `trendsh*> ` with unsaved changes, `trendsh!> ` after a failed save.
    func prompt() -> String {
        let mark: String
        let color: String
        switch session.draftMark {
        case .clean: (mark, color) = ("", "")
        case .unsaved: (mark, color) = ("*", "33")
        case .failedSave: (mark, color) = ("!", "31")
        }
        guard colorPrompt, !mark.isEmpty else { return "trendsh\(mark)> " }
        // \u{1} brackets bytes of zero width, so libedit measures the prompt correctly.
        return "trendsh\u{1}\u{1B}[\(color);1m\u{1}\(mark)\u{1}\u{1B}[0m\u{1}> "
    }
}

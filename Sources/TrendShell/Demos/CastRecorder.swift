import TrendKit

/// Records a run as an asciicast v2 file, event by event: output lines (with `\r\n` line
/// ends, so a player draws each line from its left edge), prompts and typed commands, and
/// markers. The file is a file a person names: it is written beside its final name and
/// renamed into place only when the run ends, so an existing file stays whole until then.
/// Every text given to it is terminal text already escaped for display (`DisplayText`), with
/// at most trendsh's own styling codes; the JSON form of each event comes from `Asciicast`.
@MainActor
public final class CastRecorder {
    public let path: String
    private let file: NamedFile
    private let timing: CastTiming
    /// The time of the last event, in milliseconds since the start.
    private var time = 0
    /// The first failure to write the file; nothing more is recorded after it.
    public private(set) var failure: NamedFileError?

    /// Starts the file; `rules` refuse one of trendsh's own files and the run's input.
    public init(path: String, header: Asciicast.Header, timing: CastTiming, rules: NamedFileRules)
        throws(NamedFileError)
    {
        self.path = path
        self.timing = timing
        file = try NamedFile(path: path, rules: rules)
        append(Asciicast.headerLine(header))
    }

    /// Why a recording did not start; standard error has said so, and nothing has run.
    public enum NotStarted: Error, Equatable {
        /// The file named is one the recording may not replace: the command line was wrong.
        case refused
        /// The file could not be made.
        case failed

        /// The run's exit status: 2 for a refused file, as for any wrong command line; 1 otherwise.
        public var status: ExitStatus { self == .refused ? .usage : .failure }
    }

    /// Starts a recording for a run, or says on standard error why the file cannot be
    /// written (nothing has run yet).
    public static func start(
        path: String, title: String, environment: ShellEnvironment, timing: CastTiming, rules: NamedFileRules,
        errors: any OutputSink
    ) throws(NotStarted) -> CastRecorder {
        let size = environment.terminalSize ?? (Asciicast.defaultSize.width, Asciicast.defaultSize.height)
        let header = Asciicast.Header(width: size.columns, height: size.rows, title: title)
        do {
            return try CastRecorder(path: path, header: header, timing: timing, rules: rules)
        } catch {
            errors.write("error: " + DisplayText.escaped(Messages.castNotStarted(error)), to: .err)
            throw error.refusal == nil ? .failed : .refused
        }
    }

    /// Milliseconds since the start: the schedule's time, or the clock's (never before the
    /// last event, so times never decrease).
    public var now: Int {
        switch timing {
        case .schedule: return time
        case .clock(let clock): return max(time, clock())
        }
    }

    /// Text written to the terminal, at `moment` (now when nil).
    public func output(_ text: String, at moment: Int? = nil) {
        time = max(time, moment ?? now)
        append(Asciicast.eventLine(milliseconds: time, .output, text))
    }

    /// A whole line: the text, then `\r\n`.
    public func line(_ text: String) { output(text + "\r\n") }

    /// A marker labelled `label`, at `moment` (now when nil).
    public func marker(_ label: String, at moment: Int? = nil) {
        time = max(time, moment ?? now)
        append(Asciicast.eventLine(milliseconds: time, .marker, label))
    }

    /// Lets `milliseconds` pass on the schedule (the clock passes by itself).
    public func pause(_ milliseconds: Int) {
        if case .schedule = timing { time += max(0, milliseconds) }
    }

    /// The prompt, shown at `promptShownAt`, then `text` typed after it and Enter. On the
    /// schedule, typing starts after the pause and takes one event per character; on the
    /// clock, the line is one event at the moment it was read.
    public func typed(_ text: String, after prompt: String, promptShownAt: Int) {
        output(prompt, at: promptShownAt)
        switch timing {
        case .schedule(let schedule):
            time += schedule.pauseBeforeCommand
            for character in text {
                output(String(character))
                time += schedule.typingDelay
            }
            output("\r\n")
        case .clock:
            output(text + "\r\n")
        }
    }

    /// Ends the recording once the run has ended: the file takes its name, or, after a
    /// signal, is dropped and the named file stays as it was. A file that cannot be written
    /// is said on standard error and makes the run's status 1.
    public func finish(after ending: REPL.Ending, errors: any OutputSink) -> REPL.Ending {
        if case .signal = ending {
            file.abandon()
            errors.write("note: " + DisplayText.escaped(Messages.castAbandoned(path)), to: .err)
            return ending
        }
        do throws(NamedFileError) {
            if let failure { throw failure }
            try file.commit()
            return ending
        } catch {
            file.abandon()
            errors.write("error: " + DisplayText.escaped(Messages.castNotWritten(error)), to: .err)
            return .status(.failure)
        }
    }

    private func append(_ line: String) {
        guard failure == nil else { return }
        do {
            try file.write(line + "\n")
        } catch {
            failure = error
        }
    }
}

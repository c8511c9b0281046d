/// The loop: read, stop at end of input, parse, dispatch, report, continue. A failed command
/// never ends it (unless `--bail` asks); a signal, a failed read of the input or a failed
/// write of the output does, with the draft kept.
@MainActor
public struct REPL {
    public var session: Session
    public var reader: any LineReader
    public var output: any OutputSink
    public var echo = false
    public var bail = false
    public var interactive = false
    public var history: HistoryFile?
    /// Polled after each command: a signal that ends the run (piped runs: SIGINT too).
    public var pendingSignal: () -> Int32? = { nil }
    /// Inside `--learn`: the exercise being practised, which takes its own commands and
    /// hears of every other one.
    public var coach: (any REPLCoach)?
    /// False inside `--learn`, whose runner says itself what becomes of the practice store.
    public var reportsWhatIsLeft = true

    public init(session: Session, reader: any LineReader, output: any OutputSink) {
        self.session = session
        self.reader = reader
        self.output = output
    }

    /// How the session ended: an exit status, or a signal to raise again once the store is closed.
    public enum Ending: Equatable, Sendable {
        case status(ExitStatus)
        case signal(Int32)
    }

    public func run() -> Ending {
        var anyFailed = session.startFailed
        var endOfInputWarned = false
        var historyWarned = false
        var signal: Int32?
        var stopped = false
        loop: while true {
            if let pending = pendingSignal() {
                signal = pending
                break loop
            }
            if interactive { output.flush() }
            let input = reader.readLine(prompt: prompt())
            switch input {
            case .end:
                if let pending = pendingSignal() {
                    signal = pending
                    break loop
                }
                if interactive && session.hasUnsavedWorkFromThisRun && !endOfInputWarned {
                    endOfInputWarned = true
                    if session.drafts.hasUnsavedChangesFromThisRun {
                        session.warn(Messages.endOfInputWithUnsavedDraft(session.whereTheDraftIs))
                    }
                    if session.pending.hasChangesFromThisRun {
                        session.warn(
                            Messages.endOfInputWithPendingChanges(
                                session.pending.changes.count, whereTheyAre: session.whereThePendingChangesAre))
                    }
                    continue
                }
                break loop
            case .interrupted:
                continue
            case .terminated(let received):
                signal = received
                break loop
            case .failed(let number):
                session.fail(Messages.inputReadFailed(number))
                anyFailed = true
                stopped = true
                break loop
            case .tooLong(let byteCount):
                if echo { output.write(Self.echo(ofLineOf: byteCount), to: .out) }
                session.beginAnswer(input: Self.shownText(ofLineOf: byteCount))
                session.fail(Messages.lineTooLong(byteCount, limit: maximumLineBytes), code: .lineTooLong)
                session.finishAnswer(.failed)
                anyFailed = true
                if bail { break loop }
            case .notUTF8(let shown):
                endOfInputWarned = false
                if echo { output.write(Self.echo(of: shown), to: .out) }
                session.beginAnswer(input: shown)
                session.fail(Messages.lineNotUTF8(shown), code: .lineNotUTF8)
                session.finishAnswer(.failed)
                anyFailed = true
                if bail { break loop }
            case .line(let line):
                endOfInputWarned = false
                if echo { output.write(Self.echo(of: line), to: .out) }
                if interactive, let problem = history?.add(line), !historyWarned {
                    historyWarned = true
                    session.warn(Messages.historyUnwritable(problem.path, problem: Messages.describe(problem.reason)))
                }
                if let coach, coach.take(line) {
                    if coach.endsRun { break loop }
                    continue
                }
                let outcome: Session.Outcome
                let name: String
                var touchedTheStore = false
                session.beginAnswer(input: line)
                do {
                    guard let command = try session.parse(line) else {
                        session.dropAnswer()
                        continue
                    }
                    session.nextLineIsRead = reader.hasBufferedLine
                    if reader.lastLineWasAwaited { session.store.lineArrivedAfterWaiting() }
                    name = command.name
                    outcome = session.perform(command)
                    touchedTheStore = command.readsStore
                } catch {
                    name = error.commandName ?? ""
                    outcome = session.reject(error)
                }
                session.finishAnswer(outcome)
                coach?.ran(GoalState.Event(command: name, failed: outcome == .failed), outcome: outcome)
                // What touched the store is shown at once (its JSON answer too): a broken output
                // then stops the run before the next change. Draft edits stay buffered.
                if touchedTheStore { output.flush() }
                if session.takeWaitingDraftFailure() { anyFailed = true }
                if outcome == .quit { break loop }
                if outcome == .failed {
                    anyFailed = true
                    if bail { break loop }
                }
                if coach?.endsRun == true { break loop }
            }
            // Piped output is flushed before the reader waits for more input (and before
            // anything goes to standard error); a failed flush ends the session here.
            if output.failure != nil { break loop }
        }
        session.writeWaitingDraft()
        output.flush()
        if session.takeWaitingDraftFailure() { anyFailed = true }
        if let number = output.failure {
            session.fail(Messages.outputFailed(number))
            return .status(.failure)
        }
        if reportsWhatIsLeft && (!interactive || signal != nil) { reportWhatIsLeft() }
        output.flush()
        if let signal { return .signal(signal) }
        if stopped { return .status(.failure) }
        let unsaved = session.hasUnsavedWorkFromThisRun
        // At a terminal, what failed along the way was seen and answered: only unsaved work
        // changes the status. A piped run reports any failure.
        if anyFailed && !interactive { return .status(.failure) }
        return .status(unsaved ? .unsavedDraft : .success)
    }

    /// What `--echo` prints for a line read: `trendsh> value 75`.
    public static func echo(of line: String) -> String { "trendsh> " + DisplayText.escaped(line) }

    /// What `--echo` prints for a line too long to read.
    public static func echo(ofLineOf byteCount: Int) -> String { "trendsh> " + shownText(ofLineOf: byteCount) }

    /// How a line too long to read is shown where the line would be: `(a line of 5000 bytes)`.
    public static func shownText(ofLineOf byteCount: Int) -> String { "(a line of \(byteCount) bytes)" }

    /// The closing lines: unsaved work this run made and where it is kept, or a restored
    /// draft the run left as it found it.
    private func reportWhatIsLeft() {
        if session.drafts.hasUnsavedChangesFromThisRun {
            session.warn(Messages.endedWithUnsavedDraft(session.whereTheDraftIs))
        } else if let record = session.drafts.untouchedRestoredRecord {
            session.note(Messages.restoredDraftStillWaiting(session.summary(of: record)))
        }
        let pending = session.pending
        if pending.hasChangesFromThisRun {
            session.warn(
                Messages.endedWithPendingChanges(pending.changes.count, whereTheyAre: session.whereThePendingChangesAre)
            )
        } else if !pending.untouchedRestored.isEmpty {
            session.note(Messages.restoredPendingStillWaiting(pending.untouchedRestored, units: session.units))
        }
    }

    /// `trendsh> `, `trendsh*> ` with unsaved changes, `trendsh!> ` after a failed save; with
    /// changes waiting for the store, their number first: `trendsh[2 pending]> `.
    func prompt() -> String {
        let waiting = session.pending.changes.count
        let pending = waiting == 0 ? "" : "[\(waiting) pending]"
        switch session.draftMark {
        case .clean: return session.style.prompt(mark: pending, role: waiting == 0 ? nil : .warning)
        case .unsaved: return session.style.prompt(mark: pending + "*", role: .warning)
        case .failedSave: return session.style.prompt(mark: pending + "!", role: .error)
        }
    }
}

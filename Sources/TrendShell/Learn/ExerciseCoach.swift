/// One attempt at one exercise inside `--learn`, beside the loop (`REPLCoach`): after each
/// command it decides the goal on the session's real state and the commands run so far, and
/// says when it is met; it shows a hint after `hintAfter` commands that do not meet it, or on
/// `hint`; `again` and `skip` end the attempt. It prints through the session's output.
@MainActor
public final class ExerciseCoach: REPLCoach {
    /// How the attempt ended.
    public enum Ending: Equatable, Sendable {
        case met
        case again
        case skip
    }

    public let exercise: Exercise
    let session: Session
    let output: any OutputSink
    /// The commands run in this attempt, for the goal's `ran(…)` and `failed(…)`.
    public private(set) var events: [GoalState.Event] = []
    public private(set) var ending: Ending?
    /// True when a command ended the session (`quit`, typed again over a warning).
    public private(set) var sessionQuit = false
    /// How many hints were shown in this attempt.
    public private(set) var hintsShown = 0
    /// Commands since the attempt began, or since the last hint, that did not meet the goal.
    private var missesSinceHint = 0

    public init(exercise: Exercise, session: Session, output: any OutputSink) {
        self.exercise = exercise
        self.session = session
        self.output = output
    }

    public var endsRun: Bool { ending != nil }

    public func take(_ line: String) -> Bool {
        guard let command = LearnCommand.named(in: line) else { return false }
        switch command {
        case .hint: showHint()
        case .again: ending = .again
        case .skip: ending = .skip
        }
        return true
    }

    public func ran(_ event: GoalState.Event, outcome: Session.Outcome) {
        events.append(event)
        if outcome == .quit { sessionQuit = true }
        if exercise.goal.holds(in: session.goalState(events: events)) {
            ending = .met
            say(Messages.learnGoalMet(exercise.statement), role: .success)
            return
        }
        missesSinceHint += 1
        if exercise.hintAfter > 0, missesSinceHint >= exercise.hintAfter, hintsShown < max(exercise.hints.count, 1),
            !sessionQuit
        {
            showHint()
        }
    }

    /// The next hint; after the last, the goal as trendsh checks it.
    private func showHint() {
        missesSinceHint = 0
        if hintsShown < exercise.hints.count {
            say(Messages.learnHint(exercise.hints[hintsShown]), role: .note)
        } else {
            say(Messages.learnGoalAsChecked(exercise.goalText), role: .note)
        }
        hintsShown += 1
    }

    private func say(_ line: String, role: TerminalStyle.Role) {
        output.write(session.style.paint(line, role), to: .out)
    }
}

/// What `--learn` sets beside the loop (`ExerciseCoach`): it sees each line before the
/// session does and takes its own commands (`LearnCommand`), and hears of every command the
/// session ran, so it can check the exercise's goal and say when it is met.
@MainActor
public protocol REPLCoach: AnyObject {
    /// True when `line` is the coach's to answer; the session then never sees it.
    func take(_ line: String) -> Bool
    /// A line the session ran (or refused before it ran), and how it ended.
    func ran(_ event: GoalState.Event, outcome: Session.Outcome)
    /// True once the loop should stop: the goal met, `again` or `skip` typed.
    var endsRun: Bool { get }
}

/// One exercise of a lesson, written in the lesson's file as narration directives:
///
/// ```
/// # exercise: Save a weight after a failed save
/// # goal: entries(weight = 75.4 kg) = 1 and no draft and failed(save) = 1
/// # goal-text: Save 75.4 kg, after one save that fails.
/// # hint: Type "simulate save-failure once" first.
/// # hint-after: 3
/// # solution: simulate save-failure once
/// # solution: value 75.4
/// # solution: save
/// # solution: save
/// ```
///
/// `--check`, `--play` and older trendsh read them as narration. In a lesson that runs on a
/// server (`# server: ROLE ROLE`), an exercise is practised as the second role, and
/// `# set-up: COMMAND` lines run before each attempt in a session of the first role's.
public struct Exercise: Equatable, Sendable {
    public var title: String
    /// The goal as written, and as read.
    public var goalText: String
    public var goal: Goal
    /// The sentence shown to the learner; the goal as written when the lesson gives none.
    public var statement: String
    public var hints: [String]
    /// How many commands that do not meet the goal come before the first hint.
    public var hintAfter: Int
    /// The reference solution: commands that, typed in a fresh session, meet the goal.
    public var solution: [String]
    /// A server lesson's set-up (`# set-up: COMMAND`): commands the first role types, in a
    /// session of its own, before each attempt (`share with coach`).
    public var setUp: [String] = []
    /// The line of `# exercise:`, 1-based.
    public var line: Int

    /// The number of commands before a hint when the lesson does not say.
    public static let defaultHintAfter = 3

    /// The directives that belong to an exercise, after its `# exercise:` line.
    static let directives = ["goal", "goal-text", "hint", "hint-after", "solution", setUpDirective]

    /// The directive of a server lesson's set-up command.
    static let setUpDirective = "set-up"

    /// True for a line `--play` leaves out: an exercise's goal, hints, set-up and solution,
    /// which are for `--learn` to give at their time, not for a demo to show in advance. The
    /// title and the goal's sentence are narration.
    public static func isHiddenInPlay(_ line: String) -> Bool {
        ["goal", "hint", "hint-after", "solution", setUpDirective].contains {
            Transcript.directive($0, in: line) != nil
        }
    }

    /// The exercises of a lesson's text, in order. A directive before any `# exercise:`, a
    /// goal that does not parse, a missing goal or solution, or a `# hint-after:` that is not
    /// a whole number is an error naming its line; so is a `# set-up:` line in a lesson that
    /// does not run on a server (`onServer` false), where no other role could type it.
    public static func exercises(in text: String, onServer: Bool = false) throws(ExerciseError) -> [Exercise] {
        var exercises: [Exercise] = []
        var current: Exercise?
        func finish() throws(ExerciseError) {
            guard let exercise = current else { return }
            guard !exercise.goalText.isEmpty else { throw .noGoal(line: exercise.line) }
            guard !exercise.solution.isEmpty else { throw .noSolution(line: exercise.line) }
            exercises.append(exercise)
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            while line.hasSuffix("\r") { line.removeLast() }
            let number = offset + 1
            if let title = Transcript.directive("exercise", in: line) {
                try finish()
                current = Exercise(
                    title: title, goalText: "", goal: .draftOpen, statement: "", hints: [],
                    hintAfter: defaultHintAfter, solution: [], line: number)
                continue
            }
            for name in directives {
                guard let value = Transcript.directive(name, in: line) else { continue }
                guard var exercise = current else { throw .outsideExercise(line: number, directive: name) }
                switch name {
                case "goal":
                    do {
                        exercise.goal = try GoalParser.parse(value)
                    } catch {
                        throw .badGoal(line: number, error)
                    }
                    exercise.goalText = value
                    if exercise.statement.isEmpty { exercise.statement = value }
                case "goal-text": exercise.statement = value
                case "hint": exercise.hints.append(value)
                case "hint-after":
                    guard let count = Int(value), count >= 0 else { throw .badHintAfter(line: number, text: value) }
                    exercise.hintAfter = count
                case setUpDirective:
                    guard onServer else { throw .setUpWithoutServer(line: number) }
                    guard !value.isEmpty else { throw .emptySetUp(line: number) }
                    exercise.setUp.append(value)
                default: exercise.solution.append(value)
                }
                current = exercise
                break
            }
        }
        try finish()
        return exercises
    }
}

/// Why a lesson's exercises could not be read.
public enum ExerciseError: Error, Equatable, Sendable {
    /// A `# goal:`, `# hint:` … line before any `# exercise:`.
    case outsideExercise(line: Int, directive: String)
    /// A goal that does not parse.
    case badGoal(line: Int, GoalError)
    /// An exercise with no `# goal:`.
    case noGoal(line: Int)
    /// An exercise with no `# solution:`.
    case noSolution(line: Int)
    /// A `# hint-after:` that is not a whole number.
    case badHintAfter(line: Int, text: String)
    /// A `# set-up:` line in a lesson without a `# server:` line.
    case setUpWithoutServer(line: Int)
    /// A `# set-up:` line that names no command.
    case emptySetUp(line: Int)
}

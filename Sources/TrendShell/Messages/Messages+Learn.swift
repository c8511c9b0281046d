extension Messages {
    /// `--check`: an exercise whose goal its reference solution does not prove.
    public static func exerciseProblem(_ title: String, line: Int, _ problem: ExerciseChecker.Problem) -> String {
        let exercise = "The exercise \"\(DisplayText.escaped(title))\" (line \(line))"
        switch problem {
        case .metBeforeTheSolution:
            return "\(exercise): its goal is already met before anything is typed, so there is nothing to do."
        case .notMetByTheSolution:
            return "\(exercise): its goal is not met after its solution; fix the goal or the solution."
        }
    }

    /// `--check`: a lesson's exercise directives that cannot be read.
    public static func exercisesUnreadable(_ error: ExerciseError) -> String {
        switch error {
        case .outsideExercise(let line, let directive):
            return "Line \(line): \"# \(directive):\" belongs to an exercise; put \"# exercise: TITLE\" above it."
        case .badGoal(let line, let goalError):
            return "Line \(line): the goal cannot be read: \(goalProblem(goalError))"
        case .noGoal(let line):
            return "Line \(line): the exercise has no \"# goal:\" line."
        case .noSolution(let line):
            return "Line \(line): the exercise has no \"# solution:\" line; --check runs it to prove the goal."
        case .badHintAfter(let line, let text):
            return
                "Line \(line): \"# hint-after:\" needs a whole number of commands, not \"\(DisplayText.escaped(text))\"."
        }
    }

    /// What is wrong with a goal, with its position (1-based, in characters).
    public static func goalProblem(_ error: GoalError) -> String {
        let at = "at position \(error.position)"
        switch error {
        case .unexpectedCharacter(_, let character):
            return "\"\(DisplayText.escaped(character))\" \(at) starts no word of the goal language."
        case .unterminatedText: return "the text in quotes \(at) has no closing quote."
        case .badNumber(_, let text): return "\"\(DisplayText.escaped(text))\" \(at) is not a number."
        case .unexpected(_, let found, let expected):
            return "\(DisplayText.escaped(found)) \(at): expected \(expected)."
        case .unexpectedEnd(_, let expected): return "the goal ends \(at): expected \(expected)."
        case .unknownName(_, let name):
            return "\"\(DisplayText.escaped(name))\" \(at) is not a name the goal language knows."
        case .unknownUnit(_, let name):
            return "\"\(DisplayText.escaped(name))\" \(at) is not a unit; use kg, lb or st."
        }
    }

    /// The JUnit failure message when only exercises failed.
    public static let exercisesFailedSummary = "An exercise's goal is not proven by its solution."
}

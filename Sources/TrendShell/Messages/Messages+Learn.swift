import FoundationEssentials
import TrendKit

extension Messages {
    /// `--check`: an exercise whose goal its reference solution does not prove.
    public static func exerciseProblem(_ title: String, line: Int, _ problem: ExerciseChecker.Problem) -> String {
        let exercise = "The exercise \"\(DisplayText.escaped(title))\" (line \(line))"
        switch problem {
        case .metBeforeTheSolution:
            return "\(exercise): its goal is already met before anything is typed, so there is nothing to do."
        case .notMetByTheSolution:
            return "\(exercise): its goal is not met after its solution; fix the goal or the solution."
        case .setUpFailed(let command, let role, let error):
            return
                "\(exercise): its set-up command \"\(DisplayText.escaped(command))\", typed as \(role.rawValue), failed: \(error)"
        case .noScratchFolder:
            return
                "\(exercise): it was not proven: no private scratch folder could be made for its sessions' files (under $TMPDIR, or /tmp). Set TMPDIR to a folder you can write to."
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
        case .setUpWithoutServer(let line):
            return
                "Line \(line): \"# set-up:\" is typed by a server lesson's first role before each attempt, and this lesson has no \"# server:\" line naming one."
        case .emptySetUp(let line):
            return "Line \(line): a \"# set-up:\" line needs the command to run after it."
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

/// `trendsh --learn`: the runner's sentences.
extension Messages {
    /// The practice store's name in its scratch folder.
    static let practiceStoreName = "practice.sqlite"

    static func learnNoLessons(searched: [String], named: Bool) -> String {
        let places = searched.map(DisplayText.escaped).joined(separator: ", ")
        if named { return "No lessons (NN-topic.transcript files) were found in \(places)." }
        return
            "No lessons were found; trendsh looked in \(places.isEmpty ? "no folder" : places). Name their folder with --lessons DIR."
    }

    static func learnNoSuchLesson(_ text: String, numbers: [Int]) -> String {
        let range = numbers.count > 1 ? "\(numbers.first ?? 0) to \(numbers.last ?? 0)" : "\(numbers.first ?? 0)"
        return
            "There is no lesson \"\(DisplayText.escaped(text))\"; the lessons are \(range). \"trendsh --learn\" lists them."
    }

    static func learnLessonUnreadable(_ error: LessonError) -> String {
        switch error {
        case .unreadable(let path, let problem): return transcriptProblem(problem, path: path)
        case .badExercises(let path, let problem):
            return "\(DisplayText.escaped(path)): \(exercisesUnreadable(problem))"
        }
    }

    static func learnLessonHasNoExercises(_ title: String) -> String {
        "The lesson \"\(DisplayText.escaped(title))\" has no exercise to practise; read it, or play it with --play."
    }

    static let learnScratchFolderNotMade =
        "No private scratch folder could be made for the practice store (under $TMPDIR, or /tmp), so nothing was practised. Set TMPDIR to a folder you can write to."

    static func learnProgressUnreadable(_ error: LearningProgressError) -> String {
        "\(learnProgressProblem(error)); this run does not record what you learn, and the file is left as it is."
    }

    static func learnProgressNotKept(_ error: LearningProgressError) -> String {
        "\(learnProgressProblem(error)); this outcome is not recorded."
    }

    private static func learnProgressProblem(_ error: LearningProgressError) -> String {
        switch error {
        case .unreadable(let path, let reason):
            return "The learning progress in \(DisplayText.escaped(path)) cannot be read: \(describe(reason))"
        case .notProgress(let path):
            return
                "\(DisplayText.escaped(path)) does not hold trendsh's learning progress (or holds a later version of it)"
        case .cannotWrite(let path, let reason):
            return "The learning progress could not be written to \(DisplayText.escaped(path)): \(describe(reason))"
        case .locked(let path):
            return "Another trendsh --learn held \(DisplayText.escaped(path)) for over a second"
        }
    }

    static func learnListHeading(folder: String) -> String {
        "Lessons in \(DisplayText.escaped(folder)); \"trendsh --learn N\" practises lesson N:"
    }

    static func learnListLine(_ number: Int, title: String, outcomes: [LearningProgress.Outcome?]) -> String {
        let label = number < 10 ? " \(number)" : "\(number)"
        let learned = outcomes.filter { $0 == .learned }.count
        let skipped = outcomes.filter { $0 == .skipped }.count
        var state: String
        switch (learned, skipped) {
        case (outcomes.count, _) where !outcomes.isEmpty: state = "learned"
        case (0, 0): state = outcomes.isEmpty ? "no exercise" : "not yet"
        default:
            state = learned > 0 ? "\(learned) of \(outcomes.count) learned" : ""
            if skipped > 0 { state += (state.isEmpty ? "" : ", ") + "\(skipped) skipped" }
        }
        return "  \(label)  \(DisplayText.escaped(title))  [\(state)]"
    }

    static func learnListLineUnreadable(_ number: Int, name: String) -> String {
        "  \(number < 10 ? " \(number)" : "\(number)")  \(DisplayText.escaped(name))  [cannot be read]"
    }

    static func learnListFooter(progressPath: String?) -> String {
        guard let progressPath else { return "What you learn is not recorded: there is no state folder to keep it in." }
        return "What you learn is recorded in \(DisplayText.escaped(progressPath))."
    }

    static func learnLessonIntro(
        _ lesson: Lesson, now: Date, folder: String?, server: (LessonServer, ServerRoles)? = nil
    ) -> String {
        let count = lesson.exercises.count
        let clock = "the clock is fixed at \(LocalCalendar.minuteText(now)) UTC, as in the lesson."
        var lines = [
            "Lesson \(lesson.number): \(DisplayText.escaped(lesson.title)) (\(count) exercise\(count == 1 ? "" : "s")).",
            "You practise on a scratch store of your own, removed when you leave; " + clock,
        ]
        if case (let lessonServer, let roles)? = server {
            lines[1] =
                "You practise on the server at \(DisplayText.escaped(lessonServer.address.displayed)), logged in as \(roles.second.rawValue), each attempt in a fresh session; what you save there stays (keep a scratch database for lessons). "
                + clock.prefix(1).uppercased() + clock.dropFirst()
        }
        if let folder { lines.append("Files are read from the lesson's folder, \(DisplayText.escaped(folder)).") }
        return lines.joined(separator: "\n")
    }

    static var learnCommandsReminder: String {
        let commands = LearnCommand.allCases.map { "\"\($0.name)\" \($0.summary)" }
        return "Type commands as in any session. Only here, \(all(commands)); \"quit\" leaves."
    }

    static let learnAllLearnedAlready = "You have learned every exercise of this lesson; here they are again."

    static func learnResuming(at number: Int) -> String {
        "You learned the exercises before this one; going on at exercise \(number)."
    }

    static func learnExerciseIntro(_ exercise: Exercise, number: Int, of count: Int, setUpBy role: PersonName? = nil)
        -> String
    {
        var text =
            "\nExercise \(number) of \(count): \(DisplayText.escaped(exercise.title))\n  \(DisplayText.escaped(exercise.statement))"
        if let role, !exercise.setUp.isEmpty {
            let typed = exercise.setUp.map { "\"\(DisplayText.escaped($0))\"" }
            text += "\n  Before each attempt, \(role.rawValue) types \(all(typed)) in a session of their own."
        }
        return text
    }

    static func learnGoalMet(_ statement: String) -> String { "Goal met: \(DisplayText.escaped(statement))" }

    static func learnHint(_ hint: String) -> String { "Hint: \(DisplayText.escaped(hint))" }

    static func learnGoalAsChecked(_ goal: String) -> String {
        "No more hints. The goal, as trendsh checks it after each command: \(DisplayText.escaped(goal))"
    }

    static func learnAgain(_ title: String, onServer: Bool = false) -> String {
        onServer
            ? "Starting \"\(DisplayText.escaped(title))\" over, in a fresh session; the server keeps what was saved."
            : "Starting \"\(DisplayText.escaped(title))\" over, on a fresh scratch store."
    }

    /// `--learn N` for a lesson that runs on a server, without `--store` naming one.
    static func learnNeedsServer(_ lesson: Lesson, roles: ServerRoles) -> String {
        "Lesson \(lesson.number) runs on a PostgreSQL server, so it is practised there: "
            + serverNeeded(roles, option: "--learn \(lesson.number) --store")
    }

    /// A server exercise's set-up command failed before the attempt.
    static func learnSetUpFailed(_ command: String, role: PersonName, error: String, server: String) -> String {
        "The exercise's set-up, \"\(command)\" typed as \(role.rawValue), failed, so the exercise cannot be practised: \(error) Check that \(role.rawValue) can log in to \(server) and that its store is set up."
    }

    static func learnSkipped(_ title: String) -> String { "Skipped \"\(DisplayText.escaped(title))\"." }

    static func learnSummary(
        learned: [String], skipped: [String], finished: Bool, next: Int?, progressPath: String?, onServer: Bool = false
    ) -> String {
        func quoted(_ titles: [String]) -> String { all(titles.map { "\"\(DisplayText.escaped($0))\"" }) }
        var lines = [""]
        if learned.isEmpty && skipped.isEmpty {
            lines.append("Nothing learned or skipped this time.")
        } else {
            if !learned.isEmpty { lines.append("Learned: \(quoted(learned)).") }
            if !skipped.isEmpty { lines.append("Skipped: \(quoted(skipped)).") }
        }
        lines.append(
            onServer
                ? "The sessions' drafts and pending changes are removed; what was saved on the server stays there."
                : "The scratch store, with any draft or pending change in it, is removed.")
        if finished, let next { lines.append("Next: trendsh --learn \(next)") }
        if progressPath == nil, !(learned.isEmpty && skipped.isEmpty) {
            lines.append("This progress is not recorded.")
        }
        return lines.joined(separator: "\n")
    }

    /// `a, b and c`.
    private static func all(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

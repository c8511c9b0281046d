import Testing
import TrendKit
import TrendShell

@MainActor @Suite struct ExerciseTests {
    static let lesson = """
        # now: 2026-11-29T08:00:00Z
        # exercise: Save after a failed save
        # goal: entries(weight = 75.4 kg) = 1 and no draft and failed(save) = 1
        # goal-text: Save 75.4 kg, after one save that fails.
        # hint: Type "simulate save-failure once" first.
        # hint-after: 2
        # solution: simulate save-failure once
        # solution: value 75.4
        # solution: save
        # solution: save
        trendsh> list
        """

    @Test func directivesMakeAnExercise() throws {
        let exercises = try Exercise.exercises(in: Self.lesson)
        #expect(exercises.count == 1)
        #expect(exercises.first?.title == "Save after a failed save")
        #expect(exercises.first?.statement == "Save 75.4 kg, after one save that fails.")
        #expect(exercises.first?.hintAfter == 2)
        #expect(exercises.first?.solution.count == 4)
        #expect(exercises.first?.line == 2)
        // The directives are narration to the transcript reader.
        #expect(try Transcript(parsing: Self.lesson).commands == ["list"])
    }

    @Test func aBadGoalNamesItsLine() {
        #expect(throws: ExerciseError.badGoal(line: 2, .unknownName(position: 1, name: "entrys"))) {
            try Exercise.exercises(in: "# exercise: x\n# goal: entrys = 1\n# solution: list\n")
        }
        #expect(throws: ExerciseError.outsideExercise(line: 1, directive: "goal")) {
            try Exercise.exercises(in: "# goal: draft\n")
        }
        #expect(throws: ExerciseError.noSolution(line: 1)) {
            try Exercise.exercises(in: "# exercise: x\n# goal: draft\n")
        }
    }

    @Test func aServerLessonsSetUpIsTypedByItsFirstRoleAndAnyOtherLessonRefusesIt() throws {
        let text = "# exercise: x\n# set-up: share with coach\n# goal: draft\n# solution: value 70\n"
        let exercises = try Exercise.exercises(in: text, onServer: true)
        #expect(exercises.first?.setUp == ["share with coach"])
        #expect(exercises.first?.solution == ["value 70"])
        #expect(throws: ExerciseError.setUpWithoutServer(line: 2)) { try Exercise.exercises(in: text) }
        #expect(throws: ExerciseError.emptySetUp(line: 2)) {
            try Exercise.exercises(
                in: "# exercise: x\n# set-up:\n# goal: draft\n# solution: value 70\n", onServer: true)
        }
        // A demo shows neither the set-up nor the solution in advance.
        #expect(Exercise.isHiddenInPlay("# set-up: share with coach"))
        #expect(
            Messages.exercisesUnreadable(.setUpWithoutServer(line: 2))
                == "Line 2: \"# set-up:\" is typed by a server lesson's first role before each attempt, and this lesson has no \"# server:\" line naming one."
        )
    }

    @Test func theReferenceSolutionMeetsTheGoalInARealSession() throws {
        let transcript = try Transcript(parsing: Self.lesson)
        let exercise = try #require(try Exercise.exercises(in: Self.lesson).first)
        #expect(ExerciseChecker.check(exercise, now: transcript.now) == nil)
        var short = exercise
        short.solution.removeLast()
        #expect(ExerciseChecker.check(short, now: transcript.now) == .notMetByTheSolution)
        var trivial = exercise
        trivial.goal = try GoalParser.parse("no draft")
        #expect(ExerciseChecker.check(trivial, now: transcript.now) == .metBeforeTheSolution)
    }
}

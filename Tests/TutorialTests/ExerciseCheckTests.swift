import Testing
import TrendshTestSupport

/// `--check` proves each `# exercise:` of a lesson: its goal false before its solution, true after.
@Suite struct ExerciseCheckTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }
    static let lesson = "trendsh> list\nNo entries yet. Log one with \"value WEIGHT\", then \"save\".\n"

    func check(_ exercise: String) -> ProcessResult {
        let path = home.write(Self.lesson + exercise, to: "exercise.transcript")
        return TrendshProcess.run(["--check", path], environment: environment)
    }

    @Test func aSoundExerciseKeepsTheLessonsOutput() {
        let result = check(
            "# exercise: Save\n# goal: entries(weight = 75 kg) = 1\n# solution: value 75\n# solution: save\n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "ok: \(home.path)/exercise.transcript\n1 transcript checked: 1 passed, 0 failed\n")
    }

    @Test func aSolutionThatDoesNotMeetTheGoalFailsTheLesson() {
        let result = check("# exercise: Save\n# goal: entries(weight = 75 kg) = 1\n# solution: value 75\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "The exercise \"Save\" (line 3): its goal is not met after its solution; fix the goal or the solution.")
        )
    }

    @Test func aGoalMetBeforeTheSolutionFailsTheLesson() {
        let result = check("# exercise: Nothing\n# goal: no draft\n# solution: list\n")
        #expect(result.status == 1)
        #expect(result.stdout.contains("its goal is already met before anything is typed"))
    }

    @Test func aGoalThatDoesNotParseNamesItsLineAndPosition() {
        let result = check("# exercise: Typo\n# goal: entrys = 1\n# solution: list\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Line 4: the goal cannot be read: \"entrys\" at position 1 is not a name the goal language knows."))
    }
}

/// Every lesson in docs/tutorial carries at least one exercise, which `--check` proves.
@Suite struct LessonExerciseTests {
    @Test(arguments: Repository.transcripts().filter { $0.hasPrefix("docs/tutorial/") })
    func everyLessonHasAnExercise(lesson: String) throws {
        let text = try #require(TextFile.read(Repository.root + "/" + lesson))
        #expect(text.contains("\n# exercise: "), "\(lesson) has no exercise")
    }

    @Test func anUnsoundExerciseIsAFailureInTheJUnitReport() {
        let home = TemporaryDirectory()
        let path = home.write(
            ExerciseCheckTests.lesson + "# exercise: Save\n# goal: entries = 1\n# solution: value 75\n",
            to: "lesson.transcript")
        let report = home.path + "/report.xml"
        let result = TrendshProcess.run(
            ["--check", "--junit", report, path], environment: TrendshProcess.environment(home: home.path))
        #expect(result.status == 1)
        let xml = TextFile.read(report) ?? ""
        #expect(xml.contains("<failure message=\"An exercise&apos;s goal is not proven by its solution.\""))
        #expect(
            xml.contains("The exercise \"Save\" (line 3)") || xml.contains("The exercise &quot;Save&quot; (line 3)"))
    }
}

import Testing
import TrendKit
import TrendShell
import TrendshTestSupport

/// The parts of `--learn` below the binary: the coach that checks a goal after each command
/// and shows hints, the learn commands, how a lesson is titled and found, and the options.
@Suite @MainActor struct LearnRunnerPartsTests {
    static let exercise = """
        # exercise: Save one
        # goal: entries = 1 and no draft
        # goal-text: Save a weight.
        # hint: type "value 75", then "save".
        # hint: really: "save".
        # hint-after: 2
        # solution: value 75
        # solution: save
        """

    /// A coach over a fresh in-memory session, and what it printed.
    func coach(_ text: String = Self.exercise) throws -> (ExerciseCoach, REPL, CapturedOutput) {
        let output = CapturedOutput()
        let session = Session.make(files: OwnFiles(store: .memory), clock: Fixtures.clock, output: output)
        session.start()
        let exercise = try #require(try Exercise.exercises(in: text).first)
        let coach = ExerciseCoach(exercise: exercise, session: session, output: output)
        var repl = REPL(session: session, reader: ScriptLineReader(lines: []), output: output)
        repl.coach = coach
        return (coach, repl, output)
    }

    func run(_ lines: [String], through repl: REPL) {
        var repl = repl
        repl.reader = ScriptLineReader(lines: lines)
        _ = repl.run()
    }

    @Test func theGoalIsCheckedAfterEachCommandAndEndsTheAttemptWhenMet() throws {
        let (coach, repl, output) = try coach()
        run(["value 75", "save", "list"], through: repl)
        #expect(coach.ending == .met)
        #expect(coach.events.map(\.command) == ["value", "save"], "the loop stops at the goal")
        #expect(output.text.hasSuffix("Goal met: Save a weight.\n"), "\(output.text)")
    }

    @Test func aHintShowsAfterTheSetNumberOfMissesThenTheNextAfterAsManyMore() throws {
        let (coach, repl, output) = try coach()
        run(["list"], through: repl)
        #expect(!output.text.contains("Hint:"))
        run(["list"], through: repl)
        #expect(output.text.contains("Hint: type \"value 75\", then \"save\"."))
        run(["list", "list"], through: repl)
        #expect(output.text.contains("Hint: really: \"save\"."))
        #expect(coach.hintsShown == 2)
        #expect(coach.ending == nil)
    }

    @Test func hintShowsTheNextHintThenTheGoalAsChecked() throws {
        let (coach, repl, output) = try coach()
        run(["hint", "HINT", " hint ", "hint"], through: repl)
        #expect(coach.events.isEmpty, "the session never saw them")
        #expect(output.text.contains("Hint: really: \"save\"."))
        #expect(
            output.text.hasSuffix(
                "No more hints. The goal, as trendsh checks it after each command: entries = 1 and no draft\n"))
    }

    @Test(arguments: [("again", ExerciseCoach.Ending.again), ("skip", .skip), ("SKIP", .skip)])
    func againAndSkipEndTheAttempt(word: String, ending: ExerciseCoach.Ending) throws {
        let (coach, repl, _) = try coach()
        run(["value 75", word, "save"], through: repl)
        #expect(coach.ending == ending)
        #expect(coach.events.map(\.command) == ["value"])
    }

    @Test func aLearnWordWithMoreWordsIsTheSessionsToRun() {
        #expect(LearnCommand.named(in: "hint") == .hint)
        #expect(LearnCommand.named(in: "  Again\t") == .again)
        #expect(LearnCommand.named(in: "skip 2") == nil)
        #expect(LearnCommand.named(in: "value 75") == nil)
    }

    @Test func theLearnWordsAreNoKindsWordAndNoCommandElsewhere() {
        for command in LearnCommand.allCases {
            #expect(!CommandTable.allNames.contains(command.name), "\(command) is only a --learn command")
        }
    }

    @Test func aLessonsTitleIsTheFirstSentenceAfterLessonN() throws {
        let text = """
            # now: 2026-11-29T08:00:00Z
            #
            # Lesson 11: a failure belongs to the features it affects. When the store cannot open,
            # weights and habits fail.
            trendsh> list
            """
        #expect(Lesson.title(in: try Transcript(parsing: text)) == "a failure belongs to the features it affects")
        let wrapped = "# Lesson 2: a title that goes on\n# over two lines.\n#\n# More.\ntrendsh> list\n"
        #expect(Lesson.title(in: try Transcript(parsing: wrapped)) == "a title that goes on over two lines")
        #expect(Lesson.title(in: try Transcript(parsing: "# Just narration.\ntrendsh> list\n")) == nil)
    }

    @Test func aLessonFileIsNumberedByItsLeadingDigits() {
        #expect(Lesson.number(ofFile: "03-storage.transcript") == 3)
        #expect(Lesson.number(ofFile: "17-trace.transcript") == 17)
        #expect(Lesson.number(ofFile: "storage.transcript") == nil)
        #expect(Lesson.number(ofFile: "03storage.transcript") == nil)
    }

    @Test func theLessonsAreLookedForBesideTheBinary() {
        #expect(
            LessonShelf.candidates(named: nil, executable: "/usr/bin/trendsh").first == "/usr/share/trendsh/tutorial")
        let checkout = LessonShelf.candidates(named: nil, executable: "/src/t/.build/debug/trendsh")
        #expect(checkout.first == "/src/t/.build/docs/tutorial")
        #expect(checkout.contains("/src/t/docs/tutorial"))
        #expect(LessonShelf.candidates(named: "my-lessons", executable: "/usr/bin/trendsh") == ["my-lessons"])
    }

    @Test func learnTakesALessonAfterIt() throws {
        #expect(try Options.parse(["--learn"]).learning)
        #expect(try Options.parse(["--learn"]).learnLesson == nil)
        #expect(try Options.parse(["--learn", "3"]).learnLesson == "3")
        #expect(try Options.parse(["--learn=03"]).learnLesson == "03")
        let traced = try Options.parse(["--learn", "--trace"])
        #expect(traced.learnLesson == nil && traced.trace)
        #expect(try Options.parse(["--learn", "2", "--lessons", "l"]).lessonsFolder == "l")
        #expect(throws: UsageError.lessonsNeedsLearn) { try Options.parse(["--lessons", "l"]) }
        #expect(throws: UsageError.conflicting("--learn", "-c")) { try Options.parse(["--learn", "-c", "list"]) }
        #expect(throws: UsageError.notWithLearn("--store")) { try Options.parse(["--learn", "--store", "s"]) }
    }
}

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --learn` through the built binary: every exercise of every lesson, driven by a
/// scripted learner who types its reference solution (and meets the goal) and by one who
/// never does (and sees a hint); the list, progress kept and merged, `again`, `skip`, resuming,
/// the scratch folder removed, and the usage rules.
@Suite struct LearnTests {
    /// One exercise as the lesson's file writes it, read here independently of trendsh.
    struct WrittenExercise: CustomStringConvertible, Sendable {
        var lesson: String
        var number: Int
        var title: String
        var statement = ""
        var hints: [String] = []
        var hintAfter = 3
        var solution: [String] = []
        var goal = ""
        /// The roles of a lesson that runs on a server (`# server:`), where it is practised.
        var roles: [String]?
        var description: String { "lesson \(number): \(title)" }
    }

    static let tutorial = Repository.root + "/docs/tutorial"

    /// Every exercise in docs/tutorial, read when the tests run.
    static let exercises: [WrittenExercise] = Repository.transcripts().filter { $0.hasPrefix("docs/tutorial/") }
        .flatMap { path -> [WrittenExercise] in
            guard let text = TextFile.read(Repository.root + "/" + path) else { return [] }
            let name = String(path.split(separator: "/").last ?? "")
            let stem = String(name.dropLast(".transcript".count))
            let number = Int(name.prefix { $0.isNumber }) ?? 0
            var found: [WrittenExercise] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                func value(_ directive: String) -> String? {
                    line.hasPrefix("# \(directive): ") ? String(line.dropFirst(directive.count + 4)) : nil
                }
                if let title = value("exercise") {
                    found.append(
                        WrittenExercise(
                            lesson: stem, number: number, title: title, roles: LessonDatabase.roles(in: text)))
                } else if !found.isEmpty {
                    let last = found.count - 1
                    if let goal = value("goal") {
                        found[last].goal = goal
                        if found[last].statement.isEmpty { found[last].statement = goal }
                    }
                    if let statement = value("goal-text") { found[last].statement = statement }
                    if let hint = value("hint") { found[last].hints.append(hint) }
                    if let after = value("hint-after").flatMap(Int.init) { found[last].hintAfter = after }
                    if let step = value("solution") { found[last].solution.append(step) }
                }
            }
            return found
        }

    let home = TemporaryDirectory()
    var temporary: String { home.path + "/tmp" }
    var environment: [String: String] {
        TrendshProcess.environment(home: home.path, ["TMPDIR": temporary])
    }
    var progressPath: String { home.path + "/state/trendsh/learn-progress" }

    init() {
        mkdir(home.path + "/tmp", 0o700)
    }

    func learn(_ arguments: [String], typing lines: [String]) -> ProcessResult {
        TrendshProcess.run(
            ["--learn"] + arguments + ["--lessons", Self.tutorial], input: lines.map { $0 + "\n" }.joined(),
            environment: environment)
    }

    /// `--learn N` for `exercise`'s lesson: on a fresh database of the tests' server, set up by
    /// its administrator's run, when the lesson runs on one.
    func learn(_ exercise: WrittenExercise, typing lines: [String]) throws -> ProcessResult {
        var store: [String] = []
        if let roles = exercise.roles {
            store = ["--store", try LessonDatabase(roles: roles, for: "learn").uri]
        }
        return learn(["\(exercise.number)"] + store, typing: lines)
    }

    @Test func everyLessonHasAnExercise() {
        let lessons = Set(Self.exercises.map(\.number))
        #expect(lessons.count >= 17, "\(lessons.sorted())")
        #expect(Self.exercises.allSatisfy { !$0.solution.isEmpty && !$0.goal.isEmpty })
    }

    @Test(arguments: LearnTests.exercises)
    func aLearnerWhoTypesTheSolutionMeetsTheGoal(exercise: WrittenExercise) throws {
        let result = try learn(exercise, typing: exercise.solution)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Exercise 1 of"), "\(result)")
        #expect(result.stdout.contains("Goal met: \(exercise.statement)"), "\(result)")
        #expect(result.stdout.contains("Learned: \"\(exercise.title)\"."), "\(result)")
        #expect(!result.stdout.contains("Nothing learned"), "\(result)")
        let progress = home.read("state/trendsh/learn-progress") ?? ""
        #expect(progress.contains("\"lesson\" : \"\(exercise.lesson)\""), "\(progress)")
        #expect(progress.contains("\"outcome\" : \"learned\""), "\(progress)")
        #expect(listing(temporary).isEmpty, "the scratch folder is removed: \(listing(temporary))")
    }

    @Test(arguments: LearnTests.exercises)
    func aLearnerWhoNeverMeetsTheGoalNeverPassesAndSeesAHint(exercise: WrittenExercise) throws {
        // "list" changes nothing a goal counts but the commands run; then the learner leaves.
        let misses = max(exercise.hintAfter, 1)
        let result = try learn(exercise, typing: Array(repeating: "list", count: misses) + ["quit"])
        #expect(result.status == 0, "leaving is never a failure, nor 3: \(result)")
        #expect(!result.stdout.contains("Goal met"), "\(result)")
        #expect(!result.stdout.contains("Learned:"), "\(result)")
        #expect(result.stdout.contains("Nothing learned or skipped this time."), "\(result)")
        let shown = exercise.hints.first.map { "Hint: \($0)" } ?? "No more hints."
        #expect(result.stdout.contains(shown), "\(result)")
        #expect(!fileExists(progressPath), "nothing recorded")
        #expect(listing(temporary).isEmpty)
    }

    @Test func hintAgainAndSkipAreCommandsOnlyInsideLearn() {
        let result = learn(
            ["3"],
            typing: ["hint", "value 75.4", "save", "again", "list", "hint", "hint", "skip"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                "Hint: \"simulate save-failure once\" makes the next save fail; then \"value 75.4\" and \"save\" twice."
            ))
        #expect(result.stdout.contains("Starting \"Retry a save that failed\" over, on a fresh scratch store."))
        // After `again` the store is new: the entry saved before is gone.
        #expect(result.stdout.contains("No entries yet."), "\(result)")
        #expect(
            result.stdout.contains(
                "No more hints. The goal, as trendsh checks it after each command: entries(weight = 75.4 kg) = 1 and no draft and failed(save) = 1"
            ))
        #expect(result.stdout.contains("Skipped: \"Retry a save that failed\"."))
        #expect(home.read("state/trendsh/learn-progress")?.contains("\"outcome\" : \"skipped\"") == true)

        let outside = TrendshProcess.run(
            ["--store", ":memory:"], input: "hint\nagain\nskip\n", environment: environment)
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("hint"), "\(outside)")
        #expect(!outside.stdout.contains("Hint:"))
    }

    @Test func theListShowsWhatWasLearnedAndSkipped() {
        _ = learn(["1"], typing: ["value 74.8"])
        _ = learn(["2"], typing: ["skip"])
        let result = learn([], typing: [])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Lessons in \(Self.tutorial); \"trendsh --learn N\" practises lesson N:")
        #expect(lines.contains("   1  a draft is not an entry  [learned]"), "\(lines)")
        #expect(lines.contains("   2  a validation failure keeps the draft  [1 skipped]"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   3  ") && $0.hasSuffix("[not yet]") }, "\(lines)")
        #expect(lines.last == "What you learn is recorded in \(progressPath).")
        #expect(permissions(of: progressPath) == 0o600)
    }

    @Test func aLearnedExerciseStaysLearnedWhenSkippedLater() {
        _ = learn(["1"], typing: ["value 74.8"])
        _ = learn(["1"], typing: ["skip"])
        let result = learn([], typing: [])
        #expect(result.stdout.contains("   1  a draft is not an entry  [learned]"), "\(result)")
    }

    @Test func twoLearnersAtOnceBothKeepTheirProgress() throws {
        // The first learner is in lesson 1 while the second learns lesson 2 and leaves; then
        // the first meets its goal. The first read the file before the second wrote it.
        let first = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--learn", "1", "--lessons", Self.tutorial], environment: environment)
        try first.readUntil { $0.stdoutSoFar.contains(Array("Exercise 1 of 1".utf8), from: 0) }
        let second = learn(["2"], typing: ["value seventy-five", "save", "value 75.4", "save"])
        #expect(second.stdout.contains("Learned:"), "\(second)")
        first.send("value 74.8\n")
        first.closeInput()
        let ended = first.wait()
        #expect(ended.stdout.contains("Learned:"), "\(ended)")
        let progress = home.read("state/trendsh/learn-progress") ?? ""
        #expect(progress.contains("01-a-draft-is-not-an-entry"), "\(progress)")
        #expect(progress.contains("02-validation-keeps-the-draft"), "\(progress)")
    }

    @Test func aLessonOfSeveralExercisesResumesAtTheFirstNotLearned() {
        let folder = home.makeFolder("lessons")
        let lesson = """
            # now: 2026-11-29T08:00:00Z
            # Lesson 1: two steps. More text.
            trendsh> list
            No entries yet. Log one with "value WEIGHT", then "save".
            # exercise: Open a draft
            # goal: draft
            # solution: value 75
            # exercise: Save one
            # goal: entries = 1
            # hint: type value 75 and save
            # hint-after: 1
            # solution: value 75
            # solution: save

            """
        _ = home.write(lesson, to: "lessons/01-two-steps.transcript")
        let run = { (lines: [String]) in
            TrendshProcess.run(
                ["--learn", "1", "--lessons", folder], input: lines.map { $0 + "\n" }.joined(),
                environment: environment)
        }
        let first = run(["value 70", "value 70", "quit", "quit"])
        #expect(first.stdout.contains("Lesson 1: two steps (2 exercises)."), "\(first)")
        #expect(first.stdout.contains("Goal met: draft"), "\(first)")
        #expect(first.stdout.contains("Exercise 2 of 2: Save one"), "\(first)")
        #expect(first.status == 0, "an unsaved practice draft is not the person's: never 3. \(first)")
        #expect(first.stdout.contains("Learned: \"Open a draft\"."))
        #expect(!first.stdout.contains("Next:"), "the lesson is not finished")

        let second = run(["list", "value 75", "save"])
        #expect(second.stdout.contains("going on at exercise 2"), "\(second)")
        #expect(second.stdout.contains("Hint: type value 75 and save"), "hint after one miss: \(second)")
        #expect(second.stdout.contains("Learned: \"Save one\"."), "\(second)")

        let third = run([])
        #expect(third.stdout.contains("You have learned every exercise of this lesson; here they are again."))
    }

    @Test func theLessonsAreFoundBesideTheBinaryWithoutLessons() {
        let result = TrendshProcess.run(["--learn"], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Lessons in \(Repository.root)/docs/tutorial;"), "\(result)")
    }

    @Test(arguments: [
        (["--learn", "99"], "There is no lesson \"99\""),
        (
            ["--learn", "3", "--store", "x.sqlite"],
            "--learn practises on a scratch store of its own, so --store may name only a PostgreSQL server, where the lessons that run on one are practised."
        ),
        (["--learn", "-c", "list"], "--learn"),
        (["--learn", "--play", "x.transcript"], "--learn"),
        (["--learn", "--check", "x.transcript"], "--learn"),
        (["--lessons", "/tmp"], "--lessons names the folder --learn reads; use it with --learn."),
        (["--learn", "3", "--format", "json"], "does not take --format"),
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String], sentence: String) {
        let result = TrendshProcess.run(
            arguments + (arguments.contains("--lessons") ? [] : ["--lessons", Self.tutorial]),
            environment: environment)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(sentence), "\(result)")
        #expect(!fileExists(progressPath))
    }

    @Test func aProgressFileThatIsNotProgressIsLeftAsItIs() throws {
        _ = home.makeFolder("state")
        _ = home.makeFolder("state/trendsh")
        let garbage = home.write("my notes, not JSON\n", to: "state/trendsh/learn-progress")
        let result = learn(["1"], typing: ["value 74.8"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "does not hold trendsh's learning progress (or holds a later version of it); this run does not record what you learn, and the file is left as it is."
            ), "\(result)")
        #expect(result.stdout.contains("This progress is not recorded."), "\(result)")
        #expect(TextFile.read(garbage) == "my notes, not JSON\n")
    }

    @Test func theProgressIsNeverWrittenThroughASymbolicLink() {
        _ = home.makeFolder("state")
        _ = home.makeFolder("state/trendsh")
        let target = home.write("{}", to: "elsewhere.json")
        symlink(target, progressPath)
        let result = learn(["1"], typing: ["value 74.8"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: The learning progress in \(progressPath) cannot be read"), "\(result)")
        #expect(TextFile.read(target) == "{}")
    }

    @Test func aServerLessonIsPractisedOnTheServerAsItsSecondRoleAfterTheFirstRolesSetUp() throws {
        let refused = learn(["19"], typing: ["list"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "error: Lesson 19 runs on a PostgreSQL server, so it is practised there: its sessions log in as alice and coach. Give --learn 19 --store the URI of a scratch database"
            ), "\(refused)")
        #expect(!fileExists(progressPath))

        let database = try LessonDatabase(roles: ["alice", "coach"], for: "learn_server")
        let result = learn(
            ["19", "--store", database.uri],
            typing: ["person", "again", "person alice", "value 69", "save"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                "You practise on the server at \(database.uri), logged in as coach, each attempt in a fresh session"),
            "\(result)")
        #expect(
            result.stdout.contains("Before each attempt, alice types \"share with coach\" in a session of their own."),
            "\(result)")
        #expect(result.stdout.contains("Working on coach's log."), "\(result)")
        #expect(result.stdout.contains("over, in a fresh session; the server keeps what was saved."), "\(result)")
        #expect(result.stdout.contains("Goal met: "), "\(result)")
        #expect(result.stdout.contains("what was saved on the server stays there."), "\(result)")
        // The set-up ran as alice; the coach's save was refused and wrote nothing.
        #expect(database.value("SELECT string_agg(person || '>' || reader, ',') FROM shares") == "alice>coach")
        #expect(database.value("SELECT count(*) FROM entries") == "0")
        #expect(listing(temporary).isEmpty, "the scratch folder is removed: \(listing(temporary))")
        #expect(listing(home.path + "/state/trendsh").filter { $0.hasPrefix("pg-") } == [])
    }

    @Test func aServerExerciseWhoseSetUpFailsSaysSoAndIsNotPractised() throws {
        let folder = home.makeFolder("lessons")
        _ = home.write(
            """
            # now: 2026-11-29T08:00:00Z
            # server: alice coach
            # Lesson 1: a set-up that fails.
            trendsh> person
            # exercise: Read alice's log
            # set-up: share with nobody_here
            # goal: person = "alice"
            # solution: person alice

            """, to: "lessons/01-set-up.transcript")
        let database = try LessonDatabase(roles: ["alice", "coach"], for: "learn_bad_set_up")
        let result = TrendshProcess.run(
            ["--learn", "1", "--lessons", folder, "--store", database.uri], input: "person alice\n",
            environment: environment)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.contains(
                "error: The exercise's set-up, \"share with nobody_here\" typed as alice, failed, so the exercise cannot be practised: The server has no role named nobody_here, so nothing was shared. Check that alice can log in to \(database.uri) and that its store is set up."
            ), "\(result)")
        #expect(!result.stdout.contains("Goal met"), "\(result)")
        #expect(!fileExists(progressPath))
        #expect(listing(temporary).isEmpty)
    }

    @Test func theTraceWorksInsideLearn() {
        let result = TrendshProcess.run(
            ["--learn", "17", "--lessons", Self.tutorial, "--trace"],
            input: "value 75.4\nsimulate save-failure once\nsave\nsave\ntrace on\n", environment: environment)
        #expect(result.stderr.contains("trace: store: COMMIT returns"), "\(result)")
        #expect(result.stdout.contains("Goal met:"), "\(result)")
    }

    @Test func aFileNamedInThePracticeFolderIsRefusedForItIsRemovedAtTheEnd() throws {
        let learner = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--learn", "1", "--lessons", Self.tutorial], environment: environment)
        try learner.readUntil { $0.stdoutSoFar.contains(Array("Exercise 1 of 1".utf8), from: 0) }
        let folders = listing(temporary)
        #expect(folders.count == 1 && folders[0].hasPrefix("trendsh-learn-"), "\(folders)")
        let named = temporary + "/" + (folders.first ?? "") + "/notes.csv"
        learner.send("export csv \(named)\n")
        learner.closeInput()
        let result = learner.wait()
        #expect(
            result.stderr.contains(
                "error: \(named) is in the folder trendsh --learn practises in, which is removed at its end; choose another file for the export."
            ), "\(result)")
        #expect(result.status == 0)
        #expect(listing(temporary).isEmpty)
    }

    @Test func aSignalEndsTheRunAfterTheScratchFolderIsRemoved() throws {
        let learner = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--learn", "3", "--lessons", Self.tutorial], environment: environment)
        try learner.readUntil { $0.stdoutSoFar.contains(Array("Exercise 1 of 1".utf8), from: 0) }
        #expect(listing(temporary).count == 1)
        learner.send("value 75.4\n")
        learner.kill(SIGTERM)
        let result = learner.wait()
        #expect(result.status == 128 + SIGTERM, "\(result)")
        #expect(listing(temporary).isEmpty, "the scratch folder is removed before the signal ends it")
    }

    @Test func aFileNamedInsideLearnNeverReplacesOneOfTheLessonsFiles() throws {
        // A copy of two lessons' files, so a failing test cannot harm docs/tutorial.
        let folder = home.makeFolder("lessons")
        for name in ["03-storage-failure-and-retry.transcript", "14-libra-export.csv"] {
            _ = home.write(try #require(TextFile.read(Self.tutorial + "/" + name)), to: "lessons/" + name)
        }
        let before = TextFile.read(folder + "/14-libra-export.csv")
        let result = TrendshProcess.run(
            ["--learn", "3", "--lessons", folder],
            input: "export csv 14-libra-export.csv\nexport csv 03-storage-failure-and-retry.transcript\n",
            environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "error: 14-libra-export.csv is one of the lessons' files; choose another file for the export."),
            "\(result)")
        #expect(result.stderr.contains("03-storage-failure-and-retry.transcript is one of the lessons' files"))
        #expect(TextFile.read(folder + "/14-libra-export.csv") == before)
    }

    /// The names in `folder`, folders too.
    func listing(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

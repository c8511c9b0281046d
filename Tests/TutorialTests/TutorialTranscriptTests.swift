import Testing
import TrendshTestSupport

/// Every transcript under docs/ is replayed by the built binary and must match, so a
/// lesson can never drift from what trendsh prints.
@Suite struct TutorialTranscriptTests {
    @Test func theBinaryUnderTestIsBuilt() {
        #expect(TextFile.isExecutable(TrendshProcess.binaryPath), "build trendsh first: \(TrendshProcess.binaryPath)")
    }

    @Test func theTutorialHasAtLeastSixNumberedLessons() {
        let lessons = Repository.transcripts().filter { $0.hasPrefix(Fixtures.tutorialDirectory + "/") }
        #expect(lessons.count >= 6, "lessons found: \(lessons)")
        for lesson in lessons {
            let name = lesson.dropFirst(Fixtures.tutorialDirectory.count + 1)
            let number = name.prefix(3)
            #expect(
                number.count == 3 && number.prefix(2).allSatisfy { $0.isASCII && $0.isNumber } && number.last == "-",
                "\(lesson) is not named NN-topic.transcript")
        }
    }

    @Test func everyLessonFixesTheClockOnItsFirstLine() throws {
        for lesson in Repository.transcripts() where lesson.hasPrefix(Fixtures.tutorialDirectory + "/") {
            let text = try #require(TextFile.read(Repository.root + "/" + lesson))
            let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init)
            #expect(firstLine == "# now: \(Fixtures.lessonNow)", "\(lesson)")
        }
    }

    @Test func theTutorialHasALessonOnAServer() throws {
        let lesson = try #require(
            Repository.transcripts().first { $0.hasSuffix("/19-a-coach-reads-and-cannot-write.transcript") })
        let text = try #require(TextFile.read(Repository.root + "/" + lesson))
        #expect(LessonDatabase.roles(in: text) == ["alice", "coach"])
        #expect(text.contains("\nother> save\nerror: The server refused the change: "))
    }

    @Test func theTutorialHasALessonWithTwoSessions() throws {
        let lessons = Repository.transcripts().filter { $0.hasSuffix("/16-two-sessions.transcript") }
        let lesson = try #require(lessons.first, "lesson 16 is not among \(Repository.transcripts())")
        let text = try #require(TextFile.read(Repository.root + "/" + lesson))
        #expect(text.contains("\nother> save\n"))
    }

    /// A lesson that runs on a server (`# server:`) is replayed on the tests' own, in a fresh
    /// database its administrator's run set up, with the lesson's roles made.
    @Test(arguments: Repository.transcripts())
    func transcriptMatchesWhatTrendshPrints(_ transcript: String) throws {
        let home = TemporaryDirectory()
        var store: [String] = []
        if let roles = LessonDatabase.roles(in: TextFile.read(Repository.root + "/" + transcript) ?? "") {
            store = ["--store", try LessonDatabase(roles: roles, for: "tutorial").uri]
        }
        let result = TrendshProcess.run(
            ["--check"] + store + [Repository.root + "/" + transcript],
            environment: TrendshProcess.environment(home: home.path))
        #expect(result.status == 0, "\(transcript) does not match:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
    }
}

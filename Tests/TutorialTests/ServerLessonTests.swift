import Testing
import TrendshTestSupport

/// A lesson that runs on a PostgreSQL server (`# server: ROLE ROLE`), through the built binary
/// and the tests' own server: `--check --store URI` replays it there, its first session as the
/// first role and its second as the second, and proves its exercises there; without a server
/// it is not replayed, and fails saying what it needs; `--play --store URI` shows it.
@Suite struct ServerLessonTests {
    let home = TemporaryDirectory()
    /// Where the scratch folder is made (`TMPDIR`): empty before and after each replay.
    let scratchBase: String

    init() { scratchBase = home.makeFolder("tmp") }
    var environment: [String: String] {
        TrendshProcess.environment(home: home.path, ["TMPDIR": scratchBase])
    }

    static let roles = ["alice", "coach"]

    /// Alice saves and shares; the coach reads her log, and its save is refused; alice unshares.
    static let lesson = """
        # now: 2026-11-29T08:00:00Z
        # server: alice coach
        trendsh> value 70.4
        value: 70.4
        trendsh> save
        Saved #1: 70.4 kg on 2026-11-29 08:00.
        trendsh> share with coach
        coach may now read your log, and change none of it; "unshare coach" takes that back.
        other> person alice
        Working on alice's log.
        other> list
        #1  2026-11-29 08:00  70.4 kg  trend 70.4
        other> value 69
        value: 69
        other> save
        error: The server refused the change: this session reads alice's log, which only alice may write, so nothing was written. `person` with your own name goes back to your log. The draft is kept; saving it again cannot help on this log, so type "cancel" to discard it.
        other> cancel
        Discarded the draft (value "69", dated 2026-11-29 08:00).
        trendsh> unshare coach
        coach may no longer read your log.

        """

    /// `--check` (and `arguments`) over `texts`, written as `0.transcript`, `1.transcript`, …
    func check(_ texts: [String], _ arguments: [String] = []) -> (ProcessResult, [String]) {
        let paths = texts.enumerated().map { home.write($0.element, to: "\($0.offset).transcript") }
        let result = TrendshProcess.run(["--check"] + arguments + paths, environment: environment)
        return (result, paths.map { TextFile.read($0) ?? "" })
    }

    @Test func aServerLessonIsReplayedOnTheServerAsItsRolesAndWritesOnlyAsTheFirst() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "replay")
        let (result, _) = check([Self.lesson], ["--store", database.uri])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("1 transcript checked: 1 passed, 0 failed\n"), "\(result)")
        // Alice's save landed and the coach's did not; alice's sharing was taken back.
        #expect(database.value("SELECT string_agg(person || ' ' || kilograms, ',') FROM entries") == "alice 70.4")
        #expect(database.value("SELECT count(*) FROM shares") == "0")
        #expect(database.value("SELECT string_agg(name, ' ' ORDER BY name) FROM people") == "alice coach")
        // The sessions' local files were the replay's own, removed with its scratch folder.
        #expect(TextFile.entries(of: scratchBase) == [], "the scratch folder is left")
        let state = TextFile.entries(of: home.path + "/state/trendsh") ?? []
        #expect(state.filter { $0.hasPrefix("pg-") } == [], "\(state)")
    }

    @Test func theSocketFormOfTheURIReachesTheSameRoles() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "socket")
        let (result, _) = check([Self.lesson], ["--store", database.socketURI])
        #expect(result.status == 0, "\(result)")
        #expect(database.value("SELECT count(*) FROM entries WHERE person = 'alice'") == "1")
    }

    @Test func aWrongExpectationInAServerLessonFailsWithADiff() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "wrong")
        let wrong = Self.lesson.replacing("Working on alice's log.", with: "Working on coach's log.")
        let (result, _) = check([wrong], ["--store", database.uri])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("FAILED: \(home.path)/0.transcript\n"), "\(result)")
        #expect(
            result.stdout.contains(
                " other> person alice\n-Working on coach's log.\n+Working on alice's log.\n other> list\n"),
            "\(result)")
        #expect(result.stdout.hasSuffix("1 transcript checked: 0 passed, 1 failed\n"))
    }

    @Test func updateFillsInAServerLessonFromItsCommands() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "update")
        let skeleton =
            Self.lesson.split(separator: "\n").filter {
                $0.hasPrefix("# ") || $0.hasPrefix("trendsh> ") || $0.hasPrefix("other> ")
            }.joined(separator: "\n") + "\n"
        let (result, texts) = check([skeleton], ["--update", "--store", database.uri])
        #expect(result.status == 0, "\(result)")
        #expect(texts == [Self.lesson])
    }

    @Test func withoutAServerAServerLessonIsNotReplayedAndTheOthersAre() throws {
        let plain = "trendsh> person\nWorking on me's log.\n[0]\n"
        let report = home.file("report.xml")
        let (result, _) = check([Self.lesson, plain], ["--junit", report])
        let path = home.file("0.transcript")
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr
                == "error: \(path) runs on a PostgreSQL server, so it was not replayed: its sessions log in as alice and coach. Give --store the URI of a scratch database where both roles can log in, whose store its administrator set up fresh with `trendsh --store postgresql://ADMIN@HOST/DATABASE --set-up` (docs/transcripts.md, \"A lesson on a server\").\n"
        )
        #expect(result.stdout == "ok: \(home.file("1.transcript"))\n2 transcripts checked: 1 passed, 1 failed\n")
        // A CI's report shows it as an error, not as passed or skipped.
        let xml = TextFile.read(report) ?? ""
        #expect(xml.contains("tests=\"2\" failures=\"0\" errors=\"1\""), "\(xml)")
        #expect(xml.contains("<error message=\"\(path) runs on a PostgreSQL server, so it was not replayed"), "\(xml)")
        #expect(xml.contains("type=\"needs-server\"/>"), "\(xml)")
        #expect(!xml.contains("<skipped"))
    }

    @Test func aTranscriptWithoutAServerLineIgnoresTheServerStore() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "mixed")
        let (result, texts) = check([Self.lesson, "trendsh> status\n"], ["--update", "--store", database.uri])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("ok: \(home.file("0.transcript"))\n"), "\(result)")
        #expect(texts[1].contains("store: :memory:\n"), "\(texts[1])")
        #expect(texts[1].contains("draft file: in memory only (the store is in memory)\n"), "\(texts[1])")
    }

    /// After the lesson alice has unshared her log: the exercise's set-up shares it again, as
    /// alice, before the coach's attempt. Without it the solution cannot read alice's log.
    static let exercise = """
        # exercise: Read a log shared with you
        # set-up: share with coach
        # goal: person = "alice" and entries = 1
        # solution: person alice

        """

    @Test func aServerLessonsExerciseIsProvenAsItsSecondRoleAfterTheFirstRolesSetUp() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "exercise")
        let (sound, _) = check([Self.lesson + Self.exercise], ["--store", database.uri])
        #expect(sound.status == 0, "\(sound)")

        let another = try LessonDatabase(roles: Self.roles, for: "exercise_no_set_up")
        let withoutSetUp = Self.lesson + Self.exercise.replacing("# set-up: share with coach\n", with: "")
        let (unsound, _) = check([withoutSetUp], ["--store", another.uri])
        #expect(unsound.status == 1, "\(unsound)")
        #expect(
            unsound.stdout.contains(
                "The exercise \"Read a log shared with you\" (line 21): its goal is not met after its solution"),
            "\(unsound)")

        let third = try LessonDatabase(roles: Self.roles, for: "exercise_bad_set_up")
        let badSetUp = Self.lesson + Self.exercise.replacing("share with coach", with: "share with nobody_here")
        let (failed, _) = check([badSetUp], ["--store", third.uri])
        #expect(failed.status == 1, "\(failed)")
        #expect(
            failed.stdout.contains(
                "its set-up command \"share with nobody_here\", typed as alice, failed: The server has no role named nobody_here, so nothing was shared."
            ), "\(failed)")
    }

    @Test func playShowsBothRolesSessionsOnTheServer() throws {
        let database = try LessonDatabase(roles: Self.roles, for: "play")
        let path = home.write(Self.lesson, to: "lesson.transcript")
        let played = TrendshProcess.run(
            ["--play", path, "--store", database.uri], environment: environment, mergingErrors: true)
        #expect(played.status == 0, "\(played)")
        #expect(played.stdout.contains("trendsh*> save\nSaved #1: 70.4 kg on 2026-11-29 08:00.\n"), "\(played)")
        #expect(played.stdout.contains("other> person alice\nWorking on alice's log.\n"), "\(played)")
        #expect(
            played.stdout.contains(
                "other> save\nerror: The server refused the change: this session reads alice's log, which only alice may write"
            ), "\(played)")
        #expect(!played.stdout.contains("# server:"), "the directive is not shown")
        #expect(database.value("SELECT count(*) FROM entries WHERE person = 'coach'") == "0")
        #expect(TextFile.entries(of: scratchBase) == [])

        let unplayed = TrendshProcess.run(["--play", path], environment: environment)
        #expect(unplayed.status == 1, "\(unplayed)")
        #expect(unplayed.stdout.isEmpty, "nothing is played: \(unplayed)")
        #expect(
            unplayed.stderr.hasPrefix("error: \(path) runs on a PostgreSQL server, so it was not replayed: "),
            "\(unplayed)")
    }
}

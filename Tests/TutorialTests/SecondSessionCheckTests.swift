import Testing
import TrendshTestSupport

/// `other> COMMAND` lines: a second session on the same store, replayed by `--check` over
/// one real store in a scratch folder, and shown by `--play` after its own prompt.
@Suite struct SecondSessionCheckTests {
    let home = TemporaryDirectory()
    /// Where the scratch folder is made (`TMPDIR`): empty before and after each replay.
    let scratchBase: String

    init() { scratchBase = home.makeFolder("tmp") }
    var environment: [String: String] {
        TrendshProcess.environment(home: home.path, ["TMPDIR": scratchBase])
    }

    func check(_ text: String, update: Bool = false) -> (ProcessResult, String) {
        let path = home.write(text, to: "two.transcript")
        let result = TrendshProcess.run(["--check"] + (update ? ["--update"] : []) + [path], environment: environment)
        return (result, TextFile.read(path) ?? "")
    }

    static let twoSessions = """
        # now: 2026-11-29T08:00:00Z
        trendsh> value 75.2
        value: 75.2
        trendsh> save
        Saved #1: 75.2 kg on 2026-11-29 08:00.
        other> list
        warning: Another trendsh session is using this store, so this session's draft is kept in memory only.
        #1  2026-11-29 08:00  75.2 kg  trend 75.2
        other> value 80
        value: 80
        other> save
        Saved #2: 80.0 kg on 2026-11-29 08:00.
        trendsh> list
        #2  2026-11-29 08:00  80.0 kg  trend 77.6
        #1  2026-11-29 08:00  75.2 kg  trend 77.6
        [0]

        """

    @Test func bothSessionsShareOneStoreAndEachOutputIsComparedInOrder() {
        let (result, _) = check(Self.twoSessions)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 transcript checked: 1 passed, 0 failed\n"))
    }

    @Test func aDifferenceInTheSecondSessionsOutputFailsWithADiff() {
        let wrong = Self.twoSessions.replacing(
            "Saved #2: 80.0 kg", with: "Saved #3: 80.0 kg")
        let (result, _) = check(wrong)
        #expect(result.status == 1)
        #expect(result.stdout.contains("\n other> save\n-Saved #3: 80.0 kg on 2026-11-29 08:00.\n+Saved #2: 80.0 kg"))
    }

    @Test func theSameLinesTypedIntoOneSessionDoNotMatch() {
        // The same lines typed into one session: the first `list` then shows nothing new,
        // and the second save finds no draft lock held, so the output differs.
        let oneSession = Self.twoSessions.replacing("other> ", with: "trendsh> ")
        let (result, _) = check(oneSession)
        #expect(result.status == 1)
    }

    @Test func theScratchFolderHoldsTheStoreAndIsRemovedAtTheEnd() {
        let base = scratchBase
        let (result, text) = check("trendsh> status\nother> status\n", update: true)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(text.contains("store: \(base)/trendsh-check-"), "\(text)")
        #expect(text.contains("\nother> status\n"))
        #expect(TextFile.entries(of: base) == [], "the scratch folder is left in \(base)")
    }

    @Test func aTranscriptWithoutASecondSessionStillUsesAnInMemoryStore() {
        let (result, text) = check("trendsh> status\n", update: true)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(text.contains("draft file: in memory only (the store is in memory)\n"), "\(text)")
        #expect(TextFile.entries(of: scratchBase) == [])
    }

    @Test func updateKeepsTheSecondSessionsLinesAndFillsInTheirOutput() {
        let skeleton = """
            trendsh> value 75
            other> list
            trendsh> save
            other> list

            """
        let (result, text) = check(skeleton, update: true)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            text == """
                trendsh> value 75
                value: 75
                other> list
                warning: Another trendsh session is using this store, so this session's draft is kept in memory only.
                No entries yet. Log one with "value WEIGHT", then "save".
                trendsh> save
                Saved #1: 75.0 kg on 2026-01-01 09:00.
                other> list
                #1  2026-01-01 09:00  75.0 kg  trend 75.0

                """)
    }

    @Test func playShowsTheSecondSessionAfterItsOwnPrompt() {
        let path = home.write(Self.twoSessions, to: "two.transcript")
        let result = TrendshProcess.run(["--play", path], environment: environment, mergingErrors: true)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\nother> list\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\nother> save\nSaved #2: 80.0 kg on 2026-11-29 08:00.\n"), "\(result.stdout)")
        #expect(TextFile.entries(of: scratchBase) == [])
    }
}

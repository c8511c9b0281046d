import Testing
import TrendshTestSupport

/// `# hidden: COMMAND` lines under `--check` and `--check --update`.
@Suite struct HiddenLineCheckTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    func check(_ text: String, update: Bool = false) -> (ProcessResult, String) {
        let path = home.write(text, to: "hidden.transcript")
        let result = TrendshProcess.run(["--check"] + (update ? ["--update"] : []) + [path], environment: environment)
        return (result, TextFile.read(path) ?? "")
    }

    @Test func hiddenLinesRunButTheirOutputIsNeitherShownNorCompared() {
        let (result, _) = check(
            """
            # hidden: value 75
            # hidden: note set up unseen
            trendsh> save
            Saved #1: 75.0 kg on 2026-01-01 09:00.
            [0]

            """)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 transcript checked: 1 passed, 0 failed\n"))
    }

    @Test func withoutItsHiddenLinesTheSameTranscriptFails() {
        let (result, _) = check("trendsh> save\nSaved #1: 75.0 kg on 2026-01-01 09:00.\n")
        #expect(result.status == 1)
    }

    @Test func aHiddenCommandThatFailsFailsTheCheckAndSaysWhy() {
        let (result, _) = check(
            "# hidden: valeu 75\ntrendsh> list\nNo entries yet. Log one with \"value WEIGHT\", then \"save\".\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "The hidden command \"valeu 75\" failed: error: Unknown command \"valeu\". Did you mean \"value\"?"))
    }

    @Test func updateKeepsHiddenLinesWhereTheyStand() {
        let stale = """
            # now: 2026-11-29T08:00:00Z
            # hidden: value 75
            trendsh> save
            Saved #9: old.
            # Hidden: unit lb
            trendsh> list
            [3]

            """
        let (updated, text) = check(stale, update: true)
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect(
            text == """
                # now: 2026-11-29T08:00:00Z
                # hidden: value 75
                trendsh> save
                Saved #1: 75.0 kg on 2026-11-29 08:00.
                # Hidden: unit lb
                trendsh> list
                #1  2026-11-29 08:00  165.3 lb  trend 165.3
                [0]

                """)
        let (clean, _) = check(text)
        #expect(clean.status == 0)
    }

    @Test func aHiddenLineWithoutACommandIsAnErrorNamingTheLine() {
        let (result, _) = check("trendsh> list\n# hidden:\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains(": line 2: a \"# hidden:\" line needs the command to run after it."))
    }
}

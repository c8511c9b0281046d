import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file a person names (`chart --svg`, `export`, `--cast`, `--check --update`) never
/// replaces one of trendsh's own files, existing or not yet made, nor the file the run reads
/// (issue 21). Each run is the reproduction: a fresh home with the XDG folders in it,
/// the store named relative to it.
@Suite struct NamedFileRefusalTests {
    let home = TemporaryDirectory()
    let store = "st.sqlite"

    var environment: [String: String] {
        TrendshProcess.environment(home: home.path, ["XDG_CONFIG_HOME": home.file("config")])
    }

    static let bothEntries = lines(
        "#2  2026-11-29 08:00  76.0 kg  trend 75.1", "#1  2026-11-28 08:00  75.0 kg  trend 75.0")

    /// Runs trendsh in the home folder.
    func trendsh(_ arguments: [String], input: String = "", stdin: String? = nil) -> ProcessResult {
        TrendshProcess.run(
            arguments, input: input, environment: environment, directory: home.path,
            streams: .init(input: stdin.map { .file($0) }))
    }

    /// `trendsh --store st.sqlite --now … -c COMMAND…`
    func commands(_ commands: [String], options: [String] = []) -> ProcessResult {
        trendsh(["--store", store, "--now", Fixtures.now] + options + commands.flatMap { ["-c", $0] })
    }

    /// The commands piped into `trendsh --store st.sqlite --now …`.
    func piped(_ lines: [String]) -> ProcessResult {
        trendsh(["--store", store, "--now", Fixtures.now], input: lines.map { $0 + "\n" }.joined())
    }

    @discardableResult
    func seedTwoEntries() -> ProcessResult {
        commands(["value 75", "date yesterday", "save", "value 76", "save"])
    }

    /// The log, listed by a new run: proof the store is still a whole trendsh store.
    func listed() -> ProcessResult { commands(["list"]) }

    @Test func aChartNamingTheStoreIsRefusedAndTheLogIsKept() {
        #expect(seedTwoEntries().status == 0)

        let result = commands(["chart --svg st.sqlite"])

        #expect(result.stderr == lines("error: st.sqlite is trendsh's store; choose another file for the chart."))
        #expect(result.stdout == "")
        #expect(result.status == 1)
        #expect(listed().stdout == Self.bothEntries)
    }

    @Test func aRecordingNamingTheStoreIsRefusedBeforeAnyCommandRuns() {
        seedTwoEntries()

        let result = commands(["value 77", "save"], options: ["--cast", store])

        #expect(
            result.stderr
                == lines(
                    "error: st.sqlite is trendsh's store, so nothing was run; choose another file for the recording."))
        #expect(result.stdout == "", "no command ran")
        #expect(result.status == 2, "a recording over an own file is a wrong command line")
        let after = listed()
        #expect(after.stdout == Self.bothEntries)
        #expect(after.stderr == "")
    }

    @Test func playingALessonIntoItsOwnFileIsRefusedAndTheLessonIsUnchanged() throws {
        let lesson = home.write(
            "# now: 2026-11-29T08:00:00Z\n# A lesson.\ntrendsh> value 75\nvalue: 75\n", to: "L.transcript")
        guard symlink("L.transcript", home.file("L.cast")) == 0 else { throw SystemCallError(errno: errno) }
        let before = fileBytes(lesson)

        for cast in ["L.transcript", "./L.transcript", home.file("L.transcript"), "L.cast"] {
            let result = trendsh(["--play", "L.transcript", "--cast", cast])

            #expect(
                result.stderr
                    == lines(
                        "error: \(cast) is the transcript being played, so nothing was run; choose another file for the recording."
                    ))
            #expect(result.stdout == "")
            #expect(result.status == 2)
        }
        #expect(fileBytes(lesson) == before)
    }

    @Test func aRecordingNeverReplacesTheFileAPipedRunReadsItsCommandsFrom() {
        let commands = home.write("value 75\nsave\n", to: "commands.txt")

        let result = trendsh(["--store", store, "--now", Fixtures.now, "--cast", "commands.txt"], stdin: commands)

        #expect(
            result.stderr
                == lines(
                    "error: commands.txt is the file this run reads its commands from, so nothing was run; choose another file for the recording."
                ))
        #expect(result.status == 2)
        #expect(home.read("commands.txt") == "value 75\nsave\n")
        #expect(listed().stdout == lines(Fixtures.noEntries), "nothing was saved")
    }

    @Test func anExportNamingTheWaitingAmendIsRefusedAndRetryStillAppliesIt() {
        seedTwoEntries()
        let failed = piped(["simulate save-failure always", "amend 1 value 74"])
        #expect(failed.stderr.contains("The change is kept as pending (amend #1 value 74.0 kg)"))
        let waiting = fileBytes(home.file("st.sqlite.pending"))

        let result = commands(["export csv st.sqlite.pending"])

        #expect(
            result.stderr.hasSuffix(
                lines(
                    "error: st.sqlite.pending is the store's pending-changes file; choose another file for the export.")
            ),
            "after the note that the change is waiting")
        #expect(result.status == 1)
        #expect(fileBytes(home.file("st.sqlite.pending")) == waiting)
        let retried = piped(["retry", "list"])
        #expect(retried.stdout.contains("Amended #1: 74.0 kg on 2026-11-28 08:00, no note.\n"))
        #expect(
            retried.stdout.hasSuffix(
                lines("#2  2026-11-29 08:00  76.0 kg  trend 74.2", "#1  2026-11-28 08:00  74.0 kg  trend 74.0")))
        #expect(retried.status == 0)
    }

    @Test func anExportNamingADraftFileNotMadeYetIsRefusedAndTheNextSessionRestoresItsDraft() throws {
        seedTwoEntries()
        try #require(!fileExists(home.file("st.sqlite.draft")), "-c makes no draft file")

        let result = commands(["export csv st.sqlite.draft"])

        #expect(
            result.stderr
                == lines("error: st.sqlite.draft is the store's draft file; choose another file for the export."))
        #expect(result.status == 1)
        #expect(!fileExists(home.file("st.sqlite.draft")))
        #expect(piped(["value 80"]).status == 3, "the draft is kept in the draft file")
        let restored = piped(["show"])
        #expect(restored.stdout.hasPrefix("Restored unsaved draft (new entry): value \"80\""))
        #expect(!restored.stderr.contains("could not be read"))
        #expect(listed().stdout == Self.bothEntries)
    }

    /// One of trendsh's files an export names, and what the refusal calls it.
    struct OwnFileCase: Sendable, CustomTestStringConvertible {
        var path: String
        /// What the file holds before the export; nil when it does not exist yet.
        var contents: String?
        var what: String
        var testDescription: String { path }
    }

    static let ownFileCases = [
        OwnFileCase(path: "st.sqlite.pending.lock", contents: "", what: "the lock on the store's pending changes"),
        OwnFileCase(path: "st.sqlite.v5-backup", contents: "a copy", what: "a backup copy of the store"),
        OwnFileCase(path: "st.sqlite.v5-backup-2", contents: nil, what: "a backup copy of the store"),
        OwnFileCase(path: "st.sqlite.settings", contents: nil, what: "the store's settings file"),
        OwnFileCase(path: "st.sqlite-journal", contents: nil, what: "the store's rollback journal"),
        OwnFileCase(path: "st.sqlite-wal", contents: nil, what: "the store's write-ahead log"),
        OwnFileCase(path: "state/trendsh/history", contents: "list\n", what: "trendsh's interactive history"),
        OwnFileCase(path: "config/trendsh/trendshrc", contents: "unit lb\n", what: "trendsh's start-up file"),
        OwnFileCase(path: "data/trendsh/trend.sqlite", contents: nil, what: "trendsh's default store"),
        OwnFileCase(path: "data/trendsh/trend.sqlite.draft", contents: nil, what: "the default store's draft file"),
    ]

    @Test(arguments: ownFileCases)
    func anExportNamingAnotherOfTrendshsFilesIsRefusedAndLeavesItAsItWas(_ own: OwnFileCase) {
        seedTwoEntries()
        home.makeFolder("state/trendsh")
        home.makeFolder("config/trendsh")
        home.makeFolder("data/trendsh")
        if let contents = own.contents { home.write(contents, to: own.path) }
        let before = fileBytes(home.file(own.path))

        for export in ["export csv", "export habits json"] {
            let result = commands(["\(export) \(own.path)"])

            #expect(
                result.stderr == lines("error: \(own.path) is \(own.what); choose another file for the export."))
            #expect(result.status == 1)
        }
        #expect(fileBytes(home.file(own.path)) == before)
        #expect(listed().stdout == Self.bothEntries)
    }

    @Test func checkUpdateRewritesTheTranscriptItIsGivenButNeverTheStartupFile() {
        let stale = "# now: 2026-11-29T08:00:00Z\ntrendsh> list\nNo entries.\n"
        let lesson = home.write(stale, to: "lesson.transcript")
        home.makeFolder("config/trendsh")
        let startup = home.write(stale, to: "config/trendsh/trendshrc")

        let result = trendsh(["--check", "--update", lesson, startup])

        #expect(result.stdout.hasPrefix("updated: \(lesson)\n"))
        #expect(
            result.stderr
                == lines("error: \(startup) is trendsh's start-up file, so it was not rewritten."))
        #expect(result.status == 1)
        #expect(
            home.read("lesson.transcript") == "# now: 2026-11-29T08:00:00Z\ntrendsh> list\n" + lines(Fixtures.noEntries)
        )
        #expect(home.read("config/trendsh/trendshrc") == stale)
    }
}

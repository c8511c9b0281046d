import Testing
import TrendshTestSupport

/// One session's commands on a SQLite store and on a log on the tests' PostgreSQL server
/// print the same, line for line: measurement kinds added, used, refused removal and
/// removed; saves, amends and a delete; the trend, `stats`, `chart` and a kind's trend;
/// habits done, renamed and listed; undo, redo and the history, an import's among them; every export; JSON and CSV
/// answers; a spreadsheet import; the unit and the goal. The server is one engine more,
/// not another program: nothing a person reads may tell them apart.
@Suite struct ServerParityTests {
    static let script = [
        "measure add neck cm 20 80", "measure add arm cm 15 60",
        "value 75.4", "note after run", "waist 82", "fat 21.5", "neck 38.2", "save",
        "new", "value 75.1", "date yesterday", "save",
        "new", "value 74.9", "date -3d", "save",
        "new", "value 19", "save", "cancel",
        "amend 1 note morning run", "amend 2 value 75.0", "amend 3 date 2026-11-25 07:30",
        "list", "stats", "trend", "trend waist", "chart 30",
        "new habit", "name stretch", "save", "done stretch", "done stretch yesterday", "habits",
        "rename stretch yoga", "habits",
        "undo list", "undo", "redo",
        "export csv", "export json", "export habits csv", "export habits json",
        "format json", "list", "stats", "format csv", "list", "format text",
        "import weights.csv", "save", "list 20", "undo", "list 20", "redo", "list 20",
        "delete 2", "list", "goal 70", "unit lb", "stats", "unit kg",
        "measure remove neck", "measure remove arm", "measure list", "undo", "measure list",
        "stats month", "undo list",
    ]

    static let spreadsheet =
        "Date,Weight (kg),Note\n2026-11-01,76.0,first\n2026-11-02,75.8,\n2026-11-03,75.6,\"quoted, note\"\n"

    /// Runs the script in a home of its own against `store`, standard error merged in order.
    /// On a server the person is the login role; the SQLite store's first person has its name,
    /// so that an export's `person` column reads the same on both.
    static func run(store: (TemporaryDirectory) -> String) -> ProcessResult {
        let home = TemporaryDirectory()
        defer { home.remove() }
        _ = home.write(spreadsheet, to: "weights.csv")
        return TrendshProcess.run(
            ["--store", store(home), "--now", Fixtures.now], input: script.map { $0 + "\n" }.joined(),
            environment: TrendshProcess.environment(home: home.path, ["LOGNAME": PostgresServer.person]),
            directory: home.path, mergingErrors: true)
    }

    @Test func aSessionPrintsTheSameOnSQLiteAndOnAServer() throws {
        let server = try PostgresServer.shared()
        let uri = try server.makeDatabase(named: "parity_session")
        let onFile = Self.run { $0.file("trend.sqlite") }
        let onServer = Self.run { _ in uri }
        // The script's one refusal (the weight 19) ends the run with status 1 on both.
        #expect(onFile.status == 1, "\(onFile)")
        #expect(onServer.status == onFile.status, "\(onServer)")
        let fileLines = onFile.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let serverLines = onServer.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let differing = zip(fileLines, serverLines).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(
            differing.isEmpty && fileLines.count == serverLines.count,
            "first differences (line, SQLite, server): \(differing.prefix(5).map { ($0.offset + 1, $0.element.0, $0.element.1) }), \(fileLines.count) vs \(serverLines.count) lines"
        )
        // The script did what it says on both: a sample of its answers.
        for expected in [
            "Saved #3: 74.9 kg on 2026-11-26 08:00.", "Imported 3 entries from weights.csv.",
            "Undid step 13: imported 3 entries.", "Redid step 13: imported 3 entries.",
            "Renamed \"stretch\" to \"yoga\".", "Deleted #2: 75.0 kg on 2026-11-28 08:00.",
            "error: 1 entry holds a value of \"neck\", so it stays.",
            "2026-11-29T08:00:00.000+00:00,75.4,75.4,kg,75.0,morning run,21.5,,,,82.0,,,38.2",
        ] {
            #expect(onServer.stdout.contains(expected), "\(expected)")
        }
    }
}

import Synchronization
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where the model's trendsh keeps its log: a SQLite file in the session's home, or a fresh
/// database on the tests' PostgreSQL server (the draft and pending changes then stay in the
/// home's state folder). The same sequences, the same model, the same checks.
enum ModelEngine: String, Sendable, CustomStringConvertible {
    case sqlite, postgres
    var description: String { rawValue }
}

/// The store's people: `me`, the live session's (the first person of a store made where nothing
/// names one; on the server, the tests' login role `PostgresServer.person`), and `sam`, whom
/// the session adds at the start on SQLite.
enum ModelPerson: String, Sendable { case me, sam }

/// The real trendsh under test: one live session at a time on a store in a temporary home,
/// fed a line at a time with `--echo`, so the echo of a comment after each line marks the
/// point where the line was carried out (its draft and pending changes already written).
final class ModelSession {
    let home = TemporaryDirectory()
    let engine: ModelEngine
    /// What `--store` names: the file's path, or the server database's URI.
    let store: String
    /// The database on the server, for the postgres engine.
    private let server: (PostgresServer, database: String)?
    private var process: RunningProcess
    private var markers = 0

    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// Each session's database on the server is its own: sessions of one run are numbered.
    private static let databasesMade = Atomic<Int>(0)

    init(engine: ModelEngine = .sqlite) throws {
        self.engine = engine
        home.write(
            "date,kilograms,note\n2026-11-20T07:30:00.000Z,80.3,imp\n2026-11-21T07:30:00.000Z,80.1,\n", to: "a.csv")
        home.write("date,kilograms,note\n2026-11-22T06:00:00.000Z,79.9,\n", to: "b.csv")
        switch engine {
        case .sqlite:
            store = home.file("s.sqlite")
            server = nil
        case .postgres:
            // The model names the live session's person `me`: on the server, its login role.
            precondition(PostgresServer.person == ModelPerson.me.rawValue, "the server's person is not the model's me")
            let shared = try PostgresServer.shared()
            let number = Self.databasesMade.wrappingAdd(1, ordering: .relaxed).newValue
            let database = "model_\(getpid())_\(number)"
            store = try shared.makeDatabase(named: database)
            server = (shared, database)
        }
        process = Self.start(store: store, home: home)
    }

    deinit {
        process.finish(killingWith: SIGKILL)
        if let (server, database) = server {
            _ = server.psql(database: "postgres", sql: "DROP DATABASE \(database) WITH (FORCE)")
        }
    }

    private static func start(store: String, home: TemporaryDirectory) -> RunningProcess {
        TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", store, "--now", Fixtures.now, "--echo"],
            environment: TrendshProcess.environment(home: home.path), directory: home.path)
    }

    /// Reads `sql`'s rows from the store as another program would: sqlite3's library on the
    /// file, psql on the server (a NULL as nil).
    func rows(_ sql: String) throws -> [[String?]] {
        guard let (server, database) = server else {
            let file = try OtherProgram(path: store)
            defer { file.close() }
            return try file.rows(sql)
        }
        let null = "\u{1A}"
        let read = server.psql(
            database: database,
            arguments: ["--field-separator=\u{1F}", "--record-separator=\u{1E}", "--pset=null=\(null)", "-c", sql])
        guard read.status == 0 else { throw ModelFailure(step: 0, message: "psql could not read: \(read)") }
        var output = read.stdout
        while output.hasSuffix("\n") { output.removeLast() }
        guard !output.isEmpty else { return [] }
        return output.split(separator: "\u{1E}", omittingEmptySubsequences: false).map { record in
            record.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { $0 == null ? nil : String($0) }
        }
    }

    /// The id the store gives the next new entry. On SQLite, one past the highest ever given
    /// (`AUTOINCREMENT`, rolled back with its transaction); on the server, the identity's
    /// sequence, which a transaction that rolled back after its insert has moved on.
    func nextEntryID() throws -> Int? { try nextOnTheServer(of: "entries_id_seq") }

    /// The number the store gives the next step of the history: nil on SQLite (numbered as
    /// the model numbers them), the `changes` identity's sequence on the server.
    func nextStepID() throws -> Int? { try nextOnTheServer(of: "changes_id_seq") }

    /// The next value of the server's `sequence`; nil on SQLite, and while trendsh has not
    /// set the database up.
    private func nextOnTheServer(of sequence: String) throws -> Int? {
        guard engine == .postgres else { return nil }
        let row = try rows(
            "SELECT coalesce(last_value + 1, start_value) FROM pg_sequences WHERE sequencename = '\(sequence)'")
        return row.first?.first.flatMap { $0 }.flatMap { Int($0) }
    }

    /// Types `line` and returns what it printed once it was carried out.
    func type(_ line: String) throws -> (stdout: String, stderr: String) {
        markers += 1
        return try process.carryOut(line + "\n", marker: "step \(markers) done", silence: .seconds(30))
    }

    /// Ends the session as a piped run ends (its input closes) and starts a new one.
    func restart() {
        process.finish()
        process = Self.start(store: store, home: home)
    }

    /// Kills the session with SIGKILL between commands and starts a new one.
    func kill() {
        process.finish(killingWith: SIGKILL)
        awaitTheKilledSessionsServerSide()
        process = Self.start(store: store, home: home)
    }

    /// Sends `line` and kills the session `microseconds` later, whatever it was doing.
    func kill(during line: String, after microseconds: Int) {
        process.send(line + "\n")
        usleep(UInt32(microseconds))
        process.finish(killingWith: SIGKILL)
        awaitTheKilledSessionsServerSide()
        process = Self.start(store: store, home: home)
    }

    /// On the server, waits until the killed session's backend has ended: it rolls back an
    /// open transaction when it sees its client gone, but finishes a `COMMIT` it was already
    /// running, so what the next session sees (and the next id) is settled only then.
    private func awaitTheKilledSessionsServerSide() {
        guard engine == .postgres else { return }
        let question =
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'trendsh'"
        for _ in 0..<200 {
            // A psql that fails to answer is asked again: the wait is only ever cut short.
            do {
                if try rows(question).first?.first == "0" { return }
            } catch {}
            usleep(50_000)
        }
    }

    /// Runs `trendsh --store S -c …` while the live session goes on.
    func otherSession(_ commands: [String]) -> ProcessResult {
        TrendshProcess.run(
            ["--store", store, "--now", Fixtures.now] + commands.flatMap { ["-c", $0] }, environment: environment,
            directory: home.path)
    }

    /// Adds the store's second person, `sam`, from the live session (the store's first person
    /// is `me`: the tests' environment names nobody). Only on SQLite: on a server a person is
    /// the login role, so there is no second person to add yet (the check does not call it).
    func addSam() throws {
        let printed = try type("person add sam")
        guard !printed.stderr.contains("error:") else {
            throw ModelFailure(step: 0, message: "\"person add sam\" failed: \(printed.stderr)")
        }
    }

    /// Runs `trendsh --store S --person sam -c … -c 'list 100'` while the live session goes on:
    /// what the commands printed, and `list`'s rows as the observation reads them.
    func asSam(_ commands: [String]) -> (result: ProcessResult, listed: [String]) {
        let result = TrendshProcess.run(
            ["--store", store, "--now", Fixtures.now, "--person", "sam", "--echo"]
                + (commands + [Self.samsList]).flatMap { ["-c", $0] },
            environment: environment, directory: home.path)
        // What the last command printed: `list`'s, after the echo of it.
        let listing = result.stdout.ranges(of: "trendsh> \(Self.samsList)\n").last.map {
            String(result.stdout[$0.upperBound...])
        }
        return (result, ModelObservation.rows(ofList: listing ?? "(no listing: \(result.stdout))"))
    }

    /// What a sam step ends with: the list of sam's log.
    static let samsList = "list 100"

    /// How a query names `person`'s rows: by name. On the server the one person is the login
    /// role trendsh connects as, `PostgresServer.person` ("me"); psql reads as the superuser.
    func rowsOf(_ person: ModelPerson) -> String {
        "'\(person.rawValue)'"
    }

    /// The store file, and the live session's draft and pending changes. `list` first, so the
    /// session has shown every entry as it is now (another session's writes included).
    func observe() throws -> ModelObservation {
        let printed = try type("list 100\nstatus\nshow").stdout
        var sections: [String: String] = [:]
        var current = ""
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("trendsh> ") {
                current = String(line.dropFirst(9))
            } else {
                sections[current, default: ""] += line + "\n"
            }
        }
        return try ModelObservation(
            session: self, list: sections["list 100"] ?? "", status: sections["status"] ?? "",
            show: sections["show"] ?? "")
    }
}

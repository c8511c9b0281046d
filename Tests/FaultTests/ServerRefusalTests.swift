import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a real server refuses, through the built binary: a login it does not accept and a
/// TLS connection it cannot make, which no retry mends, and a disk with no room left, which
/// freeing space does. Each keeps the draft (in its file, for the next session), says in
/// Messages+Storage's sentence what happened and what to check, and says to try again only
/// where trying again can work.
@Suite struct ServerRefusalTests {
    enum Sentence {
        static let login = "refused the login, so nothing was read or written"
        static let tls = "was refused over TLS, so nothing was read or written"
        static let diskFull = "has no room left on its disk, so nothing was written."
        static let keptDraft = "draft: new entry, unsaved changes, last save failed"
    }

    /// A save met by a refusal at connect: the draft is kept, and the next session restores it.
    static func saveIsRefused(uri: String, sentence: String, detail: String) -> Bool {
        let machine = ServerFaultTests.Machine()
        defer { machine.home.remove() }
        let refused = machine.run(["value 75", "save", "status", "help save"], store: uri)
        #expect(refused.stderr.contains("error: The "), "\(refused)")
        #expect(refused.stderr.contains(sentence), "\(refused)")
        #expect(refused.stderr.contains(detail), "\(refused)")
        #expect(!refused.stderr.lowercased().contains("try again"), "no retry mends it: \(refused)")
        #expect(refused.stdout.contains(Sentence.keptDraft), "\(refused)")
        #expect(refused.stdout.contains("save"), "help still answers: \(refused)")
        let next = machine.run(["status"], store: uri)
        #expect(next.stdout.contains("Restored unsaved draft (new entry): value \"75\""), "\(next)")
        return refused.status != 0
    }

    @Test func aLoginTheServerRefusesKeepsTheDraftAndNamesWhatToCheck() throws {
        let server = try PostgresServer.shared()
        let name = "refusal_login"
        try server.makeDatabase(named: name)
        let uri = "postgresql://nobody_here@127.0.0.1:\(server.port)/\(name)"
        #expect(Self.saveIsRefused(uri: uri, sentence: Sentence.login, detail: "\"nobody_here\" does not exist"))
        #expect(server.rowCount(database: name) == 0)
    }

    @Test func aTLSConnectionTheServerCannotMakeKeepsTheDraftAndNamesWhatToCheck() throws {
        // The tests' server has no certificate (ssl = off): TLS that is required cannot be had.
        let server = try PostgresServer.shared()
        let name = "refusal_tls"
        try server.makeDatabase(named: name)
        let uri = server.uri(database: name, role: PostgresServer.person) + "?sslmode=require"
        #expect(Self.saveIsRefused(uri: uri, sentence: Sentence.tls, detail: "SSL"))
        #expect(server.rowCount(database: name) == 0)
    }

    @Test func aServerWhoseDiskIsFullKeepsTheDraftAndTheRetryAfterFreeingSpaceSavesOnce() throws {
        let server = try PostgresServer.shared()
        let name = "refusal_disk_full"
        try server.makeEmptyDatabase(named: name)
        // The log's tables live in a tablespace on a small tmpfs, owned by the server's user,
        // where the administrator's run makes them.
        let disk = try SmallDisk(kilobytes: 1024)
        if getuid() == 0, let user = getpwnam(PostgresServer.superuser) {
            #expect(chown(disk.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0)
        }
        let setUp = [
            "CREATE TABLESPACE refusal_small LOCATION '\(disk.path)'",
            "ALTER DATABASE \(name) SET default_tablespace = refusal_small",
        ]
        for sql in setUp { try #require(server.psql(database: "postgres", sql: sql).status == 0, "\(sql)") }
        let uri = try server.setUpStore(in: name)
        defer {
            _ = server.psql(database: "postgres", sql: "DROP DATABASE \(name) WITH (FORCE)")
            _ = server.psql(database: "postgres", sql: "DROP TABLESPACE refusal_small")
        }
        let machine = ServerFaultTests.Machine()
        defer { machine.home.remove() }
        let shell = machine.shell(uri)
        let first = try shell.run(["list"])
        #expect(first.stdout.contains("No entries yet."), "\(first)")
        let placed = server.psql(
            database: name,
            sql: "SELECT count(*) FROM pg_tables WHERE tablename = 'entries' AND tablespace = 'refusal_small'")
        #expect(placed.stdout.filter(\.isNumber) == "1", "the log's tables are on the small disk: \(placed)")

        try disk.fill()
        let full = try shell.run(["value 75", "note on a full disk", "save", "status"])
        #expect(full.stderr.contains(Sentence.diskFull), "\(full)")
        #expect(full.stderr.contains("then try again"), "\(full)")
        #expect(!full.stdout.contains("Saved #"), "\(full)")
        #expect(full.stdout.contains(Sentence.keptDraft), "\(full)")
        #expect(server.rowCount(database: name) == 0)

        disk.free()
        let saved = try shell.run(["save"])
        #expect(saved.stdout.contains("Saved #1: 75.0 kg"), "\(saved)")
        #expect(saved.stderr.isEmpty, "\(saved)")
        let end = shell.finish()
        #expect(end.status == 1, "\(end)")  // one command failed
        #expect(server.rowCount(database: name) == 1)
    }
}

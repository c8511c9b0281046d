import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The launch and the companion (docs/design.md, "The launch and the companion"): a `--store`
/// naming a PostgreSQL server makes trendsh run trendsh-pg in its place, found beside it or in
/// /usr/lib/trendsh, never on PATH; without one, a true sentence and status 127; a SQLite store
/// never runs another program.
@Suite struct CompanionLaunchTests {
    /// Port 1 on loopback: nothing listens, so libpq's connection is refused at once.
    static let downServer = "postgresql://alice:hunter2@127.0.0.1:1/trend?connect_timeout=3"

    /// The folder of the trendsh the tests run (.build/…/debug).
    static var buildFolder: String { String(TrendshProcess.binaryPath.dropLast("/trendsh".count)) }

    /// The release build beside the debug one, when `make release` made it.
    static var releaseFolder: String {
        let debug = buildFolder
        return String(debug[..<(debug.lastIndex(of: "/") ?? debug.endIndex)]) + "/release"
    }

    /// Copies the file at `path` to `destination`, with `mode`.
    static func copy(_ path: String, to destination: String, mode: mode_t = 0o755) {
        let bytes = fileBytes(path) ?? []
        #expect(!bytes.isEmpty, "no file at \(path)")
        #expect(writeFile(destination, bytes))
        chmod(destination, mode)
    }

    @Test(arguments: [
        ["--store", downServer, "-c", "status"],
        ["--store=postgres://alice:hunter2@127.0.0.1:1/trend?connect_timeout=3", "-c", "value 75", "-c", "save"],
        ["--store", "postgresql://127.0.0.1:1/trend?password=hunter2&connect_timeout=3", "--weighed-today"],
    ])
    func aServerStoreIsOpenedByTheCompanionWithThePasswordHidden(arguments: [String]) {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(arguments, environment: shell.environment, directory: shell.home.path)
        // Only the companion links libpq: its sentence about a refused connection proves it ran.
        // `status` answers with each feature's error; a save fails, and so does the hook.
        #expect(result.status == (arguments.contains("status") ? 0 : 1), "\(result)")
        #expect(
            (result.stdout + result.stderr).contains(
                "can't be reached, so nothing was read or written: connection to server at \"127.0.0.1\", port 1 failed"
            ),
            "\(result)")
        #expect((result.stdout + result.stderr).contains("***"))
        #expect(!(result.stdout + result.stderr).contains("hunter2"))
        // Nothing is made but the local files in the state folder, none named with the password.
        let files = filesUnder(shell.home.path)
        #expect(files.allSatisfy { $0.hasPrefix("state") || $0 == "data" || $0.hasPrefix("data/trendsh") }, "\(files)")
        #expect(!files.contains { $0.contains("hunter2") }, "\(files)")
    }

    @Test func aRefusedLoginIsLibpqsOwnSentence() throws {
        let server = try PostgresServer.shared()
        _ = try server.makeDatabase(named: "companion_login")
        let shell = Shell()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(
            [
                "--store", "postgresql://nobody@127.0.0.1:\(server.port)/companion_login", "-c", "value 75", "-c",
                "save",
            ],
            environment: shell.environment, directory: shell.home.path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("refused the login, so nothing was read or written: "), "\(result)")
        #expect(result.stderr.contains("\"nobody\""))
        #expect(!result.stderr.contains("try again"))
    }

    @Test(.enabled(if: !fileExists("/usr/lib/trendsh/trendsh-pg"), "an installed companion would be run"))
    func withoutTheCompanionTrendshSaysWhereItLookedAndWhatProvidesIt() {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        Self.copy(TrendshProcess.binaryPath, to: folder.file("trendsh"))
        // A trendsh-pg on PATH is never run.
        let onPath = folder.makeFolder("bin")
        Self.copy(Self.buildFolder + "/trendsh-pg", to: onPath + "/trendsh-pg")
        var environment = TrendshProcess.environment(home: folder.path)
        environment["PATH"] = onPath + ":" + (environment["PATH"] ?? "")
        let result = TrendshProcess.run(
            ["--store", Self.downServer, "-c", "status"], environment: environment, program: folder.file("trendsh"),
            directory: folder.path)
        #expect(result.status == 127, "\(result)")
        let parent = String(folder.path[..<(folder.path.lastIndex(of: "/") ?? folder.path.endIndex)])
        #expect(
            result.stderr
                == "error: postgresql://alice:***@127.0.0.1:1/trend?connect_timeout=3 names a PostgreSQL server, which only trendsh's companion trendsh-pg can open, and there is none at \(folder.path)/trendsh-pg, \(parent)/lib/trendsh/trendsh-pg or /usr/lib/trendsh/trendsh-pg. Install the trendsh package, which puts it in /usr/lib/trendsh/trendsh-pg, or run \"make release\", which builds it beside trendsh.\n"
        )
        #expect(!fileExists(folder.file("data")) && !fileExists(folder.file("state")))
    }

    @Test func aCompanionThatCannotRunIsNamed() {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        Self.copy(TrendshProcess.binaryPath, to: folder.file("trendsh"))
        Self.copy(Self.buildFolder + "/trendsh-pg", to: folder.file("trendsh-pg"), mode: 0o644)
        let result = TrendshProcess.run(
            ["--store", Self.downServer, "-c", "status"], environment: TrendshProcess.environment(home: folder.path),
            program: folder.file("trendsh"), directory: folder.path)
        #expect(result.status == 126, "\(result)")
        #expect(result.stderr.contains("and \(folder.path)/trendsh-pg could not be run: Permission denied."))
    }

    @Test func aCopyOfTrendshUnderTheCompanionsNameIsNotRunInALoop() {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        Self.copy(TrendshProcess.binaryPath, to: folder.file("trendsh"))
        Self.copy(TrendshProcess.binaryPath, to: folder.file("trendsh-pg"))
        // Under timeout(1): a loop would otherwise never end (status 124 when it is cut short).
        let result = TrendshProcess.run(
            ["20", folder.file("trendsh"), "--store", Self.downServer, "-c", "status"],
            environment: TrendshProcess.environment(home: folder.path), program: "/usr/bin/timeout",
            directory: folder.path)
        #expect(result.status == 126, "\(result)")
        #expect(
            result.stderr.contains(
                "and \(folder.path)/trendsh-pg, run as the companion, is the static trendsh itself."), "\(result)")
    }

    /// Every program the run starts, from strace's record (`-f`: children too).
    static func traced(_ arguments: [String], home: TemporaryDirectory) throws -> [String] {
        try #require(fileExists("/usr/bin/strace"), "strace is one of the Makefile's packages")
        let record = home.file("strace.out")
        let result = TrendshProcess.run(
            ["-f", "-qq", "-s", "4096", "-e", "trace=execve", "-o", record, TrendshProcess.binaryPath]
                + arguments,
            environment: TrendshProcess.environment(home: home.path), program: "/usr/bin/strace",
            directory: home.path)
        #expect(result.status == 0 || result.status == 1, "\(result)")
        return (home.read("strace.out") ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aSQLiteStoreNeverRunsTheCompanion() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let lines = try Self.traced(["--store", home.file("s.sqlite"), "-c", "value 75", "-c", "save"], home: home)
        let programs = lines.filter { $0.contains("execve(") }
        #expect(programs.count == 1, "\(lines)")
        #expect(fileExists(home.file("s.sqlite")))
    }

    @Test func aServerStoreRunsTheCompanionOnceAndNothingElse() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let lines = try Self.traced(["--store", Self.downServer, "-c", "status"], home: home)
        let programs = lines.filter { $0.contains("execve(") }
        #expect(programs.count == 2, "\(lines)")
        #expect(
            programs.last?.contains("execve(\"\(Self.buildFolder)/trendsh-pg\", [\"\(TrendshProcess.binaryPath)\"")
                == true, "\(programs)")
    }

    /// Run when `make release` has built both (`make test` does, first).
    @Test(
        .enabled(
            if: fileExists(CompanionLaunchTests.releaseFolder + "/trendsh-pg"), "needs the release build: make release")
    )
    func theReleaseCompanionLinksLibpqAndTheReleaseTrendshNothing() throws {
        let release = Self.releaseFolder
        func needed(_ binary: String) -> [String] {
            let result = TrendshProcess.run(
                ["-d", binary], environment: TrendshProcess.environment(home: "/"), program: "/usr/bin/readelf")
            return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
        }
        #expect(needed(release + "/trendsh-pg").contains { $0.contains("[libpq.so.5]") })
        #expect(needed(release + "/trendsh").isEmpty)
        // And the static release trendsh runs it.
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = TrendshProcess.run(
            ["--store", Self.downServer, "-c", "status"], environment: TrendshProcess.environment(home: home.path),
            program: release + "/trendsh", directory: home.path)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                "can't be reached, so nothing was read or written: connection to server at \"127.0.0.1\", port 1 failed"
            ))
        #expect(!result.stderr.contains("hunter2"))
    }
}

import Testing
import TrendshTestSupport

/// `--store` with a server's URI: refused as a command line this trendsh cannot run, with the
/// password hidden and nothing made on disk; `service=NAME` alone stays a SQLite file's name.
struct ServerStoreNameTests {
    @Test(arguments: [
        "postgresql://alice:hunter2@db.example.org/trend", "postgres://alice:hunter2@h:5433/t?sslmode=require",
    ])
    func aServersURIIsRefusedWithItsPasswordHidden(uri: String) {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(
            ["--store", uri, "-c", "status"], environment: shell.environment, directory: shell.home.path)
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.contains("names a PostgreSQL server, and this trendsh keeps its log in a SQLite file only"))
        #expect(result.stderr.contains("alice:***@"), "\(result)")
        #expect(!(result.stdout + result.stderr).contains("hunter2"))
        #expect(!fileExists(shell.home.file("postgresql:")) && !fileExists(shell.home.file("postgres:")))
    }

    @Test func serviceAloneIsAFilesName() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(
            ["--store", "service=trend", "-c", "value 75", "-c", "save"], environment: shell.environment,
            directory: shell.home.path)
        #expect(result.status == 0, "\(result)")
        #expect(fileExists(shell.home.file("service=trend")))
    }
}

import Testing
import TrendshTestSupport

/// `service=NAME` alone stays a SQLite file's name; a server's URI is the companion's to open
/// (CompanionLaunchTests).
struct ServerStoreNameTests {
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

import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A test run killed with SIGKILL runs no cleanup of its own; the watchdog beside its server
/// stops the server and deletes the folder.
@Suite struct PostgresWatchdogTests {
    @Test func serverGoesWhenItsOwnerIsKilled() throws {
        let owner = TrendshProcess.start(["/bin/sleep", "600"], environment: [:])
        let server = try PostgresServer(owner: owner.pid)
        let postmaster = try #require(server.serverProcessID)
        #expect(server.psql(database: "postgres", sql: "select 1").stdout == "1\n")
        #expect(Self.isAlive(postmaster))

        // Not reaped yet: a dead owner still waiting for its parent counts as gone.
        owner.kill(SIGKILL)
        let deadline = ContinuousClock.now + .seconds(Fixtures.watchdogPatienceSeconds)
        while (Self.isAlive(postmaster) || fileExists(server.folder)) && ContinuousClock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            nanosleep(&pause, nil)
        }
        #expect(!Self.isAlive(postmaster))
        #expect(!fileExists(server.folder))
        #expect(server.psql(database: "postgres", sql: "select 1", port: server.port).status != 0)
        _ = owner.finish()
    }

    /// Running, and not a zombie waiting for its parent.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = fileBytes("/proc/\(pid)/stat") else { return false }
        let state = String(decoding: stat, as: UTF8.self).split(separator: ")").last?.dropFirst().first
        return state != "Z"
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension PostgresServer {
    /// Starts a small shell loop, in a session of its own (so neither the test run's end nor
    /// a Ctrl-C at its terminal ends it), that waits while the owner lives, then stops the
    /// server at once and deletes the folder. It is how every server of the tests ends: a
    /// test process that exits, crashes or is killed with SIGKILL never runs cleanup code of
    /// its own. A zombie owner (dead, not yet reaped) counts as gone.
    func startWatchdog() throws(PostgresServerFailure) {
        let script = """
            owner=$1 folder=$2; shift 2
            while kill -0 "$owner" 2>/dev/null && [ "$(sed 's/.*) //; s/ .*//' /proc/"$owner"/stat)" != Z ]; do
                sleep 1
            done
            if [ -f "$folder/data/postmaster.pid" ]; then "$@" stop -D "$folder/data" -m immediate -w -s; fi
            rm -rf "$folder"
            """
        let argv =
            ["/usr/bin/setsid", "-f", "/bin/sh", "-c", script, "trendsh-pg-watchdog", String(owner), folder]
            + runAs + [Self.binaries + "/pg_ctl"]
        let quiet = TrendshProcess.StreamChanges(
            input: .file("/dev/null"), output: .file("/dev/null"), error: .file("/dev/null"))
        // setsid -f forks the loop and returns at once.
        let result = TrendshProcess.run(
            Array(argv.dropFirst()), environment: Self.environment, program: argv[0], directory: "/",
            streams: quiet)
        guard result.status == 0 else { throw .commandFailed(argv, result) }
    }

    /// Stops the server at once and deletes its folder, for a test done with a server of its
    /// own or a start that failed halfway (the watchdog would, but only once the owner ends).
    public func stop() {
        if serverProcessID != nil {
            do {
                try run(["pg_ctl", "stop", "-D", dataFolder, "-m", "immediate", "-w", "-s"])
            } catch {
                // The start's own failure is the one reported; the folder goes regardless.
            }
        }
        _ = TrendshProcess.run(["-rf", folder], environment: Self.environment, program: "/bin/rm", directory: "/")
    }
}

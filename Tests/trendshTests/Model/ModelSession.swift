import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real trendsh under test: one live session at a time on a store in a temporary home,
/// fed a line at a time with `--echo`, so the echo of a comment after each line marks the
/// point where the line was carried out (its draft and pending changes already written).
final class ModelSession {
    let home = TemporaryDirectory()
    private var process: RunningProcess
    private var markers = 0

    var storePath: String { home.file("s.sqlite") }
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    init() {
        home.write(
            "date,kilograms,note\n2026-11-20T07:30:00.000Z,80.3,imp\n2026-11-21T07:30:00.000Z,80.1,\n", to: "a.csv")
        home.write("date,kilograms,note\n2026-11-22T06:00:00.000Z,79.9,\n", to: "b.csv")
        process = Self.start(storePath: home.file("s.sqlite"), home: home)
    }

    deinit { process.finish(killingWith: SIGKILL) }

    private static func start(storePath: String, home: TemporaryDirectory) -> RunningProcess {
        TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", storePath, "--now", Fixtures.now, "--echo"],
            environment: TrendshProcess.environment(home: home.path), directory: home.path)
    }

    /// Types `line` and returns what it printed once it was carried out.
    func type(_ line: String) throws -> (stdout: String, stderr: String) {
        markers += 1
        return try process.carryOut(line + "\n", marker: "step \(markers) done", silence: .seconds(30))
    }

    /// Ends the session as a piped run ends (its input closes) and starts a new one.
    func restart() {
        process.finish()
        process = Self.start(storePath: storePath, home: home)
    }

    /// Kills the session with SIGKILL between commands and starts a new one.
    func kill() {
        process.finish(killingWith: SIGKILL)
        process = Self.start(storePath: storePath, home: home)
    }

    /// Sends `line` and kills the session `microseconds` later, whatever it was doing.
    func kill(during line: String, after microseconds: Int) {
        process.send(line + "\n")
        usleep(UInt32(microseconds))
        process.finish(killingWith: SIGKILL)
        process = Self.start(storePath: storePath, home: home)
    }

    /// Runs `trendsh --store S -c …` while the live session goes on.
    func otherSession(_ commands: [String]) -> ProcessResult {
        TrendshProcess.run(
            ["--store", storePath, "--now", Fixtures.now] + commands.flatMap { ["-c", $0] }, environment: environment,
            directory: home.path)
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
            storePath: storePath, list: sections["list 100"] ?? "", status: sections["status"] ?? "",
            show: sections["show"] ?? "")
    }
}

import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A store in a folder of a temporary directory, with the ways a test runs trendsh on it and
/// looks at what it holds.
final class StoreFixture {
    let directory = TemporaryDirectory()
    /// `<tmp>/data`, the store's folder.
    let folder: String
    /// `<tmp>/data/s.sqlite`
    let storePath: String

    init() throws {
        folder = directory.file("data")
        storePath = folder + "/s.sqlite"
        try Disk.makeFolder(folder)
        try Disk.makeFolder(directory.file("home"))
    }

    var draftPath: String { storePath + ".draft" }
    /// The store and the files SQLite keeps beside it.
    var storeFiles: [String] { ["", "-wal", "-shm"].map { storePath + $0 } }

    func arguments(store: String? = nil) -> [String] {
        ["--store", store ?? storePath, "--now", Fixtures.now]
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        TrendshProcess.environment(home: directory.file("home"), extra)
    }

    /// Pipes `lines` into trendsh on the store and waits for it to end.
    func run(_ lines: [String], store: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        LiveShell.run(
            arguments: arguments(store: store), input: lines.map { $0 + "\n" }.joined(), environment: environment(extra)
        )
    }

    /// Starts a session on the store that the test feeds batch by batch; the first batch's
    /// output begins with what the session printed as it started.
    func start(store: String? = nil, environment extra: [String: String] = [:], echo: Bool = true) -> LiveShell {
        LiveShell(arguments: arguments(store: store), environment: environment(extra), echo: echo)
    }

    /// The stored entries, read through a connection of the test's own; none when there is
    /// no store file yet.
    func entries() throws -> [StoredEntry] {
        guard Disk.exists(storePath) else { return [] }
        return try OtherProgram(path: storePath).entries()
    }

    /// `PRAGMA integrity_check` of the store.
    func integrity() throws -> String {
        try OtherProgram(path: storePath).integrity()
    }

    /// Saves one entry of `weight` kg in a session of its own; the first is entry #1.
    func seedEntry(_ weight: String = "75") throws {
        let result = run(["value \(weight)", "save"])
        guard result.status == 0, result.stdout.contains("Saved #") else { throw SeedFailure(result: result) }
    }
}

/// Arranging a test's starting store failed.
struct SeedFailure: Error {
    var result: RunResult
}

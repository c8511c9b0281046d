import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

enum Fixtures {
    static let prompt = "trendsh> "
    static let unsavedPrompt = "trendsh*> "
    static let failedSavePrompt = "trendsh!> "

    /// A terminal user's environment inside `home`: xterm, UTF-8, colour allowed.
    static func environment(home: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
        TrendshProcess.environment(home: home.path, ["TERM": "xterm", "LANG": "C.UTF-8"].merging(extra) { $1 })
    }

    static func historyPath(home: TemporaryDirectory) -> String { home.path + "/state/trendsh/history" }

    /// The `sqlite3` command-line shell, if one is on PATH.
    static let sqliteShell = OtherProgram.commandLineShell
}

extension PseudoTerminal {
    /// Starts `trendsh` for `home` and waits for its first prompt.
    static func started(
        home: TemporaryDirectory, _ extra: [String: String] = [:], arguments: [String] = [],
        prompt: String = Fixtures.prompt
    ) async throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(arguments: arguments, environment: Fixtures.environment(home: home, extra))
        try await terminal.waitForPrompt(prompt)
        return terminal
    }

    /// Saves an entry of `value` dated `date`, leaving no draft open.
    func saveEntry(_ value: String, date: String, id: Int) async throws {
        try await run("value \(value)", expecting: "value: \(value)", prompt: Fixtures.unsavedPrompt)
        try await run("date \(date)", expecting: "date: ", prompt: Fixtures.unsavedPrompt)
        try await run("save", expecting: "Saved #\(id)", prompt: Fixtures.prompt)
    }

    /// Types `quit` and waits for a clean exit.
    func quit() async throws -> Int32 {
        await enter("quit")
        return try await waitForExit()
    }
}

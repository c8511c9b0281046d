#if canImport(Glibc)
    import Glibc
#endif

/// The start-up file, as `.psqlrc` is to psql and `.sqliterc` to sqlite3: commands an
/// interactive session runs before its first prompt (`unit lb`, `set chart-style ascii`).
/// Each line runs as if typed; an error, warning or note it causes names the file and the
/// line. Piped runs, `-c` and `--play` never read it.
@MainActor
public struct StartupFile {
    public let path: String
    /// True when a person named the file with `--init`: it must then exist. The default
    /// file is only run when it is there.
    public let named: Bool

    /// The file these options choose: `--init FILE`, or the default one unless `-X`.
    public static func chosen(by options: Options, environment: ShellEnvironment) -> StartupFile? {
        if options.skipStartupFile { return nil }
        if let path = options.startupFile { return StartupFile(path: path, named: true) }
        return environment.startupFilePath.map { StartupFile(path: $0, named: false) }
    }

    /// Runs every line, writing messages through `output` (the session's output) with the
    /// file and line before them. Returns `.quit` when a line ended the session, `.failed`
    /// when the file could not be read, and `.succeeded` otherwise: a line that fails is
    /// reported, and the lines after it still run, as they would when typed.
    public func run(session: Session, output: PrefixedOutput) -> Session.Outcome {
        session.startupFileRuns = true
        defer { session.startupFileRuns = false }
        var information = stat()
        if !named && stat(path, &information) != 0 && errno == ENOENT { return .succeeded }
        let bytes: [UInt8]
        do {
            bytes = try TranscriptChecker.readBytes(path)
        } catch {
            return session.fail(Messages.startupFileUnreadable(path))
        }
        defer { output.prefix = nil }
        for (index, input) in ScriptLines.split(bytes: bytes).enumerated() {
            output.prefix = "\(DisplayText.escaped(path)):\(index + 1): "
            let line: String
            switch input {
            case .line(let text): line = text
            case .tooLong(let byteCount):
                session.fail(Messages.lineTooLong(byteCount, limit: maximumLineBytes))
                continue
            case .notUTF8(let shown):
                session.fail(Messages.lineNotUTF8(shown))
                continue
            case .end, .interrupted, .terminated, .failed: continue
            }
            do {
                guard let command = try session.parse(line) else { continue }
                if session.perform(command) == .quit { return .quit }
            } catch {
                _ = session.reject(error)
            }
        }
        return .succeeded
    }
}

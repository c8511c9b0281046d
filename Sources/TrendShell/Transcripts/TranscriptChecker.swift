import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --check`: replays each transcript in a fresh in-memory store with its fixed
/// clock, in UTC and with default settings, and prints a unified diff for every mismatch.
@MainActor
public struct TranscriptChecker {
    let output: any OutputSink

    public init(output: any OutputSink) { self.output = output }

    /// 0 when every transcript matches, 1 otherwise.
    public func check(files: [String]) async -> ExitStatus {
        setenv("TZ", "UTC", 1)
        tzset()
        var failures = 0
        for path in files {
            do {
                let text = try Self.read(path)
                let transcript = try Transcript(parsing: text)
                let actual = await Self.replay(transcript)
                let diff = UnifiedDiff.make(
                    expected: transcript.expectedLines, actual: actual, expectedName: path,
                    actualName: "\(path) (replayed)")
                if diff.isEmpty {
                    output.write("ok: \(DisplayText.escaped(path))", to: .out)
                } else {
                    failures += 1
                    output.write("FAILED: \(DisplayText.escaped(path))", to: .out)
                    for line in diff { output.write(DisplayText.escaped(line), to: .out) }
                }
            } catch {
                failures += 1
                output.write("error: \(DisplayText.escaped(path)): \(DisplayText.escaped(error.message))", to: .err)
            }
            output.flush()
        }
        output.write("\(files.count - failures) passed, \(failures) failed", to: .out)
        return failures == 0 ? .success : .failure
    }

    /// Runs the transcript's commands and returns what the session printed, echo included.
    public static func replay(_ transcript: Transcript) async -> [String] {
        let captured = CapturedOutput()
        let session = Session.make(location: .memory, clock: .fixed(transcript.now), output: captured)
        await session.start()
        var repl = REPL(session: session, reader: ScriptLineReader(lines: transcript.commands), output: captured)
        repl.echo = true
        _ = await repl.run()
        return captured.lines.map(\.text).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    static func read(_ path: String) throws(TranscriptError) -> String {
        guard let file = fopen(path, "r") else { throw .unreadable(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > 4 << 20 { throw .unreadable(path: path) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

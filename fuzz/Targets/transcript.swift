@testable import TrendKit
@testable import TrendShell

/// The transcript parser, `Transcript(parsing:)`, with what `--check` and `--update` do with
/// a transcript. Whatever the file holds, for a transcript it reads: a replay that prints
/// exactly the expected lines passes `--check` (no diff), and one that leaves a line out
/// fails it; and the file `--update` writes from that replay reads back as the same
/// transcript: the same commands, hidden ones included, the same expected lines, status,
/// clock, server roles and line end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = Fuzz.text(Fuzz.bytes(data, size))
    let transcript: Transcript
    do {
        transcript = try Transcript(parsing: text)
    } catch {
        let shown = DisplayText.escaped(Messages.transcriptProblem(error, path: "lesson.transcript"))
        Fuzz.check(!Fuzz.hasControl(shown), "the message for a transcript holds a control character")
        return 0
    }
    let replay = faithfulReplay(of: transcript)
    let printed = replay.printedLines(echoes: transcript.echoes)
    Fuzz.check(printed == transcript.expectedLines, "the faithful replay prints \(printed)")
    let diff = UnifiedDiff.make(
        expected: transcript.expectedLines, actual: printed, expectedName: "a", actualName: "b",
        same: Transcript.matches)
    Fuzz.check(diff.isEmpty, "a replay that prints the expected lines differs: \(diff)")
    if let dropped = printed.indices.last {
        var short = printed
        short.remove(at: dropped / 2)
        let diff = UnifiedDiff.make(
            expected: transcript.expectedLines, actual: short, expectedName: "a", actualName: "b",
            same: Transcript.matches)
        Fuzz.check(!diff.isEmpty, "a replay that leaves a line out passes")
    }
    let updated = transcript.updated(with: replay)
    guard let again = try? Transcript(parsing: updated) else {
        Fuzz.check(false, "the updated transcript \(updated.debugDescription) cannot be read")
        return 0
    }
    Fuzz.check(
        again.script.map(\.command) == transcript.script.map(\.command)
            && again.script.map(\.hidden) == transcript.script.map(\.hidden),
        "the updated transcript runs \(again.script), not \(transcript.script)")
    Fuzz.check(
        again.expectedLines == transcript.expectedLines,
        "the updated transcript expects \(again.expectedLines), not \(transcript.expectedLines)")
    Fuzz.check(again.expectedStatus == transcript.expectedStatus, "the updated transcript's status differs")
    Fuzz.check(again.now == transcript.now, "the updated transcript's clock differs")
    Fuzz.check(again.server == transcript.server, "the updated transcript's server roles differ")
    Fuzz.check(again.lineEnd == transcript.lineEnd, "the updated transcript's line end differs")
    return 0
}

/// What a replay prints when every command prints what the transcript expects: the output
/// lines before the first command lead, and each shown command gets the output lines up to
/// the next shown command (output after a hidden command belongs to the shown one before it,
/// as `expectedLines` has it). A second session's line (`other> `) is a shown command too.
private func faithfulReplay(of transcript: Transcript) -> Replay {
    var leading: [String] = []
    var outputs: [[String]] = []
    for line in transcript.lines {
        switch line {
        case .command, .second: outputs.append([])
        case .output(let text):
            if outputs.isEmpty { leading.append(text) } else { outputs[outputs.count - 1].append(text) }
        case .narration, .hidden, .status: break
        }
    }
    return Replay(leading: leading, outputs: outputs, status: transcript.expectedStatus ?? 0)
}

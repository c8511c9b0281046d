/// Replays tutorial transcripts (issue 6 fills this in).
@MainActor
public struct TranscriptChecker {
    let output: any OutputSink

    public init(output: any OutputSink) { self.output = output }

    public func check(files: [String]) async -> ExitStatus { .failure }
}

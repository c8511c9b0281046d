/// One thing playing a transcript does, in order. Worked out from the transcript before
/// anything runs, so what is shown, hidden and marked can be tested without a terminal.
public enum PlayStep: Equatable, Sendable {
    /// A narration line (or a blank line), shown as written, dimmed on a colour terminal.
    case narration(String)
    /// The start of a narration paragraph: a marker in the cast, labelled with the
    /// paragraph's text, its lines joined by spaces.
    case marker(String)
    /// A command that runs but is not shown (`# hidden: COMMAND`), and the number of its
    /// line in the transcript, for the report of its failure.
    case hidden(String, line: Int)
    /// A command, typed out after the prompt and run.
    case command(String)
    /// A line for the second session (`other> COMMAND`), typed out after its own prompt.
    case second(String)

    /// The steps for `transcript`: its narration and its commands. The `# now:` and
    /// `# server:` lines and the expected output are for the replay, so they are left out:
    /// each command prints its own output when it runs. So are an exercise's goal, hints,
    /// set-up and solution, which `--learn` gives. A paragraph is a run of `# TEXT` lines;
    /// a `#` line, a blank line or any other line ends it.
    public static func steps(for transcript: Transcript) -> [PlayStep] {
        var steps: [PlayStep] = []
        var paragraph: [String] = []
        var paragraphStart = 0
        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            steps.insert(.marker(paragraph.joined(separator: " ")), at: paragraphStart)
            paragraph = []
        }
        // Each line of the file is one of `lines`, in order, so its index gives its number.
        for (index, line) in transcript.lines.enumerated() {
            switch line {
            case .narration(let text):
                if Transcript.directive("now", in: text) != nil
                    || Transcript.directive(ServerRoles.directive, in: text) != nil
                    || Exercise.isHiddenInPlay(text)
                {
                    continue
                }
                let words = CommandParser.trimmed(String(text.dropFirst(2)))
                if text.hasPrefix("# ") && !words.isEmpty {
                    if paragraph.isEmpty { paragraphStart = steps.count }
                    paragraph.append(words)
                } else {
                    endParagraph()
                }
                steps.append(.narration(text))
            case .hidden(let command, _):
                endParagraph()
                steps.append(.hidden(command, line: index + 1))
            case .command(let command):
                endParagraph()
                steps.append(.command(command))
            case .second(let command):
                endParagraph()
                steps.append(.second(command))
            case .output, .status:
                endParagraph()
            }
        }
        endParagraph()
        return steps
    }
}

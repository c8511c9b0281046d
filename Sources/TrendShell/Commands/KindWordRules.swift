import TrendKit

/// Which words a person may give a kind of their own (`measure add WORD ...`): none that a
/// command declaration accepts (read from the declarations), no unit word, and none of the
/// words the shell keeps for what it may add later.
enum KindWordRules {
    /// Words kept for the shell's own use beside those the declarations accept now: the
    /// commands of `--learn` (`LearnCommand`), and words of commands to come (`on` goes with
    /// their `off`).
    static let kept: Set<String> = Set(LearnCommand.allCases.map(\.name)).union([
        "trace", "person", "people", "share", "unshare", "format", "on",
    ])

    /// True when `word` may not be a kind's word.
    static func isReserved(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return kept.contains(lowered) || CommandTable.acceptedWords.contains(lowered)
            || MeasureUnit.all.contains { $0.words.contains(lowered) }
    }
}

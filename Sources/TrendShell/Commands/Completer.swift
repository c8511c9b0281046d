/// Tab completion: command names, then each command's argument set from `CommandTable`.
public struct Completer {
    /// What completing the text before the cursor offers.
    public struct Completion: Equatable, Sendable {
        /// The partial word being completed.
        public var word: String
        /// Matching words, in the order a person expects (entry ids newest first).
        public var candidates: [String]

        /// The text every candidate shares beyond `word`.
        public var commonExtension: String {
            guard var shared = candidates.first else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.hasPrefix(shared) { shared.removeLast() }
            }
            return String(shared.dropFirst(word.count))
        }
    }

    /// Entry ids to offer for `edit` and `delete`, newest first.
    public var entryIDs: () -> [Int64]

    public init(entryIDs: @escaping () -> [Int64]) { self.entryIDs = entryIDs }

    public func complete(_ textBeforeCursor: String) -> Completion {
        let words = textBeforeCursor.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let endsWithSpace = textBeforeCursor.last == " "
        let completed = endsWithSpace ? words : Array(words.dropLast())
        let word = endsWithSpace ? "" : (words.last ?? "")
        // Commands and their words are read without regard to case, so they complete so too.
        let prefix = word.lowercased()
        guard let command = completed.first else {
            return Completion(word: word, candidates: unique(CommandTable.allNames).filter { $0.hasPrefix(prefix) })
        }
        guard let spec = CommandTable.spec(named: command.lowercased()) else {
            return Completion(word: word, candidates: [])
        }
        let options: [String]
        switch (spec.arguments, completed.count) {
        case (.units, 1), (.dateWords, 1), (.simulateModes, 1): options = spec.words
        case (.simulateModes, 2) where completed[1].lowercased() == "save-failure": options = ["once", "always"]
        case (.entryIDs, 1): options = entryIDs().map(String.init)
        case (.commandNames, 1): options = CommandTable.specs.map(\.name)
        default: options = []
        }
        return Completion(word: word, candidates: options.filter { $0.hasPrefix(prefix) })
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

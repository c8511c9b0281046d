import TrendKit

/// What completion can offer beyond fixed words: the session's live data.
public struct CompletionSources {
    /// Entry ids, newest first.
    public var entryIDs: () -> [Int64]
    /// Habit names.
    public var habitNames: () -> [String]
    /// The words of the kinds of measurement the session knows.
    public var kindWords: () -> [String]

    public init(
        entryIDs: @escaping () -> [Int64] = { [] }, habitNames: @escaping () -> [String] = { [] },
        kindWords: @escaping () -> [String] = { MeasurementKind.builtIn.map(\.word) }
    ) {
        self.entryIDs = entryIDs
        self.habitNames = habitNames
        self.kindWords = kindWords
    }
}

/// What a declaration's completion is asked: the words already typed after the command, and
/// where to find live data.
public struct CompletionRequest {
    /// Complete words after the command name (quotes removed).
    public var previousWords: [String]
    public var sources: CompletionSources

    /// Names as they would be typed: quoted when they hold spaces.
    public func quotedHabitNames() -> [String] { sources.habitNames().map(Tokenizer.quoted) }
}

/// Tab completion: command names, then whatever each command's declaration offers.
public struct Completer {
    /// What completing the text before the cursor offers.
    public struct Completion: Equatable, Sendable {
        /// The partial word being completed, as typed (with an opening quote, if any).
        public var word: String
        /// Matching words, in the order a person expects (entry ids newest first).
        public var candidates: [String]

        /// The text every candidate shares beyond `word`.
        public var commonExtension: String {
            guard var shared = candidates.first,
                candidates.allSatisfy({ $0.lowercased().hasPrefix(word.lowercased()) })
            else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.lowercased().hasPrefix(shared.lowercased()) { shared.removeLast() }
            }
            return String(shared.dropFirst(word.count))
        }
    }

    public var sources: CompletionSources

    /// Command names offered beside the declared ones: `--learn`'s own (`LearnCommand`).
    public var extraNames: [String] = []

    public init(sources: CompletionSources, extraNames: [String] = []) {
        self.sources = sources
        self.extraNames = extraNames
    }

    public func complete(_ textBeforeCursor: String) -> Completion {
        let (complete, partial) = Self.split(textBeforeCursor)
        // Commands and their words are read without regard to case, so they complete so too.
        let prefix = partial.lowercased()
        guard let command = complete.first else {
            // Names and word aliases; `\q` and `.quit` work when typed but are not offered.
            var seen = Set<String>()
            let names = (CommandTable.allNames + extraNames).filter {
                $0.first?.isLetter == true && seen.insert($0).inserted && $0.hasPrefix(prefix)
            }
            return Completion(word: partial, candidates: names)
        }
        guard let declaration = CommandTable.declaration(named: command) else {
            return Completion(word: partial, candidates: [])
        }
        let options = declaration.complete(
            CompletionRequest(previousWords: Array(complete.dropFirst()), sources: sources))
        // A quoted name matches what is typed with or without its opening quote.
        let unquoted = prefix.hasPrefix("\"") ? String(prefix.dropFirst()) : prefix
        return Completion(
            word: partial,
            candidates: options.filter { option in
                let lowered = option.lowercased()
                return lowered.hasPrefix(prefix) || (lowered.hasPrefix("\"") && lowered.dropFirst().hasPrefix(unquoted))
                    || (!prefix.hasPrefix("\"") && lowered.hasPrefix(unquoted))
            })
    }

    /// The complete words before the cursor (quotes removed) and the partial word being typed
    /// (as typed, with an opening quote when it has one).
    static func split(_ text: String) -> (complete: [String], partial: String) {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var raw = String.UnicodeScalarView()
        var quoted = false
        var inWord = false
        var escaping = false
        for character in text.unicodeScalars {  // as the parser splits: by scalar
            if quoted {
                raw.append(character)
                if escaping {
                    // As the parser reads it: only \" and \\ are escapes; a backslash
                    // before anything else is kept.
                    if character != "\"" && character != "\\" { current.append("\\") }
                    current.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == " " || character == "\t" {
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    raw = String.UnicodeScalarView()
                    inWord = false
                }
            } else {
                if character == "\"" && !inWord { quoted = true } else { current.append(character) }
                raw.append(character)
                inWord = true
            }
        }
        return (words, inWord ? String(raw) : "")
    }
}

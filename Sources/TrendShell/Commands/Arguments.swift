import TrendKit

/// The text after a command's name, and the ways a declaration reads it. Words are split on
/// spaces; a word in double quotes may hold spaces, and `\"` and `\\` stand for a quote and a
/// backslash inside quotes.
public struct Arguments: Sendable {
    /// The command's name, as the declaration knows it.
    public let command: String
    /// Everything after the name, trimmed: the text of `value`, `note` and `name`.
    public let rest: String

    public init(command: String, rest: String) {
        self.command = command
        self.rest = rest
    }

    /// The words, quotes removed; throws for an unclosed quote.
    public func words() throws(ParseError) -> [String] {
        switch Tokenizer.words(in: rest) {
        case .words(let words): return words
        case .unclosedQuote: throw .unclosedQuote(command: command)
        }
    }

    public func problem(_ problem: ArgumentProblem) -> ParseError {
        .badArguments(command: command, problem: problem)
    }

    /// Nothing may follow the name.
    public func none() throws(ParseError) -> NoArguments {
        guard rest.isEmpty else { throw problem(.takesNoArguments) }
        return NoArguments()
    }

    /// The rest of the line, which must not be empty.
    public func text(naming what: String) throws(ParseError) -> String {
        guard !rest.isEmpty else { throw problem(.needs(what)) }
        return rest
    }

    /// One entry number, `12` or `#12`.
    public func entryID() throws(ParseError) -> Int64 {
        let words = try words()
        guard words.count == 1 else { throw problem(.needsOneEntryNumber) }
        return try Self.entryID(words[0], for: self)
    }

    static func entryID(_ word: String, for arguments: Arguments) throws(ParseError) -> Int64 {
        let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 else {
            throw arguments.problem(.notAnEntryNumber(word))
        }
        return id
    }

    /// An optional positive whole number, capped at a million.
    public func count(default value: Int?) throws(ParseError) -> Int? {
        let words = try words()
        guard let word = words.first else { return value }
        guard words.count == 1 else { throw problem(.notACount(rest)) }
        return try Self.count(word, for: self)
    }

    static func count(_ word: String, for arguments: Arguments) throws(ParseError) -> Int {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw arguments.problem(.notACount(word))
        }
        guard let number = Int(word) else { return 1_000_000 }
        guard number > 0 else { throw arguments.problem(.notACount(word)) }
        return min(number, 1_000_000)
    }
}

/// Splits an argument line into words, honouring double quotes.
public enum Tokenizer {
    public enum Result: Equatable, Sendable {
        case words([String])
        case unclosedQuote
    }

    /// Splits by Unicode scalars, not characters: a quote or a space followed by a combining
    /// mark is one character, but still a quote or a space (found by fuzz/Targets/command).
    public static func words(in text: String) -> Result {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if quoted {
                switch scalar {
                case "\\":
                    guard let next = iterator.next() else { return .unclosedQuote }
                    if next != "\"" && next != "\\" { current.append("\\") }
                    current.append(next)
                case "\"":
                    quoted = false
                default:
                    current.append(scalar)
                }
                continue
            }
            switch scalar {
            case " ", "\t":
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    inWord = false
                }
            case "\"" where !inWord:
                quoted = true
                inWord = true
            default:
                current.append(scalar)
                inWord = true
            }
        }
        if quoted { return .unclosedQuote }
        if inWord { words.append(String(current)) }
        return .words(words)
    }

    /// A name as it is typed back: bare when it is one plain word, else in double quotes with
    /// `\"` and `\\` inside.
    public static func quoted(_ name: String) -> String {
        let plain =
            !name.isEmpty && !name.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
        guard !plain else { return name }
        var escaped = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return "\"" + String(escaped) + "\""
    }
}

/// What is wrong with a command's arguments.
public enum ArgumentProblem: Equatable, Sendable {
    case takesNoArguments
    /// The command needs this (`a weight`, `a date`, `a name`).
    case needs(String)
    case needsOneEntryNumber
    case notAnEntryNumber(String)
    case notACount(String)
    /// More periods than one report shows.
    case notAPeriodCount(String, maximum: Int)
    case notAUnit(String)
    case tooManyWords(max: Int)
    /// At most one of these (`command name`).
    case atMostOne(String)
    /// The word is not one of the choices; `what` says what was expected (`a setting`).
    case notOneOf(word: String, what: String, choices: [String])
    case needsAName
    /// More words than the command takes: a name with spaces needs quotes.
    case quoteNames
    /// An option the command does not have (`--wdith`).
    case unknownOption(String)
    /// An option given without its value (`--width` at the end of the line).
    case optionNeedsValue(String)
    /// Not a width the chart can take.
    case notAWidth(String, minimum: Int, maximum: Int)
    /// Not a name a person can have.
    case notAPersonName(String)
}

/// Why a line is not a command.
public enum ParseError: Error, Equatable, Sendable {
    /// The first word is not a command.
    case unknownCommand(String)
    /// The command's arguments are wrong.
    case badArguments(command: String, problem: ArgumentProblem)
    /// A double quote was opened and not closed.
    case unclosedQuote(command: String)
    /// The first word is neither a command nor a kind this session knows, and the store could
    /// not be read to learn whether another session added a kind of that word.
    case kindsUnreadable(word: String, StorageError)
}

/// The code beside an error in JSON (`"code": "unknown-command"`): what kind of failure it
/// was, for a program to tell apart. The sentence beside it says what to do.
public enum ErrorCode: String, Sendable, CaseIterable {
    /// The first word is not a command.
    case unknownCommand = "unknown-command"
    /// The command's arguments are wrong.
    case badArguments = "bad-arguments"
    /// A double quote was opened and not closed.
    case unclosedQuote = "unclosed-quote"
    /// The store could not be read to learn the kinds a word might name.
    case kindsUnreadable = "kinds-unreadable"
    /// The line is longer than trendsh reads.
    case lineTooLong = "line-too-long"
    /// The line is not UTF-8.
    case lineNotUTF8 = "line-not-utf8"
    /// The command ran and failed: the store, a file, a draft or a rule refused it.
    case commandFailed = "command-failed"

    init(_ error: ParseError) {
        switch error {
        case .unknownCommand: self = .unknownCommand
        case .badArguments: self = .badArguments
        case .unclosedQuote: self = .unclosedQuote
        case .kindsUnreadable: self = .kindsUnreadable
        }
    }
}

extension ParseError {
    /// The command the line named, when it named one.
    var commandName: String? {
        switch self {
        case .unknownCommand, .kindsUnreadable: nil
        case .badArguments(let command, _), .unclosedQuote(let command): command
        }
    }
}

import TrendKit

/// Turns a typed line into a `Command`. Pure: no state, no output.
public enum CommandParser {
    /// The command on the line; nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(ParseError) -> Command? {
        let trimmed = trimmed(line)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let name: String
        let rest: String
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            name = String(trimmed[..<space])
            rest = Self.trimmed(String(trimmed[space...]))
        } else {
            name = trimmed
            rest = ""
        }
        guard let spec = CommandTable.spec(named: name.lowercased()) else { throw .unknownCommand(name) }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func bad(_ problem: String) -> ParseError { .badArguments(command: spec.name, problem: problem) }
        func noArguments(_ command: Command) throws(ParseError) -> Command {
            guard words.isEmpty else { throw bad("\(spec.name) takes no arguments.") }
            return command
        }
        func entryID() throws(ParseError) -> Int64 {
            guard words.count == 1 else { throw bad("\(spec.name) needs one entry number.") }
            let digits = words[0].hasPrefix("#") ? String(words[0].dropFirst()) : words[0]
            guard let id = Int64(digits), id > 0, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw bad("\"\(words[0])\" is not an entry number.")
            }
            return id
        }
        func count(default value: Int?) throws(ParseError) -> Int? {
            guard !words.isEmpty else { return value }
            guard words.count == 1, let number = Int(words[0]), number > 0,
                words[0].allSatisfy({ $0.isASCII && $0.isNumber })
            else { throw bad("\"\(rest)\" is not a positive whole number.") }
            return min(number, 1_000_000)
        }

        switch spec.name {
        case "help":
            guard words.count <= 1 else { throw bad("help takes at most one command name.") }
            return .help(topic: words.first)
        case "new": return try noArguments(.new)
        case "edit": return .edit(id: try entryID())
        case "value":
            guard !rest.isEmpty else { throw bad("value needs a weight.") }
            return .value(rest)
        case "note": return .note(rest)
        case "date":
            guard !rest.isEmpty else { throw bad("date needs a date.") }
            return .date(rest)
        case "show": return try noArguments(.show)
        case "save": return try noArguments(.save)
        case "cancel": return try noArguments(.cancel)
        case "list": return .list(count: try count(default: 10) ?? 10)
        case "delete": return .delete(id: try entryID())
        case "unit":
            guard !words.isEmpty else { return .unit(nil) }
            guard words.count == 1, let unit = WeightUnit(rawValue: words[0].lowercased()) else {
                throw bad("\"\(rest)\" is not a unit; use kg or lb.")
            }
            return .unit(unit)
        case "refresh": return try noArguments(.refresh)
        case "status": return try noArguments(.status)
        case "simulate": return .simulate(try simulateRequest(words, bad: bad))
        case "history": return .history(count: try count(default: nil))
        default: return try noArguments(.quit)
        }
    }

    private static func simulateRequest(_ words: [String], bad: (String) -> ParseError) throws(ParseError)
        -> SimulateRequest?
    {
        guard let mode = words.first?.lowercased() else { return nil }
        switch (mode, words.count) {
        case ("save-failure", 1): return .saveFailure(.once)
        case ("save-failure", 2):
            guard let persistence = FaultPlan.Persistence(rawValue: words[1].lowercased()) else {
                throw bad("\"\(words[1])\" is not once or always.")
            }
            return .saveFailure(persistence)
        case ("open-failure", 1): return .openFailure
        case ("refresh-failure", 1): return .refreshFailure
        case ("off", 1): return .off
        default: throw bad("\"\(words.joined(separator: " "))\" is not something simulate can do.")
        }
    }

    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}

/// Why a line is not a command.
public enum ParseError: Error, Equatable, Sendable {
    /// The first word is not a command.
    case unknownCommand(String)
    /// The command's arguments are wrong.
    case badArguments(command: String, problem: String)

    public var message: String {
        switch self {
        case .unknownCommand(let name):
            let hint = CommandTable.suggestion(for: name.lowercased()).map { " Did you mean \"\($0)\"?" } ?? ""
            return "Unknown command \"\(name)\".\(hint) Type \"help\" to see the commands."
        case .badArguments(let command, let problem):
            let usage = CommandTable.spec(named: command)?.usage ?? command
            return "\(problem) Usage: \(usage)"
        }
    }
}

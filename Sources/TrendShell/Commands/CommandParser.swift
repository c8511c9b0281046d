/// Turns a typed line into a parsed command. Pure: no state, no output.
public enum CommandParser {
    /// The command on the line; nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(ParseError) -> ParsedCommand? {
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
        guard let declaration = CommandTable.declaration(named: name) else { throw .unknownCommand(name) }
        return try declaration.parse(Arguments(command: declaration.name, rest: rest))
    }

    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}

import TrendKit

/// Turns a typed line into a parsed command. Pure: no state, no output.
public enum CommandParser {
    /// The command on the line; nil for a blank line or a `#` comment. A first word that is
    /// no command but one of `kindWords` sets that measurement (`fat 21.5`).
    public static func parse(
        _ line: String, kindWords: [String] = MeasurementKind.builtIn.map(\.word)
    ) throws(ParseError) -> ParsedCommand? {
        let trimmed = trimmed(line)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let name: String
        let rest: String
        // Found among the bytes: a space or a tab is never part of a longer character.
        if let space = trimmed.utf8.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) {
            name = String(trimmed[..<space])
            rest = Self.trimmed(String(trimmed[space...]))
        } else {
            name = trimmed
            rest = ""
        }
        guard let declaration = CommandTable.declaration(named: name) else {
            // Weight is set with `value`: its word is a kind's word for the read commands only.
            let word = name.lowercased()
            if word != MeasurementKind.weight.word, kindWords.contains(word) {
                return try MeasureCommands.parsed(kindWord: word, rest: rest)
            }
            throw .unknownCommand(name)
        }
        return try declaration.parse(Arguments(command: declaration.name, rest: rest))
    }

    static func trimmed(_ text: String) -> String {
        // A line that starts and ends with a visible ASCII character has nothing to trim (the
        // last byte is then a character of its own, with no mark that could join it).
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}

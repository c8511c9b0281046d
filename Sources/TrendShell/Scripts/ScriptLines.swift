/// Text of commands, one a line, as a start-up file or a `-c` COMMAND holds them.
public enum ScriptLines {
    /// The lines of `text`, a carriage return before each line end removed, and no empty
    /// last line for a final line end. Split by scalars: as a `Character`, "\r\n" is one,
    /// and is not "\n".
    public static func split(_ text: String) -> [String] {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

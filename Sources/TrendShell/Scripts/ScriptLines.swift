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

extension ScriptLines {
    /// The lines of a file's bytes, split as `split(_:)` splits text; each line is read as
    /// a piped line is (`LineInput.reading`): too long or not UTF-8, it is refused whole.
    public static func split(bytes: [UInt8]) -> [LineInput] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            LineInput.reading(line.last == 0x0D ? line.dropLast() : line)
        }
        if lines.last == .line("") { lines.removeLast() }
        return lines
    }
}

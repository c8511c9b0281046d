/// Lays rows out in columns aligned by display width: ids and numbers to the right, words to
/// the left, two spaces between, and the last column unpadded; a line ends at its last cell
/// that holds text, so no line ends in spaces. Each cell is escaped first
/// (`DisplayText`), so columns line up as the text is shown, control characters and all.
public enum TextColumns {
    public enum Alignment: Sendable {
        case left
        case right
    }

    public static func lines(_ rows: [[String]], alignments: [Alignment]) -> [String] {
        let rows = rows.map { $0.map(DisplayText.escaped) }
        guard let columnCount = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columnCount)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], displayWidth(cell)) }
        }
        return rows.map { row in
            // Empty cells at the end of a row (an entry with no trend) add no trailing spaces.
            let filled = (row.lastIndex { !$0.isEmpty } ?? -1) + 1
            var line = ""
            for (index, cell) in row.prefix(filled).enumerated() {
                if index > 0 { line += "  " }
                let isLast = index == filled - 1
                let padding = String(repeating: " ", count: widths[index] - displayWidth(cell))
                let alignment = index < alignments.count ? alignments[index] : .left
                switch alignment {
                case .right: line += padding + cell
                case .left: line += isLast ? cell : cell + padding
                }
            }
            return line
        }
    }

    /// Columns a terminal gives the text: two for wide East Asian characters and emoji,
    /// none for combining marks, one for the rest.
    public static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // Below U+0300 no character is a mark or wide: one column, without looking up
            // the scalar's Unicode properties (which `list` and `stats` paid for each cell).
            if value < 0x300 {
                width += 1
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
                || value == 0x200D || (0xFE00...0xFE0F).contains(value)
            {
                continue
            }
            let wide =
                (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            width += wide ? 2 : 1
        }
        return width
    }
}

extension Array where Element == String {
    /// The words joined with `separator`. Concrete, unlike the standard library's generic
    /// `joined(separator:)`, whose first call looks up a protocol witness at run time: this
    /// runs while the command table is built, on every start.
    func joinedWords(separator: String) -> String {
        var text = ""
        for (index, word) in enumerated() {
            if index > 0 { text += separator }
            text += word
        }
        return text
    }
}

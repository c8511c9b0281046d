/// What a terminal would show after receiving some output: a small emulator for the part of
/// xterm that libedit uses (carriage return, newline, backspace, cursor moves, erase, insert
/// and delete), so tests assert on the screen a person sees rather than on escape codes.
struct TerminalScreen {
    /// Each row's cells; a wide character's second cell is the empty string.
    private var rows: [[String]] = [[]]
    private var row = 0
    private var column = 0
    let columns: Int

    /// Renders `output` on an empty screen `columns` wide that never scrolls away.
    init(rendering output: [UInt8], columns: Int) {
        self.columns = columns
        var scalars = String(decoding: output, as: UTF8.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}": escape(&scalars)
            case "\r": column = 0
            case "\n": moveTo(row: row + 1, column: column)
            case "\u{8}": column = max(0, min(column, columns) - 1)
            case "\t": column = min(columns - 1, (column / 8 + 1) * 8)
            default:
                if scalar.value >= 0x20 && scalar.value != 0x7F { put(scalar) }
            }
        }
    }

    /// The screen's lines with trailing blanks removed, and no blank lines at the end.
    var lines: [String] {
        var lines = rows.map { cells in String(cells.joined().reversed().drop { $0 == " " }.reversed()) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Everything on the screen, one line per row.
    var text: String { lines.joined(separator: "\n") }

    /// The row the cursor is on, from its start up to the cursor: after a prompt is printed
    /// and nothing typed, exactly the prompt.
    var textBeforeCursor: String {
        let cells = cells(of: row).prefix(min(column, columns))
        return cells.joined() + String(repeating: " ", count: min(column, columns) - cells.count)
    }

    /// The row the cursor is on, trailing blanks removed.
    var cursorLine: String { lines.indices.contains(row) ? lines[row] : "" }

    /// How many times `text` appears on the screen.
    func count(of text: String) -> Int {
        self.text.ranges(of: text).count
    }

    private func cells(of index: Int) -> [String] { rows.indices.contains(index) ? rows[index] : [] }

    private mutating func moveTo(row newRow: Int, column newColumn: Int) {
        row = max(0, newRow)
        column = max(0, min(newColumn, columns - 1))
        while rows.count <= row { rows.append([]) }
    }

    private mutating func setCell(_ index: Int, _ value: String) {
        while rows[row].count <= index { rows[row].append(" ") }
        rows[row][index] = value
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = Self.width(of: scalar)
        if width == 0 {
            let previous = min(column, rows[row].count) - 1
            if previous >= 0 { rows[row][previous].unicodeScalars.append(scalar) }
            return
        }
        if column + width > columns { moveTo(row: row + 1, column: 0) }
        if cells(of: row).indices.contains(column), rows[row][column] == "", column > 0 { setCell(column - 1, " ") }
        if width == 1, cells(of: row).indices.contains(column + 1), rows[row][column + 1] == "" {
            setCell(column + 1, " ")
        }
        setCell(column, String(scalar))
        if width == 2 { setCell(column + 1, "") }
        column += width
    }

    private mutating func escape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[": controlSequence(&scalars)
        case "]":  // an operating-system command, up to BEL or ESC \
            while let scalar = scalars.next(), scalar != "\u{7}" {
                if scalar == "\u{1B}" {
                    _ = scalars.next()
                    break
                }
            }
        case "(", ")", "#", "%": _ = scalars.next()
        default: break  // ESC =, ESC > and the like change nothing visible
        }
    }

    private mutating func controlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        var parameters = ""
        var final: Unicode.Scalar = "@"
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) {
                final = scalar
                break
            }
            parameters.unicodeScalars.append(scalar)
        }
        let isPrivateMode = parameters.hasPrefix("?") || parameters.hasPrefix(">")
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let first = numbers.first ?? 0
        let count = max(1, first)
        guard !isPrivateMode else { return }
        switch final {
        case "A": moveTo(row: row - count, column: column)
        case "B": moveTo(row: row + count, column: column)
        case "C": moveTo(row: row, column: column + count)
        case "D": moveTo(row: row, column: min(column, columns) - count)
        case "G": moveTo(row: row, column: count - 1)
        case "H", "f":  // the screen never scrolls, so its top is the first row
            moveTo(row: count - 1, column: max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
        case "K":
            switch first {
            case 1: for index in 0...min(column, columns - 1) where index < rows[row].count { rows[row][index] = " " }
            case 2: rows[row] = []
            default: if rows[row].count > column { rows[row].removeSubrange(column...) }
            }
        case "J":
            if first == 2 {
                rows = Array(repeating: [], count: rows.count)
            } else {
                if rows[row].count > column { rows[row].removeSubrange(column...) }
                rows.removeSubrange((row + 1)...)
            }
        case "@":
            while rows[row].count < column { rows[row].append(" ") }
            rows[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            if rows[row].count > columns { rows[row].removeSubrange(columns...) }
        case "P":
            if rows[row].count > column { rows[row].removeSubrange(column..<min(rows[row].count, column + count)) }
        case "X":
            for index in column..<min(column + count, rows[row].count) { rows[row][index] = " " }
        default: break  // colours (m) and modes change nothing in the text
        }
    }

    /// Terminal columns a character takes, as glibc's wcwidth counts them for the characters
    /// these tests type: combining marks none, East Asian wide characters and emoji two.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// Whether `text` holds a colour or style code (ESC [ digits m).
    static func containsColour(_ text: String) -> Bool {
        var scalars = text.unicodeScalars[...]
        while let escape = scalars.firstIndex(of: "\u{1B}") {
            scalars = scalars[scalars.index(after: escape)...]
            guard scalars.first == "[" else { continue }
            let parameters = scalars.dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
            if scalars.dropFirst(1 + parameters.count).first == "m" { return true }
        }
        return false
    }
}

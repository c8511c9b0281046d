import FoundationEssentials
import TrendKit

/// Rows a command can print as CSV (RFC 4180): a header row, then one row a record, each
/// line ended by CRLF. Numbers are written unformatted (the shortest form that reads back
/// the same); the header names the unit a column is in. Text that a spreadsheet would run
/// as a formula gets one `'` in front, as an export's does.
public struct CSVTable: Sendable, Equatable {
    /// One cell.
    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(Double?)
        case integer(Int)
        case empty
    }

    public var header: [String]
    public var rows: [[Cell]]

    public init(header: [String], rows: [[Cell]] = []) {
        self.header = header
        self.rows = rows
    }

    /// Each line, without its line ending.
    public var lines: [String] {
        [header.map(Self.field).joined(separator: ",")] + rows.map { $0.map(Self.text).joined(separator: ",") }
    }

    static func text(_ cell: Cell) -> String {
        switch cell {
        case .text(let text): field(text)
        case .number(let number): number.map { $0.isFinite ? JSONWriter.numberText($0) : "" } ?? ""
        case .integer(let number): String(number)
        case .empty: ""
        }
    }

    /// A text field: quoted when it holds a comma, a quote or a line break (its quotes
    /// doubled), and marked with `'` when it starts as a formula would (`FormulaGuard`).
    static func field(_ text: String) -> String {
        let value = FormulaGuard.needsMark(text) ? "'" + text : text
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

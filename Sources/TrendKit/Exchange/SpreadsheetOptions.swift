/// What a person says about a spreadsheet's columns and dates when its headers and dates do
/// not say it themselves: `import FILE --dates day-first`, `--column 3=weight`.
public struct SpreadsheetOptions: Sendable, Equatable, Hashable {
    /// How slashed dates are read; nil to tell it from the file.
    public var dates: DateReading?
    /// Columns named by hand, in the order given.
    public var columns: [ColumnChoice]

    public init(dates: DateReading? = nil, columns: [ColumnChoice] = []) {
        self.dates = dates
        self.columns = columns
    }

    /// True when nothing is said by hand.
    public var isEmpty: Bool { dates == nil && columns.isEmpty }
}

/// Which of a date's first two numbers is the day.
public enum DateReading: String, Sendable, Equatable, Hashable, CaseIterable {
    /// `31/03/2026`, `31.03.2026`: the day, then the month.
    case dayFirst = "day-first"
    /// `03/31/2026`: the month, then the day.
    case monthFirst = "month-first"
}

/// One column named by hand: `3=weight` (by its place, from 1) or `Gewicht=weight` (by its header).
public struct ColumnChoice: Sendable, Equatable, Hashable {
    /// The column's place, from 1, when it is all digits; else its header, in any case.
    public var column: String
    /// `date`, `time`, `note`, `skip`, or a kind's word.
    public var role: String

    public init(column: String, role: String) {
        self.column = column
        self.role = role
    }

    /// `COLUMN=ROLE`, split at the last `=` (a header may hold one); nil without one or with
    /// an empty side.
    public init?(text: String) {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let column = String(text[..<equals]).trimmingWhitespace()
        let role = String(text[text.index(after: equals)...]).trimmingWhitespace().lowercased()
        guard !column.isEmpty, !role.isEmpty else { return nil }
        self.init(column: column, role: role)
    }

    /// The words a column can be named as, besides a kind's word.
    public static let roleWords = ["date", "time", "note", "skip"]
}

/// Why a spreadsheet cannot be read as one.
public enum SpreadsheetProblem: Error, Sendable, Equatable {
    /// Slashed dates with no number above 12 in either place: `example` (on `line`) reads
    /// as two different days.
    case ambiguousDates(example: String, line: Int)
    /// No column is the date's (its headers, as written, the first few).
    case noDateColumn(headers: [String])
    /// A date column, but no column of any kind (its headers, the first few).
    case noMeasureColumn(headers: [String])
    /// `--column` names a column the header does not have.
    case noSuchColumn(String)
    /// `--column` names no role trendsh knows: not date, time, note, skip or a kind's word.
    case unknownRole(String)
    /// `--column` names as the weight a column whose header gives a mass trendsh keeps no
    /// weight in (`Weight (g)`): its values would be read in the wrong unit.
    case notAWeightUnit(header: String, unit: String)
    /// A NUL byte on this line: no spreadsheet writes one, so the file is not text (UTF-16
    /// without its byte-order mark reads as UTF-8 with a NUL in every other byte).
    case nulByte(line: Int)
    /// `--column` or `--dates` given for a file in one of the named layouts, which names its
    /// own columns and dates.
    case namedLayout(ImportLayout)
}

/// How a spreadsheet was read, for the preview: each column read, and how its dates are written.
public struct SpreadsheetReading: Sendable, Equatable {
    /// What one column is read as.
    public enum Role: Sendable, Equatable {
        case date
        case time
        case note
        /// A kind's values, in `unit` (nil: the file's weight unit, or the kind's own).
        case kind(KindID, unit: String?)
    }

    /// One column read.
    public struct Column: Sendable, Equatable {
        /// Its place, from 1.
        public var number: Int
        /// Its header, as written.
        public var header: String
        public var role: Role
        /// True when `--column` named it.
        public var byHand: Bool
    }

    /// How its dates are written.
    public enum Dates: Sendable, Equatable {
        /// `2026-03-31`, with a time or not.
        case iso
        /// Day first: `31.03.2026` or `31/03/2026`.
        case dayFirst
        /// Month first: `03/31/2026`.
        case monthFirst
    }

    /// Where the order of day and month came from.
    public enum DatesSource: Sendable, Equatable {
        /// The date as the file writes it (an ISO date, a dotted one, or a slashed one with a
        /// number above 12), on this line.
        case file(example: String, line: Int)
        /// `--dates`.
        case given
        /// The file holds no date, or none whose day and month differ.
        case eitherWay
    }

    /// The field separator: `,`, `;` or a tab.
    public var delimiter: UInt8
    public var columns: [Column]
    public var dates: Dates
    public var datesSource: DatesSource
}

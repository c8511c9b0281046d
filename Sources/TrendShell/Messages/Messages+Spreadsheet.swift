import TrendKit

/// The sentences of a spreadsheet's import: how its columns and dates were read, the question
/// when its dates read two ways, and why its columns cannot be told.
extension Messages {
    /// The options of `import`, as `help import` lists them.
    static let spreadsheetLines = [
        "Any other CSV, TSV or ;-separated file is read as a spreadsheet when its first line names a",
        "date column and a column of a kind (weight, fat, muscle, water, bone, waist, hip or one you",
        "added), in English, German, French, Spanish, Dutch or Italian (\"Datum;Gewicht [kg]\"). Dates",
        "are ISO 8601, 31.03.2026, 31/03/2026 or 03/31/2026, with a time or not; a decimal comma is",
        "read. --dates day-first|month-first says how to read slashed dates the file cannot tell;",
        "--column N=KIND or --column \"HEADER=KIND\" names a column by hand (also date, time, note or",
        "skip); --unit kg|lb reads weights that name no unit. A file named -x is written ./-x.",
    ]

    /// `import` and `show`: how a spreadsheet's columns and dates were read.
    static func spreadsheetLine(_ reading: SpreadsheetReading) -> String {
        let separator: String
        switch reading.delimiter {
        case 0x3B: separator = "semicolon"
        case 0x09: separator = "tab"
        default: separator = "comma"
        }
        let columns = reading.columns.map { column in
            let byHand = column.byHand ? ", as --column says" : ""
            return "column \(column.number) \"\(column.header)\" as \(role(column.role, reading: reading))\(byHand)"
        }
        return "    read as a \(separator)-separated spreadsheet: " + columns.joined(separator: ", ")
    }

    private static func role(_ role: SpreadsheetReading.Role, reading: SpreadsheetReading) -> String {
        switch role {
        case .date: return "the date (\(dates(reading)))"
        case .time: return "the time"
        case .note: return "the note"
        case .kind(let id, let unit):
            let name = id == .weight ? "weight" : kindName(id)
            return unit.map { "\(name) in \($0)" } ?? name
        }
    }

    private static func dates(_ reading: SpreadsheetReading) -> String {
        let order: String
        switch reading.dates {
        case .iso: order = "ISO 8601"
        case .dayFirst: order = "day-first"
        case .monthFirst: order = "month-first"
        }
        switch reading.datesSource {
        case .file(let example, let line): return "\(order), from \(example) on line \(line)"
        case .given: return "\(order), as --dates says"
        case .eitherWay: return "\(order); no date reads another way"
        }
    }

    /// Why a spreadsheet named `file` cannot be read, and what to type.
    static func spreadsheetReason(_ problem: SpreadsheetProblem, file: String) -> String {
        let command = "import \(Tokenizer.quoted(file))"
        switch problem {
        case .ambiguousDates(let example, let line):
            let readings = twoReadings(example)
            return
                "\(file) writes its dates with slashes and no day above 12, so \(example) (line \(line)) is \(readings.dayFirst) or \(readings.monthFirst). Type \"\(command) --dates day-first\" for \(readings.dayFirst), or \"\(command) --dates month-first\" for \(readings.monthFirst)."
        case .noDateColumn(let headers):
            return
                "\(file) has no column trendsh reads as the date (its columns: \(columnList(headers))). Name it with \"\(command) --column N=date\", N its place from 1."
        case .noMeasureColumn(let headers):
            return
                "\(file) has a date but no column of a kind trendsh knows (its columns: \(columnList(headers))). Name one with \"\(command) --column N=weight\" (or fat, waist, any kind's word), N its place from 1."
        case .noSuchColumn(let column):
            return "\(file) has no column \"\(column)\": name a column by its place from 1 or by its header as written."
        case .unknownRole(let word):
            return
                "\"\(word)\" is not what a column can be: date, time, note, skip, or a kind's word (weight, fat, waist…)."
        case .notAWeightUnit(let header, let unit):
            return
                "Column \"\(header)\" gives its weights in \(unit), which trendsh does not read weights in (kg or lb), so it can't be the weight. Convert the column, then import again."
        case .nulByte(let line):
            return
                "\(file) line \(line) holds a NUL byte, so it is not a text file (UTF-16, perhaps). Save it as UTF-8 text, then import it again."
        case .namedLayout(let layout):
            return
                "\(file) is in the \(layoutName(layout)) layout, which names its own columns and dates; --column and --dates are for other spreadsheets."
        }
    }

    private static func columnList(_ headers: [String]) -> String {
        headers.isEmpty ? "none" : headers.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `03/04/2026` read day first (`3 April`) and month first (`March 4`).
    static func twoReadings(_ example: String) -> (dayFirst: String, monthFirst: String) {
        let numbers = example.split(separator: "/", maxSplits: 2).prefix(2).map { Int($0) ?? 0 }
        guard numbers.count == 2, (1...12).contains(numbers[0]), (1...12).contains(numbers[1]) else {
            return ("day first", "month first")
        }
        return ("\(numbers[0]) \(monthNames[numbers[1] - 1])", "\(monthNames[numbers[0] - 1]) \(numbers[1])")
    }
}

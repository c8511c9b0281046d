import TrendKit

/// The options of `import`, each declared once: its name, the value it takes, and what it
/// does; the usage line, completion and the parser read this list. An option starts with
/// `--`, so it is never a file's name; a file whose name starts with `-` is written `./-name`.
enum ImportOption: String, CaseIterable, Sendable {
    /// The unit of weights whose file names none.
    case unit = "--unit"
    /// Which of a slashed date's numbers is the day.
    case dates = "--dates"
    /// A spreadsheet's column, named by hand; may be given more than once.
    case column = "--column"

    /// The value it takes, as the usage line writes it.
    var value: String {
        switch self {
        case .unit: return "kg|lb"
        case .dates: return DateReading.allCases.map(\.rawValue).joined(separator: "|")
        case .column: return "COLUMN=KIND"
        }
    }

    /// `[--unit kg|lb] [--dates day-first|month-first] [--column COLUMN=KIND]...`
    static let usage = allCases.map { "[\($0.rawValue) \($0.value)]" + ($0 == .column ? "..." : "") }
        .joined(separator: " ")

    /// What Tab offers after `previous`: an option's values after it, else the options.
    static func complete(after previous: String?) -> [String] {
        switch previous.flatMap(ImportOption.init(rawValue:)) {
        case .unit?: return WeightUnit.allCases.filter { $0 != .stones }.map(\.rawValue)
        case .dates?: return DateReading.allCases.map(\.rawValue)
        case .column?: return []
        case nil: return allCases.map(\.rawValue)
        }
    }

    /// `import FILE... [OPTION]... [kg|lb]`, parsed. A last word `kg` or `lb` after a file,
    /// without `--unit`, is the unit too, as before the options were.
    static func parse(_ arguments: Arguments) throws(ParseError) -> DataCommands.ImportRequest {
        var words = try arguments.words()[...]
        var request = DataCommands.ImportRequest(files: [], unit: nil)
        var sawUnitOption = false
        while let word = words.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                request.files.append(word)
                continue
            }
            var name = word
            var attached: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            guard let option = ImportOption(rawValue: name) else {
                // A file whose name starts with `-` is written with its folder: `./-name`.
                throw arguments.problem(
                    .notOneOf(
                        word: word, what: "an option of import",
                        choices: allCases.map(\.rawValue) + ["./\(word) for a file of that name"]))
            }
            guard let value = attached ?? words.popFirst(), !value.isEmpty else {
                throw arguments.problem(.optionNeedsValue(option.rawValue))
            }
            switch option {
            case .unit:
                guard let unit = WeightUnit(symbol: value) else { throw arguments.problem(.notAUnit(value)) }
                request.unit = unit
                sawUnitOption = true
            case .dates:
                guard let dates = DateReading(rawValue: value.lowercased()) else {
                    throw arguments.problem(
                        .notOneOf(
                            word: value, what: "a reading of dates", choices: DateReading.allCases.map(\.rawValue)))
                }
                request.spreadsheet.dates = dates
            case .column:
                guard let choice = ColumnChoice(text: value) else {
                    throw arguments.problem(
                        .notOneOf(word: value, what: "a column", choices: ["N=KIND", "HEADER=KIND"]))
                }
                request.spreadsheet.columns.append(choice)
            }
        }
        if !sawUnitOption, request.files.count > 1, let last = request.files.last, last.count == 2,
            let named = WeightUnit(symbol: last)
        {
            request.unit = named
            request.files.removeLast()
        }
        guard !request.files.isEmpty else { throw arguments.problem(.needs("a file")) }
        return request
    }
}

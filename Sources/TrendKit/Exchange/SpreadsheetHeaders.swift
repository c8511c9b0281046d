/// How a spreadsheet's header names its columns: the words for a date, a time and a note in
/// English, German, French, Spanish, Dutch and Italian (each kind's own words are on its
/// declaration, under `.spreadsheet`, and a kind a person added goes by its word and name),
/// and the unit a header may add: `Weight (lb)`, `Gewicht [kg]`, `Fett %`, `Taille cm`.
enum SpreadsheetHeaders {
    /// A column that holds the day (and perhaps its time).
    static let dateWords: Set<String> = [
        "date", "day", "date/time", "datetime", "date time", "timestamp", "date et heure", "jour",
        "datum", "tag", "datum/zeit", "datum/uhrzeit", "datum und uhrzeit", "zeitpunkt", "fecha", "fecha y hora",
        "día", "dia", "datum/tijd", "tijdstip", "data", "data e ora", "data/ora", "giorno",
    ]
    /// A column that holds the time of day; the date's column when no column is the date's.
    static let timeWords: Set<String> = ["time", "zeit", "uhrzeit", "heure", "hora", "tijd", "ora", "orario"]
    /// A column that holds a note.
    static let noteWords: Set<String> = [
        "note", "notes", "comment", "comments", "notiz", "notizen", "bemerkung", "kommentar", "remarque",
        "commentaire", "nota", "notas", "comentario", "opmerking", "notitie", "commento",
    ]

    /// A header as it is compared: lower case, `_` as a space, runs of spaces as one, and a
    /// unit it names taken off.
    struct Key: Equatable {
        var words: String
        /// The unit the header names, as written (`lb`, `%`).
        var unit: String?
    }

    /// The key of a header. A unit is one in `(…)` or `[…]` at the end, or a last word that
    /// names a unit (`%`, `kg`, `cm`…), when words are left before it.
    static func key(_ header: String) -> Key {
        var text = Substring(header.trimmingWhitespace())
        var unit: String?
        if let last = text.last, last == ")" || last == "]" {
            let open: Character = last == ")" ? "(" : "["
            if let start = text.lastIndex(of: open) {
                unit = String(text[text.index(after: start)..<text.index(before: text.endIndex)]).trimmingWhitespace()
                text = text[..<start]
            }
        }
        var words = normalized(text)
        if unit == nil, let space = words.lastIndex(of: " ") {
            let last = String(words[words.index(after: space)...])
            if MeasureUnit.named(last) != nil {
                unit = last
                words = String(words[..<space])
            }
        } else if unit == nil, words.count > 1, words.hasSuffix("%") {
            unit = "%"
            words = normalized(words.dropLast())
        }
        return Key(words: words, unit: unit)
    }

    private static func normalized(_ text: Substring) -> String {
        text.lowercased().replacingUnderscores().split(separator: " ").joined(separator: " ")
    }

    /// What a column's header says it holds, if anything trendsh reads.
    enum Found: Equatable {
        case date
        case time
        case note
        /// A kind, in the unit the header names (nil when it names none).
        case kind(MeasurementKind, unit: MeasureUnit?)
    }

    /// What the header `name` names among `kinds`; nil for a column no word fits, or one whose
    /// unit measures something other than its kind.
    static func found(_ name: String, kinds: [MeasurementKind]) -> Found? {
        let key = key(name)
        guard !key.words.isEmpty else { return nil }
        if dateWords.contains(key.words) { return .date }
        if timeWords.contains(key.words) { return .time }
        if noteWords.contains(key.words) { return .note }
        guard let kind = kind(named: key.words, in: kinds) else { return nil }
        guard let unitText = key.unit else { return .kind(kind, unit: nil) }
        guard let unit = MeasureUnit.named(unitText), unit.quantity == kind.quantity else { return nil }
        return .kind(kind, unit: unit)
    }

    /// The kind whose spreadsheet words (a built-in kind) or word or name (one a person added)
    /// are `words`, already lower case.
    static func kind(named words: String, in kinds: [MeasurementKind]) -> MeasurementKind? {
        kinds.first { kind in
            if let names = kind.names(in: .spreadsheet) {
                return names.contains { $0.name.lowercased() == words }
            }
            return !kind.isBuiltIn && (kind.word.lowercased() == words || kind.name.lowercased() == words)
        }
    }

    /// The kind a `--column` role word names: a kind's word (or `value` for weight's).
    static func kind(role word: String, in kinds: [MeasurementKind]) -> MeasurementKind? {
        kinds.first { $0.word == word || $0.id.rawValue == word }
    }
}

extension StringProtocol {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}

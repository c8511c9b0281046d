import TrendKit

/// The sentences about kinds of measurement: `measure add`, `measure remove`, `measure list`.
extension Messages {
    public static func reason(_ error: KindError) -> String {
        switch error {
        case .badWord(let word):
            return
                "\"\(word)\" cannot be a kind's word: it starts with a letter, then letters, digits, - or _, at most \(KindSpec.maximumWordLength) in all."
        case .wordTaken(let word): return "There is a kind \"\(word)\" already."
        case .wordReserved(let word):
            return "\"\(word)\" is a word trendsh uses itself (a command, a keyword or a unit); choose another."
        case .badUnit(let unit):
            return "\"\(unit)\" is not a unit a kind may have; use kg, lb, %, cm, in or mm."
        case .badRange(let minimum, let maximum):
            return
                "\"\(minimum) \(maximum)\" is not a range: give the least and the greatest value, the least 0 or more and below the greatest."
        case .badDecimals(let decimals):
            return "A kind shows 0 to \(KindSpec.maximumDecimals) decimals, not \(decimals)."
        case .noSuchKind(let word): return "There is no kind \"\(word)\"; \"measure list\" lists the kinds."
        case .builtIn(let word): return "\"\(word)\" is built in; only a kind you added can be removed."
        case .inUse(let word, count: 0, othersHoldSome: _):
            return
                "Other people's logs hold values of \"\(word)\", so it stays: a kind is the store's, and is removed only once no log holds a value of it."
        case .inUse(let word, let count, let othersHoldSome):
            let values = count == 1 ? "1 entry holds a value" : "\(count) entries hold values"
            let others = othersHoldSome ? ", and other people's logs hold values of it too" : ""
            return
                "\(values) of \"\(word)\"\(others), so it stays. Remove those values first (\"amend ID \(word)\" with no text)."
        case .waiting(let word, .openDraft):
            return
                "The open draft holds a value of \"\(word)\", so it stays. Save or cancel the draft, or type \"\(word)\" with no value, first."
        case .waiting(let word, .pendingChange):
            return
                "A pending change sets a value of \"\(word)\", so it stays. Type \"retry\" to apply it first."
        }
    }

    /// After a kind was added.
    static func kindAdded(_ kind: MeasurementKind) -> String {
        "Added the kind \"\(kind.word)\", in \(kind.defaultUnit.symbol), \(range(of: kind, in: kind.defaultUnit)): type \"\(kind.word) VALUE\" in a draft."
    }

    /// After a kind was removed.
    static func kindRemoved(_ kind: MeasurementKind) -> String { "Removed the kind \"\(kind.word)\"." }

    /// What a refused change of the kinds ends with.
    static let nothingChanged = "Nothing was changed."

    /// `measure list`: each kind's word, unit and range, the added ones marked.
    static func kindLines(_ kinds: [MeasurementKind], unit: (MeasurementKind) -> MeasureUnit) -> [String] {
        let width = kinds.map(\.word.count).max() ?? 0
        return kinds.map { kind in
            let shown = unit(kind)
            let padding = String(repeating: " ", count: width - kind.word.count + 2)
            return kind.word + padding + "\(shown.symbol), \(range(of: kind, in: shown))"
                + (kind.isBuiltIn ? "" : ", added")
        }
    }

    /// `20–80`, in `unit`, with the kind's decimals.
    static func range(of kind: MeasurementKind, in unit: MeasureUnit) -> String {
        let low = DecimalText.decimals(unit.value(fromCanonical: kind.range.lowerBound), kind.decimals)
        let high = DecimalText.decimals(unit.value(fromCanonical: kind.range.upperBound), kind.decimals)
        return "\(low) to \(high)"
    }

    /// `help`'s line naming the kinds a person added, nil when there are none.
    static func addedKindsLine(_ kinds: [MeasurementKind]) -> String? {
        let added = kinds.filter { !$0.isBuiltIn }
        guard !added.isEmpty else { return nil }
        return "Your kinds (set like \"fat 21.5\"): "
            + added.map { "\($0.word) (\($0.defaultUnit.symbol))" }.joinedWords(separator: ", ") + "."
    }
}

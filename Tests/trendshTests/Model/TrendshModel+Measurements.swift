/// The measurements besides the weight that the model follows, written from lesson 15, the
/// guide's "Measurements" and what trendsh shows: body fat and waist, built in, and neck and
/// arm, kinds a person adds with `measure add WORD cm MIN MAX` (kept in the store, so every
/// session has them) and removes with `measure remove WORD` (refused, with the count, while any
/// entry holds a value of the kind). A draft keeps each as typed, a save checks each against
/// its kind's range, and an entry holds any of them, with or without a weight, but not none.
/// Values are tenths of the kind's canonical unit (percent, centimetres), as the weight is
/// tenths of a kilogram.
extension TrendshModel {
    /// A kind of measurement other than the weight, in the order `show` and `list` put them:
    /// the built-in kinds, then the added ones by word.
    enum Kind: String, CaseIterable, Comparable, Sendable {
        case fat
        case waist
        case arm
        case neck

        /// The built-in kinds' ranges, in tenths of their units: body fat 2–75 %, a waist
        /// 30–250 cm. An added kind's range is the one it was added with.
        var builtInRange: ClosedRange<Int>? {
            switch self {
            case .fat: return 20...750
            case .waist: return 300...2500
            case .arm, .neck: return nil
            }
        }

        /// Its canonical unit, as `show` names it.
        var unit: String { self == .fat ? "%" : "cm" }

        /// Its unit as `list` and `status` show a value: an added kind's values are shown bare.
        var listedUnit: String? { builtInRange == nil ? nil : unit }

        static func < (left: Kind, right: Kind) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }
    }

    /// The values `kind` accepts now, in tenths of its unit; nil for an added kind the store
    /// does not hold.
    func range(of kind: Kind) -> ClosedRange<Int>? { kind.builtInRange ?? addedKinds[kind] }

    /// Tenths of the kind's unit for a typed value (`21.5`, `83`, `35 in`), or nil when the
    /// kind refuses it (or is not there).
    func tenths(_ text: String, of kind: Kind) -> Int? {
        guard let value = Self.canonicalTenths(text, of: kind), let range = range(of: kind) else { return nil }
        return range.contains(value) ? value : nil
    }

    /// Tenths of the kind's unit for a typed value, whatever its range: an inch is 2.54 cm; the
    /// generator types only inches that make whole tenths of a centimetre.
    static func canonicalTenths(_ text: String, of kind: Kind) -> Int? {
        var number = text
        var inches = false
        if kind == .waist && text.hasSuffix(" in") {
            number = String(text.dropLast(3))
            inches = true
        }
        guard var result = decimalTenths(number) else { return nil }
        if inches {
            precondition(result * 254 % 100 == 0, "the model has no waist of \(text)")
            result = result * 254 / 100
        }
        return result
    }

    /// `measure add WORD cm MIN MAX`: refused for a word in use, or a range that is no range,
    /// without a write; otherwise the store takes it (or the simulation fails it).
    mutating func addKind(_ arguments: String) -> Bool {
        let words = arguments.split(separator: " ").map(String.init)
        guard words.count == 4, let kind = Kind(rawValue: words[0]), kind.builtInRange == nil,
            let low = Self.decimalTenths(words[2]), let high = Self.decimalTenths(words[3]), low < high
        else { return true }
        guard addedKinds[kind] == nil else { return true }
        guard writeAllowed() else { return true }
        addedKinds[kind] = low...high
        return false
    }

    /// `measure remove WORD`: refused for a kind that is not there or is built in, without a
    /// write; then the store is asked, and refuses while entries hold values of the kind,
    /// saying how many.
    mutating func removeKind(_ word: String) -> Bool {
        guard let kind = Kind(rawValue: word), kind.builtInRange == nil, addedKinds[kind] != nil else { return true }
        guard writeAllowed() else { return true }
        let holding = entries.values.filter { $0.measures[kind] != nil }.count
        guard holding == 0 else {
            expectedError =
                holding == 1
                ? "1 entry holds a value of \"\(word)\", so it stays."
                : "\(holding) entries hold values of \"\(word)\", so it stays."
            return true
        }
        addedKinds[kind] = nil
        return false
    }

    /// Whether the generator may type `measure remove KIND`: while entries hold values of the
    /// kind, which is refused with their count, or where no undo, redo, pending change or draft
    /// could bring a value of the kind back once it is gone.
    func mayTryToRemove(_ kind: Kind) -> Bool {
        kind.builtInRange == nil && (entries.values.contains { $0.measures[kind] != nil } || !historyMentions(kind))
    }

    /// True when any step of the history, a pending change or the draft names a value of `kind`.
    /// trendsh's undo puts an entry back as it was, values of a kind removed since included (the
    /// kinds have no history of their own yet), and a kind's removal takes its value out of an
    /// open draft; the model follows neither, so the generator removes a kind only where
    /// nothing can bring a value of it back.
    func historyMentions(_ kind: Kind) -> Bool {
        let inHistory = history.contains { step in
            guard case .entries(let before, let after) = step.change else { return false }
            return (Array(before.values) + Array(after.values)).contains { $0?.measures[kind] != nil }
        }
        let inPending = pending.contains { change in
            if case .amend(_, .measure(kind), _) = change.action { return true } else { return false }
        }
        return inHistory || inPending || draft?.measures[kind] != nil
    }

    /// Tenths of a decimal number typed with at most one decimal that counts (`75`, `75.4`,
    /// `75,4`), or nil when it is no number.
    static func decimalTenths(_ text: String) -> Int? {
        let parts = String(text.map { $0 == "," ? "." : $0 }).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let whole = Int(parts[0])
        else { return nil }
        let tenth = parts.count == 2 ? Int(String(parts[1].prefix(1)))! : 0
        return whole * 10 + tenth
    }

    /// How `show` prints a typed value: with its kind's unit, unless one was typed (`35 in`).
    static func shown(_ text: String, of kind: Kind) -> String {
        text.contains(" ") ? text : "\(text) (\(kind.unit))"
    }

    /// `measure KIND [VALUE]`, `fat VALUE`, `waist VALUE`: puts the typed text in the draft, or
    /// takes the kind out of it with no value. It never fails on the value itself; the save
    /// judges it.
    mutating func setMeasure(_ kind: Kind, _ text: String) -> Bool {
        guard range(of: kind) != nil else { return true }
        guard openEntryDraft() else { return true }
        draft?.measures[kind] = text.isEmpty ? nil : text
        return false
    }

    /// The entry with one field amended to typed text (an empty value removes that measurement),
    /// or nil when the field's rules refuse the text.
    func amended(_ entry: Entry, _ field: Field, _ text: String) -> Entry? {
        var after = entry
        switch field {
        case .note: after.note = text
        case .value:
            if text.isEmpty {
                after.tenths = nil
            } else {
                guard let tenths = Self.tenths(text) else { return nil }
                after.tenths = tenths
            }
        case .measure(let kind):
            if text.isEmpty {
                after.measures[kind] = nil
            } else {
                guard let tenths = tenths(text, of: kind) else { return nil }
                after.measures[kind] = tenths
            }
        }
        return after
    }
}

extension TrendshModel.Entry {
    /// An entry holds a weight, another measurement, or both; never none.
    var holdsAMeasurement: Bool { tenths != nil || !measures.isEmpty }
}

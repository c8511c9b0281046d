/// The measurements besides the weight that the model follows, written from lesson 15, the
/// guide's "Measurements" and what trendsh shows: body fat and waist, built in, and neck and
/// arm, kinds a person adds with `measure add WORD cm MIN MAX` (kept in the store, so every
/// session has them) and removes with `measure remove WORD` (refused, with the count, while any
/// entry holds a value of the kind). Each is a step of the history: `undo` takes it back and
/// `redo` puts it back, refused with the same count where that would take a kind away from
/// entries holding values of it. Neither `measure remove` nor an undo or redo takes away a kind
/// the open draft holds a value of (nor `measure remove` one a pending amend sets), and no undo
/// or redo puts back a value of a kind removed since. A kind another session takes away leaves
/// the draft's value in `show`, marked; `save` refuses it and `measure WORD` clears it. An
/// added kind's values are shown with its unit. A draft keeps each as typed, a save checks each against
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

        /// Its canonical unit, as `show`, `list` and `status` show a value (an added kind's
        /// too: the model adds kinds in centimetres).
        var unit: String { self == .fat ? "%" : "cm" }

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
        record(.kindAdded(kind, low...high))
        return false
    }

    /// `measure remove WORD`: refused for a kind that is not there or is built in, and while a
    /// value of it waits outside the store (in the open draft, or set by a pending amend),
    /// without a write; then the store is asked, and refuses while entries hold values of the
    /// kind, saying how many.
    mutating func removeKind(_ word: String) -> Bool {
        guard let kind = Kind(rawValue: word), kind.builtInRange == nil, addedKinds[kind] != nil else { return true }
        if draft?.measures[kind] != nil {
            expectedError = [
                "The open draft holds a value of \"\(kind)\", so it stays. Save or cancel the draft, or type "
                    + "\"\(kind)\" with no value, first. Nothing was changed."
            ]
            return true
        }
        if pendingSetsAValue(of: kind) {
            expectedError = [
                "A pending change sets a value of \"\(kind)\", so it stays. Type \"retry\" to apply it first."
            ]
            return true
        }
        guard writeAllowed() else { return true }
        let holding = entries.values.filter { $0.measures[kind] != nil }.count
        guard holding == 0, let range = addedKinds[kind] else {
            expectedError = [Self.holdingValues(holding, of: kind) + ", so it stays."]
            return true
        }
        record(.kindRemoved(kind, range))
        return false
    }

    /// `unit KIND [UNIT]` for a kind with one unit: body fat's is `%`, an added kind's the unit it
    /// was added with, so there is none to set; `unit KIND` alone says so without an error. A
    /// word that is no kind the store has is refused.
    mutating func unit(_ arguments: String) -> Bool {
        let words = arguments.split(separator: " ").map(String.init)
        let setting = words.count > 1
        switch Kind(rawValue: words[0]) {
        case .fat:
            expectedError = setting ? ["Body fat has one unit, %, so there is no unit to set for it."] : []
            return setting
        case let kind? where kind.builtInRange == nil && addedKinds[kind] != nil:
            let sentence =
                "\(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()) is shown in cm, the unit it was "
                + "added with, so there is no unit to set for it."
            expectedError = setting ? [sentence] : []
            return setting
        default:
            expectedError = [
                "\"\(words[0])\" is neither a weight unit (kg, lb or st) nor a kind of measurement. Type \"help unit\"."
            ]
            return true
        }
    }

    /// `1 entry holds a value of "neck"`, `2 entries hold values of "neck"`.
    static func holdingValues(_ count: Int, of kind: Kind) -> String {
        count == 1
            ? "1 entry holds a value of \"\(kind)\"" : "\(count) entries hold values of \"\(kind)\""
    }

    /// A kind's range as `undo list` gives it: `cm, 20.0 to 80.0`.
    static func described(_ range: ClosedRange<Int>) -> String {
        "cm, \(kilograms(range.lowerBound)) to \(kilograms(range.upperBound))"
    }

    /// True when a pending amend sets a value of `kind` (one that takes the value away does not).
    func pendingSetsAValue(of kind: Kind) -> Bool {
        pending.contains { change in
            if case .amend(_, .measure(kind), let text) = change.action { return !text.isEmpty }
            return false
        }
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

extension TrendshModel.PendingAction {
    /// True for an amend of `field` of entry `id`.
    func amends(_ id: Int, _ field: TrendshModel.Field) -> Bool {
        if case .amend(id, field, _) = self { return true }
        return false
    }
}

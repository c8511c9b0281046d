/// The measurements besides the weight that the model follows, body fat and waist, written from
/// lesson 15 and what trendsh shows: a draft keeps each as typed, a save checks each against
/// its kind's range, and an entry holds any of them, with or without a weight, but not none.
/// Values are tenths of the kind's canonical unit (percent, centimetres), as the weight is
/// tenths of a kilogram.
extension TrendshModel {
    /// A kind of measurement other than the weight, in the order `show` and `list` put them.
    enum Kind: String, CaseIterable, Comparable, Sendable {
        case fat
        case waist

        /// The values it accepts, in tenths of its unit: body fat 2–75 %, a waist 30–250 cm.
        var range: ClosedRange<Int> { self == .fat ? 20...750 : 300...2500 }

        /// Its canonical unit, as `show` and `list` name it.
        var unit: String { self == .fat ? "%" : "cm" }

        static func < (left: Kind, right: Kind) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }
    }

    /// Tenths of the kind's unit for a typed value (`21.5`, `83`, `35 in`), or nil when the
    /// kind refuses it. An inch is 2.54 cm; the generator types only inches that make whole
    /// tenths of a centimetre.
    static func tenths(_ text: String, of kind: Kind) -> Int? {
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
        return kind.range.contains(result) ? result : nil
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
        guard openEntryDraft() else { return true }
        draft?.measures[kind] = text.isEmpty ? nil : text
        return false
    }

    /// The entry with one field amended to typed text (an empty value removes that measurement),
    /// or nil when the field's rules refuse the text.
    static func amended(_ entry: Entry, _ field: Field, _ text: String) -> Entry? {
        var after = entry
        switch field {
        case .note: after.note = text
        case .value:
            if text.isEmpty {
                after.tenths = nil
            } else {
                guard let tenths = tenths(text) else { return nil }
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

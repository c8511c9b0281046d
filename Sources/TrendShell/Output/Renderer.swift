import FoundationEssentials
import TrendKit

/// Turns feature values into the text a person reads: numbers, dates, rows and summaries.
/// Pure functions; whole sentences come from `Messages`.
public enum Renderer {
    /// `75.0 kg`, `165.3 lb`, `12 st 4.0 lb`
    public static func weight(_ kilograms: Double, in unit: WeightUnit) -> String {
        guard unit == .stones else {
            return "\(DecimalText.oneDecimal(unit.value(fromKilograms: kilograms))) \(unit.symbol)"
        }
        return stone(kilograms)
    }

    /// `12 st 4.0 lb`: whole stones, then the pounds left to one decimal (never `14.0 lb`). A
    /// weight below zero or too large to count in stones (a stored value that breaks the
    /// rules) is shown in pounds.
    static func stone(_ kilograms: Double) -> String {
        let tenths = (WeightUnit.pounds.value(fromKilograms: kilograms) * 10).rounded()
        guard tenths.isFinite, tenths >= 0, tenths < 1e15 else { return weight(kilograms, in: .pounds) }
        let whole = Int64(tenths)
        let stones = whole / 140
        let rest = whole % 140
        return "\(stones) st \(rest / 10).\(rest % 10) lb"
    }

    /// `21.5 %`, `82.0 cm`: a measurement in the unit `units` shows its kind in, with the
    /// kind's decimals; a weight as `weight` shows it.
    public static func measurement(_ canonical: Double, of id: KindID, units: MeasureUnits) -> String {
        if id == .weight { return weight(canonical, in: units.weight) }
        guard let kind = units.kind(id) else { return "\(DecimalText.shortest(canonical))" }
        let unit = units.unit(of: kind)
        return "\(DecimalText.decimals(unit.value(fromCanonical: canonical), kind.decimals)) \(unit.symbol)"
    }

    /// What an entry measured: `75.0 kg`, `75.0 kg, fat 21.5 %, waist 82.0 cm`, `waist 82.0 cm`.
    public static func measurements(of entry: WeightEntry, units: MeasureUnits) -> String {
        var parts: [String] = []
        if let kilograms = entry.kilograms { parts.append(weight(kilograms, in: units.weight)) }
        for id in entry.measurements.keys.sorted(by: { order($0, units) < order($1, units) }) {
            guard let value = entry.measurements[id] else { continue }
            parts.append("\(units.kind(id)?.word ?? id.rawValue) \(measurement(value, of: id, units: units))")
        }
        return parts.joinedWords(separator: ", ")
    }

    /// Where a kind stands among the kinds `units` knows (unknown ones last, by id).
    static func order(_ id: KindID, _ units: MeasureUnits) -> Int {
        // By index: a closure over each kind copied its whole declaration.
        let kinds = units.kinds
        for index in kinds.indices where kinds[index].id == id { return index }
        return kinds.count
    }

    /// `#12: 75.0 kg, fat 21.5 % on 2026-11-29 08:00`
    public static func entrySummary(_ entry: WeightEntry, units: MeasureUnits) -> String {
        "#\(entry.id): \(measurements(of: entry, units: units)) on \(LocalCalendar.minuteText(entry.date))"
    }

    /// `#12: 75.0 kg on 2026-11-29 08:00, note "after run"`: everything an entry holds.
    public static func entryContents(_ entry: WeightEntry, units: MeasureUnits) -> String {
        entrySummary(entry, units: units) + (entry.note.isEmpty ? ", no note" : ", note \"\(entry.note)\"")
    }

    /// What changed from one version of an entry to another:
    /// `value 76.0 kg (was 75.0 kg), note "after run" (was none)`.
    public static func entryDifferences(from before: WeightEntry, to after: WeightEntry, units: MeasureUnits)
        -> String
    {
        var parts: [String] = []
        let shown = { (value: Double?, id: KindID) in value.map { measurement($0, of: id, units: units) } ?? "none" }
        if before.kilograms != after.kilograms {
            parts.append("value \(shown(after.kilograms, .weight)) (was \(shown(before.kilograms, .weight)))")
        }
        let kinds = Set(before.measurements.keys).union(after.measurements.keys)
        for id in kinds.sorted(by: { order($0, units) < order($1, units) })
        where before.measurements[id] != after.measurements[id] {
            let word = units.kind(id)?.word ?? id.rawValue
            parts.append("\(word) \(shown(after.measurements[id], id)) (was \(shown(before.measurements[id], id)))")
        }
        if before.date != after.date {
            parts.append(
                "date \(LocalCalendar.minuteText(after.date)) (was \(LocalCalendar.minuteText(before.date)))")
        }
        if before.note != after.note {
            parts.append("note \(quotedNote(after.note)) (was \(quotedNote(before.note)))")
        }
        return parts.isEmpty ? "no field changed" : parts.joined(separator: ", ")
    }

    /// `"after run"`, or `none` for an empty note.
    public static func quotedNote(_ note: String) -> String { note.isEmpty ? "none" : "\"\(note)\"" }

    /// The value as typed, with the unit it is read in when it names none: `75 (kg)`, `165 lb`,
    /// `12 st 4` (stone and pounds name their own).
    public static func typedValue(_ draft: WeightEntryDraft) -> String {
        guard !draft.value.isEmpty else { return "(none)" }
        return MeasurementText(draft.value).unit == nil ? "\(draft.value) (\(draft.unit.symbol))" : draft.value
    }

    /// A measurement as typed, with the unit it is read in unless it names its own: `21.5 (%)`.
    public static func typedMeasurement(_ typed: WeightEntryDraft.TypedMeasurement) -> String {
        MeasurementText(typed.text).unit == nil ? "\(typed.text) (\(typed.unit.symbol))" : typed.text
    }

    /// A weight draft in a few words: `value "75", note "after run", dated 2026-11-29 08:00`.
    public static func draftSummary(_ draft: WeightEntryDraft) -> String {
        var parts: [String] = []
        if !draft.value.isEmpty || draft.measurements.isEmpty {
            parts.append(draft.value.isEmpty ? "no value" : "value \"\(draft.value)\"")
        }
        for (id, typed) in draft.measurements.sorted(by: { $0.key < $1.key }) {
            let word = MeasurementKind.builtIn(named: id.rawValue)?.word ?? id.rawValue
            parts.append("\(word) \"\(typed.text)\"")
        }
        if !draft.note.isEmpty { parts.append("note \"\(draft.note)\"") }
        parts.append("dated \(LocalCalendar.minuteText(draft.date))")
        return parts.joinedWords(separator: ", ")
    }

    /// What a draft edits: `new entry`, `editing #3`.
    public static func draftTarget(_ draft: WeightEntryDraft) -> String {
        draft.editing.map { "editing #\($0.id)" } ?? "new entry"
    }
}

extension Renderer {
    /// The rows of `habits`: a header, then each habit's name, its last seven days (oldest
    /// first, today last: done `x`, not done `.`, or `●`/`·` where Unicode is drawn), its
    /// current streak, and how many of the last 30 days it was done.
    public static func habitLines(_ habits: [Habit], today: Int, unicode: Bool) -> [String] {
        let (doneMark, missedMark) = unicode ? ("●", "·") : ("x", ".")
        var rows = [["habit", "last 7 days", "streak", "30 days"]]
        for habit in habits {
            let week = (0..<7).map { habit.isDone(on: today - 6 + $0) ? doneMark : missedMark }.joinedWords(
                separator: "")
            rows.append([
                habit.name, week, String(habit.streak(today: today)),
                String(habit.doneCount(lastDays: 30, today: today)),
            ])
        }
        return TextColumns.lines(rows, alignments: [.left, .left, .right, .right])
    }

    /// A habit draft in a few words: `name "Read"`, or `no name`.
    public static func habitDraftSummary(_ draft: HabitDraft) -> String {
        draft.name.isEmpty ? "no name" : "name \"\(draft.name)\""
    }
}

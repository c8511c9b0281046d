import TrendKit

extension Renderer {
    /// `+0.4 kg`, `-1.2 kg`, `0.0 kg`: a change, with its sign (in pounds for stone).
    public static func change(_ kilograms: Double, in shown: WeightUnit) -> String {
        let unit = shown.numberUnit
        let text = DecimalText.oneDecimal(unit.value(fromKilograms: kilograms))
        return (text.hasPrefix("-") || text == "0.0" ? text : "+" + text) + " \(unit.symbol)"
    }

    /// `-0.42 kg a week`: a rate, to two decimals, with its sign (in pounds for stone).
    public static func weeklyRate(_ kilograms: Double, in shown: WeightUnit) -> String {
        let unit = shown.numberUnit
        let text = DecimalText.twoDecimals(unit.value(fromKilograms: kilograms))
        return (text.hasPrefix("-") || text == "0.00" ? text : "+" + text) + " \(unit.symbol) a week"
    }

    /// The rows of `list`: each entry's number and time, its weight and a column for each
    /// other kind any of the rows holds (blank where a row has none), each in the unit `units`
    /// shows it in, the trend beside a weight (`trend 74.6`, or `trend 12 st 4.3 lb` in
    /// stone; `trend --` when it could not be read, or the rule the row breaks), and the note:
    /// `#12  2026-11-29 08:00  75.0 kg  trend 74.6  after run`.
    public static func entryLines(
        _ entries: [WeightEntry], trendByDay: [Int: Double]?, units: MeasureUnits, marks: [Int64: String] = [:]
    ) -> [String] {
        let showsWeight = entries.contains { $0.kilograms != nil }
        var others: [KindID] = []
        for entry in entries {
            for id in entry.measurements.keys where !others.contains(id) { others.append(id) }
        }
        others.sort { order($0, units) < order($1, units) }
        let rows = entries.map { entry in
            var row = ["#\(entry.id)", LocalCalendar.minuteText(entry.date)]
            if showsWeight { row.append(entry.kilograms.map { weight($0, in: units.weight) } ?? "") }
            for id in others {
                row.append(
                    entry.measurements[id].map {
                        "\(units.kind(id)?.word ?? id.rawValue) \(measurement($0, of: id, units: units))"
                    } ?? "")
            }
            if showsWeight {
                let trend = trendByDay?[LocalCalendar.dayNumber(of: entry.date)].map {
                    units.weight == .stones
                        ? weight($0, in: .stones) : DecimalText.oneDecimal(units.weight.value(fromKilograms: $0))
                }
                row.append(marks[entry.id] ?? (entry.kilograms == nil ? "" : "trend \(trend ?? "--")"))
            } else if let mark = marks[entry.id] {
                row.append(mark)
            }
            return row + (entry.note.isEmpty ? [] : [entry.note])
        }
        let alignments: [TextColumns.Alignment] =
            [.right, .left] + (showsWeight ? [.right] : []) + others.map { _ in .right } + [.left, .left]
        return TextColumns.lines(rows, alignments: alignments)
    }
}

/// A one-line picture of a run of days: one character a day, its height the trend's place
/// between the run's lowest and highest trend; a blank for a day without a weigh-in, so
/// the line is always one character a day.
public enum Sparkline {
    static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels: [Character] = [".", ":", "-", "=", "+", "*", "#", "%"]

    public static func text(_ window: TrendWindow, unicode: Bool) -> String {
        let levels = unicode ? unicodeLevels : asciiLevels
        let trends = window.days.map(\.point.trendKilograms)
        guard let low = trends.min(), let high = trends.max() else { return "" }
        var byDay: [Int: Double] = [:]
        for day in window.days { byDay[day.day] = day.point.trendKilograms }
        var text = ""
        for day in window.firstDay...max(window.firstDay, window.lastDay) {
            guard let trend = byDay[day] else {
                text.append(" ")
                continue
            }
            // A spread under 50 g is flat: the middle level.
            let level =
                high - low < 0.05
                ? levels.count / 2 : Int(((trend - low) / (high - low) * Double(levels.count - 1)).rounded())
            text.append(levels[max(0, min(levels.count - 1, level))])
        }
        return text
    }
}

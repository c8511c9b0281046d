import TrendKit

/// The structured answer of `list`: each entry with its weight, the trend of its day, its
/// other measurements and its note, in the units the settings show them in.
enum EntryResults {
    static func list(
        _ entries: [WeightEntry], trendByDay: [Int: Double]?, units: MeasureUnits, breaksRule: Set<Int64>
    ) -> CommandResult {
        let weight = ShownUnit(MeasurementKind.weight, units: units)
        var others: [KindID] = []
        for entry in entries {
            for id in entry.measurements.keys where !others.contains(id) { others.append(id) }
        }
        others.sort { Renderer.order($0, units) < Renderer.order($1, units) }
        let word = { (id: KindID) in units.kind(id)?.word ?? id.rawValue }
        var unitFields = JSONFields()
        unitFields.add("weight", .string(weight.symbol))
        for id in others { unitFields.add(word(id), .string(ShownUnit(id: id, units: units).symbol)) }
        var fields = JSONFields()
        fields.add("units", unitFields.value)
        var table = CSVTable(
            header: ["id", "date", "weight (\(weight.symbol))", "trend (\(weight.symbol))"]
                + others.map { "\(word($0)) (\(ShownUnit(id: $0, units: units).symbol))" } + ["note"])
        var rows: [JSONValue] = []
        for entry in entries {
            let trend = trendReading(entry, trendByDay: trendByDay, breaksRule: breaksRule)
            var row = JSONFields()
            row.add("id", .integer(entry.id))
            row.add("date", .string(LocalTimeText.iso(entry.date)))
            row.figure("weight", weight(entry.kilograms), missing: .noWeight)
            row.figure("trend", weight(trend.value), missing: trend.missing ?? .noWeight)
            var measured = JSONFields()
            for id in others {
                if let value = entry.measurements[id] {
                    measured.add(word(id), .number(ShownUnit(id: id, units: units)(value)))
                }
            }
            row.add("measurements", measured.value)
            row.add("note", .string(entry.note))
            row.add("breaksRule", .bool(breaksRule.contains(entry.id)))
            rows.append(row.value)
            var cells: [CSVTable.Cell] = [
                .integer(Int(entry.id)), .text(LocalTimeText.iso(entry.date)), .number(weight(entry.kilograms)),
                .number(weight(trend.value)),
            ]
            for id in others {
                let value: Double? = entry.measurements[id].map { ShownUnit(id: id, units: units)($0) }
                cells.append(.number(value))
            }
            cells.append(.text(entry.note))
            table.rows.append(cells)
        }
        fields.add("entries", .array(rows))
        return CommandResult(fields, table: table)
    }

    /// The trend shown beside an entry, or why there is none.
    static func trendReading(_ entry: WeightEntry, trendByDay: [Int: Double]?, breaksRule: Set<Int64>)
        -> (value: Double?, missing: MissingReason?)
    {
        if breaksRule.contains(entry.id) { return (nil, .leftOut) }
        guard entry.kilograms != nil else { return (nil, .noWeight) }
        guard let trendByDay else { return (nil, .unreadable) }
        guard let trend = trendByDay[LocalCalendar.dayNumber(of: entry.date)] else { return (nil, .noWeighIns) }
        return (trend, nil)
    }
}

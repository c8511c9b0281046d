import TrendKit

/// The structured answers of `person` and `people`: names, and figures in the weight's
/// shown unit, with `goalUnit`'s convention (`unit`).
enum PeopleResults {
    static func person(_ name: String?) -> CommandResult {
        var fields = JSONFields()
        fields.add("person", name.map { .string($0) } ?? .null)
        return CommandResult(fields)
    }

    static func people(_ people: [PersonSummary], current: String?, unit: WeightUnit) -> CommandResult {
        let numberUnit = unit.numberUnit
        var rows: [JSONValue] = []
        var table = CSVTable(header: [
            "person", "latest_\(numberUnit.symbol)", "trend_\(numberUnit.symbol)", "last_weigh_in",
        ])
        for person in people {
            var fields = JSONFields()
            fields.add("person", .string(person.name.rawValue))
            fields.add("you", .bool(person.name.rawValue == current))
            let latest = person.latestKilograms.map { numberUnit.value(fromKilograms: $0) }
            let trend = person.trendKilograms.map { numberUnit.value(fromKilograms: $0) }
            fields.figure("latest", latest, missing: .noWeighIns)
            fields.figure("trend", trend, missing: .noWeighIns)
            let day = person.lastWeighIn.map { LocalCalendar.dayText($0) }
            fields.add("lastWeighIn", day.map { .string($0) } ?? .null)
            rows.append(fields.value)
            table.rows.append([
                .text(person.name.rawValue), .number(latest), .number(trend), day.map { .text($0) } ?? .empty,
            ])
        }
        var fields = JSONFields()
        fields.add("people", .array(rows))
        fields.add("unit", .string(numberUnit.symbol))
        return CommandResult(fields, table: table)
    }
}

import TrendKit

/// The structured answer of `stats [KIND] week|month|year [N]`: a report for each kind, a
/// row for each period; in CSV one table of every kind's rows, the kind in a column.
enum PeriodResults {
    static func reports(_ reports: [PeriodReport], period: ReportPeriod, count: Int, units: MeasureUnits)
        -> CommandResult
    {
        var fields = JSONFields()
        fields.add("period", .string(period.rawValue))
        fields.add("count", .integer(count))
        fields.add("reports", .array(reports.map { report($0, units: units) }))
        var table = CSVTable(header: [
            "kind", "unit", period.rawValue, "first day", "last day", "partial", "mean", "lowest", "highest",
            "weigh-ins", "days with weigh-ins", "change",
        ])
        for report in reports {
            let shown = ShownUnit(report.kind, units: units)
            for summary in report.periods {
                table.rows.append([
                    .text(report.kind.word), .text(shown.symbol), .text(report.period.label(of: summary.firstDay)),
                    .text(LocalCalendar.dayText(dayNumber: summary.firstDay)),
                    .text(LocalCalendar.dayText(dayNumber: summary.lastDay)), .text(summary.isPartial ? "yes" : "no"),
                    .number(shown(summary.mean)), .number(shown(summary.lowest)), .number(shown(summary.highest)),
                    .integer(summary.weighIns), .integer(summary.daysWithWeighIns), .number(shown(summary.change)),
                ])
            }
        }
        return CommandResult(fields, table: table)
    }

    static func report(_ report: PeriodReport, units: MeasureUnits) -> JSONValue {
        let shown = ShownUnit(report.kind, units: units)
        var fields = JSONFields()
        fields.add("kind", .string(report.kind.word))
        fields.add("unit", .string(shown.symbol))
        fields.add("leftOut", .integer(report.leftOut))
        fields.add(
            "periods",
            .array(
                report.periods.map { summary in
                    var row = JSONFields()
                    row.add("label", .string(report.period.label(of: summary.firstDay)))
                    row.add("firstDay", ResultDates.day(summary.firstDay))
                    row.add("lastDay", ResultDates.day(summary.lastDay))
                    row.add("partial", .bool(summary.isPartial))
                    row.add("weighIns", .integer(summary.weighIns))
                    row.add("daysWithWeighIns", .integer(summary.daysWithWeighIns))
                    let valuesGap = summary.valuesGap?.rawValue ?? MissingReason.noWeighIns.rawValue
                    row.figure("mean", shown(summary.mean), missing: valuesGap)
                    row.figure("lowest", shown(summary.lowest), missing: valuesGap)
                    row.figure("highest", shown(summary.highest), missing: valuesGap)
                    row.figure(
                        "change", shown(summary.change),
                        missing: summary.changeGap?.rawValue ?? MissingReason.noneBefore.rawValue)
                    return row.value
                }))
        return fields.value
    }
}

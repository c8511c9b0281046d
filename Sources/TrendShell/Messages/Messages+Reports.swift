import TrendKit

/// What `stats [KIND] week|month|year [N]` says: one block of rows for each kind.
extension Messages {
    /// The lines `help stats` adds for the reports.
    static let periodReportDetails = [
        "\"stats week\", \"stats month\" and \"stats year\" report the last N periods (\"stats fat month 6\"):",
        "weeks run Monday to Sunday in the local zone. Each row gives the mean of the daily means, the",
        "lowest and highest value, the weigh-ins counted and the change from the period before; the",
        "current period comes first, marked partial. Without a KIND there is a block for each kind",
        "with data. By default: \(ReportPeriod.week.defaultCount) weeks, \(ReportPeriod.month.defaultCount) months, \(ReportPeriod.year.defaultCount) years; at most \(ReportPeriod.maximumCount),",
        "and none before the one that holds 1900-01-01 00:00 UTC, the earliest time a log keeps.",
    ]

    /// The blocks of a report, one for each kind, in the units they are shown in.
    static func periodReportLines(_ reports: [PeriodReport], period: ReportPeriod, count: Int, units: MeasureUnits)
        -> [String]
    {
        guard !reports.isEmpty else { return [noWeighInsInPeriods(period, count: count)] }
        var lines: [String] = []
        for (index, report) in reports.enumerated() {
            if index > 0 { lines.append("") }
            lines += periodReportLines(report, unit: units.unit(of: report.kind))
        }
        return lines
    }

    /// One kind's block: a heading, a header row, and a row for each period.
    static func periodReportLines(_ report: PeriodReport, unit: MeasureUnit) -> [String] {
        let kind = report.kind
        let count = report.periods.count
        let heading =
            "\(capitalized(kind.name)) by \(report.period.rawValue), the last \(count) \(periodWord(report.period, count)):"
        guard report.hasData else {
            var lines = [heading, "No \(kind.name) values in these \(periodWord(report.period, count))."]
            if report.leftOut > 0 { lines.append(reportLeftOut(report)) }
            return lines
        }
        let value = { (canonical: Double?) in canonical.map { Renderer.value($0, of: kind, in: unit) } ?? "--" }
        var rows: [[String]] = [[periodHeader(report.period), "mean", "lowest", "highest", "weigh-ins", "change"]]
        for summary in report.periods {
            rows.append([
                report.period.label(of: summary.firstDay), value(summary.mean), value(summary.lowest),
                value(summary.highest), String(summary.weighIns),
                summary.change.map { Renderer.change($0, of: kind, in: unit) } ?? "--",
                summary.isPartial ? "partial" : "",
            ])
        }
        var lines =
            [heading]
            + TextColumns.lines(rows, alignments: [.left, .right, .right, .right, .right, .right, .left])
        if report.leftOut > 0 { lines.append(reportLeftOut(report)) }
        return lines
    }

    /// What the first column of a report is headed.
    static func periodHeader(_ period: ReportPeriod) -> String {
        switch period {
        case .week: "week of"
        case .month: "month"
        case .year: "year"
        }
    }

    static func periodWord(_ period: ReportPeriod, _ count: Int) -> String {
        count == 1 ? period.rawValue : period.rawValue + "s"
    }

    /// Said when no kind has a value in the periods asked for.
    static func noWeighInsInPeriods(_ period: ReportPeriod, count: Int) -> String {
        "Nothing was logged in the last \(count) \(periodWord(period, count)). Log a weigh-in with \"value WEIGHT\" in a draft, then \"save\"."
    }

    static func reportLeftOut(_ report: PeriodReport) -> String {
        report.kind.id == .weight ? leftOut(report.leftOut) : kindLeftOut(report.kind, report.leftOut)
    }
}

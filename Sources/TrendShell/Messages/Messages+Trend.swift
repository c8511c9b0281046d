import TrendKit

extension Messages {
    /// `help trend`: the formulas, and where they come from.
    public static let trendDetails = [
        "The daily weight is the mean of a day's entries (days in your time zone). The trend smooths it:",
        "  trend = trend + a * (weight - trend), a = 1 - 0.9^d, d = days since the last weigh-in.",
        "It starts at the first weight. Weighing daily, a = 0.1: The Hacker's Diet's 10% smoothing; over a",
        "gap it is the same as carrying the new weight through each missing day. Nothing is made up between.",
        "Weekly rate: the least-squares slope of the trend over the last 14 days, times 7 (needs 9 weigh-in",
        "days of 14; the 28-day rate needs 19 of 28; the 7-day change needs 4 of 7). Fewer show \"--\".",
        "Energy: the weekly rate times 7,716 kcal a kg (3,500 a lb), over 7 days.",
        "Goal: \"at goal\" once the trend is within 1.134 kg (2.5 lb) of it; left only 0.25 kg (0.5 lb) beyond that.",
        "\"trend fat\", \"stats waist\", \"chart fat 90\": the same for any kind with a trend, each with its own",
        "per-day trend (a value outside its kind's range is left out); the energy and the goal are the weight's.",
        "Left out: entries that break the rules (another program wrote them): a weight outside 20-500 kg,",
        "or a date after now (until it comes). \"list\" marks each with its rule.",
        "Sources: John Walker, The Hacker's Diet (fourmilab.ch/hackdiet), \"Signal and Noise\";",
        "M. Wishnofsky, Caloric equivalents of gained or lost weight, Am J Clin Nutr 6 (1958) 542-546.",
    ]

    /// `--  (needs weigh-ins on 9 of the last 14 days; 5 had one)`, or the figure.
    static func figure(_ figure: Figure<Double>, _ text: (Double) -> String) -> String {
        switch figure {
        case .value(let value): return text(value)
        case .tooFew(let have, let need, let window):
            return "--  (needs weigh-ins on \(need) of the last \(window) days; \(have) had one)"
        }
    }

    /// `a deficit of 463 kcal a day`.
    static func energy(weeklyRate: Double, unit: WeightUnit) -> String {
        let kcal = TrendFigures.kcalPerDay(weeklyRateKilograms: weeklyRate, unit: unit)
        let amount = DecimalText.whole(abs(kcal))
        if amount == "0" { return "about even in energy" }
        return kcal < 0 ? "a deficit of \(amount) kcal a day" : "a surplus of \(amount) kcal a day"
    }

    /// The rows of a period's figures in `stats`: how many values on how many days, the
    /// lowest, the highest and the mean (`counted` names one value and several). The labels
    /// keep the width of the rows `after` them: a long period ("stats 36500") is named in its
    /// row's text, under a label that fits.
    static func periodRows(
        _ stats: TrendStats, after rows: [[String]], counted: (one: String, many: String),
        shown: (Double) -> String
    ) -> [[String]] {
        let days = "last \(stats.days) \(stats.days == 1 ? "day" : "days")"
        let labelWidth = rows.map { TextColumns.displayWidth($0[0]) }.max() ?? 0
        let fits = TextColumns.displayWidth(days) <= labelWidth
        let periodLabel = fits ? days : "period"
        let periodPrefix = fits ? "" : days + ": "
        guard let low = stats.minimumKilograms, let high = stats.maximumKilograms, let mean = stats.meanKilograms
        else { return [[periodLabel, periodPrefix + "no \(counted.many)"]] }
        let count = "\(stats.entries) \(stats.entries == 1 ? counted.one : counted.many)"
        return [
            [periodLabel, periodPrefix + "\(count) on \(stats.weighInDays) of \(stats.days) days"],
            ["  lowest", shown(low)], ["  highest", shown(high)], ["  mean", shown(mean)],
        ]
    }

    /// What `stats` prints: the figures, then how many entries that break a rule they leave out.
    public static func statsLines(_ stats: TrendStats, unit: WeightUnit) -> [String] {
        guard let latestDay = stats.latestDay, let latest = stats.latestEntry else { return noCountedEntries(stats) }
        let weight = { (kilograms: Double) in Renderer.weight(kilograms, in: unit) }
        var rows: [[String]] = [
            ["latest weight", "\(latest.kilograms.map(weight) ?? "--") on \(LocalCalendar.minuteText(latest.date))"],
            ["trend", "\(weight(latestDay.trendKilograms)) on \(LocalCalendar.dayText(dayNumber: latestDay.day))"],
            ["7-day change", figure(stats.weekChange) { Renderer.change($0, in: unit) }],
            [
                "weekly rate",
                figure(stats.weeklyRate) {
                    "\(Renderer.weeklyRate($0, in: unit)), \(energy(weeklyRate: $0, unit: unit)) (14-day fit)"
                },
            ],
            ["28-day rate", figure(stats.monthlyRate) { Renderer.weeklyRate($0, in: unit) }],
        ]
        rows += periodRows(stats, after: rows, counted: ("entry", "entries"), shown: weight)
        rows.append(["goal", goalText(stats, unit: unit)])
        rows += derivedRows(stats, unit: unit)
        var lines = TextColumns.lines(rows, alignments: [.left, .left])
        if !stats.habits.isEmpty {
            let days = "last \(stats.days) \(stats.days == 1 ? "day" : "days")"
            lines.append("Trend's weekly rate on days each habit was done, and on days it was not (\(days)):")
            var habitRows: [[String]] = []
            for habit in stats.habits {
                let rate = { (figure: Figure<Double>) in
                    switch figure {
                    case .value(let value): return Renderer.weeklyRate(value, in: unit)
                    case .tooFew(let have, let need, _): return "--  (\(have) of \(need) days needed)"
                    }
                }
                habitRows.append([
                    "  " + habit.name, "done \(rate(habit.analysis.doneRate))",
                    "not done \(rate(habit.analysis.notDoneRate))",
                ])
            }
            lines += TextColumns.lines(habitRows, alignments: [.left, .left, .left])
        }
        if stats.leftOut > 0 { lines.append(leftOut(stats.leftOut)) }
        return lines
    }

    /// Said instead of the figures when no entry counts: none at all, or only entries that
    /// break a rule.
    static func noCountedEntries(_ stats: TrendStats) -> [String] {
        guard stats.leftOut > 0 else { return [noEntries] }
        return ["No entry counts toward the trend yet. " + leftOut(stats.leftOut)]
    }

    static func goalText(_ stats: TrendStats, unit: WeightUnit) -> String {
        guard let goal = stats.goalKilograms else { return "none (set one with \"goal WEIGHT\")" }
        let goalText = Renderer.weight(goal, in: unit)
        guard let forecast = stats.forecast else { return goalText }
        // A distance is one number: in pounds for stone.
        let distance = Renderer.weight(abs(forecast.distanceKilograms), in: unit.numberUnit)
        let side = forecast.distanceKilograms > 0 ? "above" : "below"
        let band = unit == .kilograms ? "1.134 kg" : "2.5 lb"
        switch forecast.direction {
        case .atGoal:
            return "\(goalText): at goal (the trend is \(distance) \(side), within \(band))"
        case .reaching(let day):
            return
                "\(goalText): the trend is \(distance) \(side); at this rate, reached about \(LocalCalendar.dayText(dayNumber: day))"
        case .movingAway:
            return "\(goalText): the trend is \(distance) \(side), and moving away from it"
        case .flat:
            return "\(goalText): the trend is \(distance) \(side), and too flat to say when it gets there"
        case .unknownRate:
            return "\(goalText): the trend is \(distance) \(side); no date until the weekly rate is known"
        }
    }

    /// What `trend` prints: the trend and its rate, in a line, then how many entries that
    /// break a rule it leaves out.
    public static func trendLines(_ stats: TrendStats, unit: WeightUnit) -> [String] {
        guard stats.latestDay != nil else { return noCountedEntries(stats) }
        return [trendLine(stats, unit: unit)] + (stats.leftOut > 0 ? [leftOut(stats.leftOut)] : [])
    }

    /// The trend and its rate, in a line.
    static func trendLine(_ stats: TrendStats, unit: WeightUnit) -> String {
        guard let latestDay = stats.latestDay else { return noEntries }
        let rate = figure(stats.weeklyRate) {
            "\(Renderer.weeklyRate($0, in: unit)), \(energy(weeklyRate: $0, unit: unit))"
        }
        return
            "Trend \(Renderer.weight(latestDay.trendKilograms, in: unit)) on \(LocalCalendar.dayText(dayNumber: latestDay.day)); weekly rate \(rate). \"help trend\" explains."
    }

    /// A trend read failed: why, and what is shown instead.
    public static func trendFailed(_ error: TrendError, units: MeasureUnits) -> String {
        trendUnavailable(error, units: units) + " It shows as \"--\"."
    }

    /// A trend read failed where nothing else was shown.
    public static func trendUnavailable(_ error: TrendError, units: MeasureUnits) -> String {
        if error == .storage(.simulated(.refresh)) { return "The trend could not be read (simulated failure)." }
        return "The trend could not be read. " + reason(error, units: units)
    }

    /// The line above a chart.
    public static func chartTitle(_ data: ChartData) -> String {
        "\(capitalized(data.kindName)) and trend, \(LocalCalendar.dayText(dayNumber: data.firstDay)) to \(LocalCalendar.dayText(dayNumber: data.lastDay)) (\(data.unit.symbol))"
    }

    /// The line below a chart, naming its marks.
    public static func chartLegend(_ data: ChartData, unicode: Bool) -> String {
        var legend = ""
        for (punctuation, text) in legendParts(data, unicode: unicode) {
            legend += legend.isEmpty ? text : punctuation + " " + text
        }
        return legend
    }

    /// The legend in lines of at most `width` characters, broken between its parts where it
    /// can (a part wider than that is broken at spaces).
    public static func chartLegend(_ data: ChartData, unicode: Bool, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (punctuation, text) in legendParts(data, unicode: unicode) {
            if current.isEmpty {
                current = text
            } else if current.count + punctuation.count + 1 + text.count <= width {
                current += punctuation + " " + text
            } else {
                lines.append(current + punctuation)
                current = text
            }
        }
        return (lines + [current]).flatMap { Options.wrap($0, width: width) }
    }

    /// The legend's parts, each with the punctuation that ends the part before it.
    private static func legendParts(_ data: ChartData, unicode: Bool) -> [(punctuation: String, text: String)] {
        let (mark, stem, trend, goal) = unicode ? ("●", "│", "─", "┄") : ("o", "|", "-", "=")
        var parts = [
            ("", "\(mark) day's \(data.kindName)"), (",", "\(stem) above (float) or below (sinker) the \(trend) trend"),
        ]
        if let goalValue = data.goal {
            let text = "goal \(DecimalText.oneDecimal(goalValue)) \(data.unit.symbol)"
            parts.append(data.showsGoal ? (",", "\(goal) \(text)") : (";", "\(text) is off the chart"))
        }
        return parts
    }

    /// The SVG chart's legend, item by item: red dots, green dots, the line, the dashes.
    public static func svgLegend(_ data: ChartData) -> [String] {
        var items = ["above the trend (a float)", "below it (a sinker)", "trend"]
        if data.showsGoal, let goal = data.goal {
            items.append("goal \(DecimalText.oneDecimal(goal)) \(data.unit.symbol)")
        }
        return items
    }

    /// `the last day`, `the last 30 days`.
    static func lastDays(_ days: Int) -> String { days == 1 ? "the last day" : "the last \(days) days" }

    /// `1 of the last 30 days had one`, or for one day, `the last day had one`.
    static func daysWithOne(_ have: Int, of days: Int, had: String) -> String {
        days == 1 ? "the last day \(had)" : "\(have) of the last \(days) days \(had)"
    }

    /// Said instead of a chart with too few weigh-ins.
    public static func tooFewToChart(have: Int, days: Int, kind: MeasurementKind = .weight) -> String {
        if kind.id != .weight {
            if have == 0 {
                return
                    "No \(kind.name) values in \(lastDays(days)) to chart. Log one with \"\(kind.word) VALUE\" in a draft, then \"save\"."
            }
            return
                "Too few days with a \(kind.name) value to chart: \(daysWithOne(have, of: days, had: "had one")), and a chart needs \(ChartData.daysNeeded)."
        }
        if have == 0 {
            return "No weigh-ins in \(lastDays(days)) to chart. Log one with \"value WEIGHT\", then \"save\"."
        }
        return
            "Too few weigh-ins to chart: \(daysWithOne(have, of: days, had: "had one")), and a chart needs \(ChartData.daysNeeded)."
    }

    public static func chartWritten(_ path: String, days: Int) -> String {
        "Wrote the chart of \(lastDays(days)) to \(path)."
    }

    public static func chartNotWritten(_ error: NamedFileError) -> String {
        switch error.reason {
        case .refused(let refusal): return namedFileRefused(error.path, refusal, for: .chart)
        case .system(let number):
            return
                "The chart could not be written to \(error.path): \(systemMessage(number)). Nothing was written there."
        }
    }

    public static func chartNotWrittenTooFew(_ path: String, have: Int, days: Int) -> String {
        "There is too little to chart, so \(path) was not written: \(daysWithOne(have, of: days, had: "had a weigh-in")), and a chart needs \(ChartData.daysNeeded)."
    }

    /// The trend's part of `status`: its sparkline over the last 30 days, and how many
    /// entries that break a rule it leaves out.
    @MainActor
    static func trendStatus(_ report: TrendReport, unit: WeightUnit, unicode: Bool) -> String {
        guard let recent = report.recent else { return report.loadState.rawValue }
        let leftOut = recent.leftOut > 0 ? "; " + leftOutPhrase(recent.leftOut) : ""
        guard let last = recent.days.last else {
            return "\(report.loadState.rawValue), no weigh-ins in the last 30 days\(leftOut)"
        }
        return
            "\(report.loadState.rawValue), \(Renderer.weight(last.point.trendKilograms, in: unit)); last 30 days [\(Sparkline.text(recent, unicode: unicode))]\(leftOut)"
    }
}

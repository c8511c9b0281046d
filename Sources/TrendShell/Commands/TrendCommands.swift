import TrendKit

/// The trend's commands: the trend in a line, the figures, and the chart.
enum TrendCommands {
    static let all: [CommandDeclaration] = [trend, stats, chart]

    static let trend = CommandDeclaration.command(
        "trend", group: .trend, usage: "trend [KIND]",
        summary: "Show the smoothed trend and its weekly rate, of the weight or of KIND.", example: "trend fat",
        details: Messages.trendDetails,
        answers: AnswerForms(json: ["trend [KIND]"]),
        parse: { arguments throws(ParseError) -> String? in
            let words = try arguments.words()
            guard words.count <= 1 else { throw arguments.problem(.tooManyWords(max: 1)) }
            return words.first
        },
        complete: { request in request.previousWords.isEmpty ? trendKindWords(request) : [] },
        run: { session, word in
            let kind: MeasurementKind
            switch resolveKind(word, in: session) {
            case .found(let found): kind = found
            case .refused(let sentence): return session.fail(sentence)
            }
            let stats: TrendStats
            do throws(TrendError) {
                stats = try session.trend.stats(days: 30, kind: kind, habits: [])
            } catch {
                return session.fail(Messages.trendUnavailable(error, units: session.units))
            }
            session.answer { TrendResults.trend(stats, kind: kind, units: session.units) }
            let lines =
                kind.id == .weight
                ? Messages.trendLines(stats, unit: session.unit)
                : Messages.trendLines(stats, kind: kind, unit: session.weights.unit(of: kind))
            for line in lines { session.say(line) }
            return .succeeded
        })

    /// What `stats` was asked for: a kind's word (none: the weight, or with a period every
    /// kind with data) and a number of days, or a period and how many of them.
    struct StatsRequest: Hashable, Sendable {
        var kind: String?
        var days = 30
        var period: ReportPeriod?
        var count: Int?
    }

    static let stats = CommandDeclaration.command(
        "stats", group: .trend, usage: "stats [KIND] [DAYS | week|month|year [N]]",
        summary: "Show the latest weight, the trend, its rate, the range and the goal over DAYS (default 30).",
        example: "stats 90",
        details: [
            "For each habit it also compares the trend's weekly rate on days the habit was done with days",
            "it was not (The Hacker's Diet's flag analysis). \"help trend\" gives the formulas.",
            "With \"set height\" it shows the BMI; when the latest weigh-in has a body fat, its fat and",
            "lean mass. \"stats KIND\" (\"stats fat 90\") shows a kind's latest value, trend, rates and range;",
            "the energy, the goal and the habits are the weight's alone.",
        ] + Messages.periodReportDetails,
        keywords: ReportPeriod.allCases.map(\.rawValue),
        answers: AnswerForms(
            json: ["stats [KIND] [DAYS]", "stats [KIND] week|month|year [N]"], csv: ["stats [KIND] week|month|year [N]"]
        ),
        parse: { arguments throws(ParseError) -> StatsRequest in try parseStats(arguments) },
        complete: { request in
            switch request.previousWords.count {
            case 0: trendKindWords(request) + ReportPeriod.allCases.map(\.rawValue)
            case 1 where ReportPeriod(rawValue: request.previousWords[0].lowercased()) == nil:
                ReportPeriod.allCases.map(\.rawValue)
            default: []
            }
        },
        run: { session, request in
            if let period = request.period { return reportPeriods(session, request, period: period) }
            let kind: MeasurementKind
            switch resolveKind(request.kind, in: session) {
            case .found(let found): kind = found
            case .refused(let sentence): return session.fail(sentence)
            }
            let stats: TrendStats
            do throws(TrendError) {
                stats = try session.trend.stats(days: request.days, kind: kind, habits: session.habitLog.habits)
            } catch {
                return session.fail(Messages.trendUnavailable(error, units: session.units))
            }
            session.answer { TrendResults.stats(stats, kind: kind, units: session.units) }
            let lines =
                kind.id == .weight
                ? Messages.statsLines(stats, unit: session.unit)
                : Messages.statsLines(stats, kind: kind, unit: session.weights.unit(of: kind))
            for line in lines { session.say(line) }
            return .succeeded
        })

    /// `stats [KIND] [DAYS]` or `stats [KIND] week|month|year [N]`.
    static func parseStats(_ arguments: Arguments) throws(ParseError) -> StatsRequest {
        var words = try arguments.words()[...]
        var request = StatsRequest()
        let isPeriod = { (word: String) in ReportPeriod(rawValue: word.lowercased()) != nil }
        if let first = words.first, !first.allSatisfy({ $0.isASCII && $0.isNumber }), !isPeriod(first) {
            request.kind = first
            words = words.dropFirst()
        }
        if let word = words.first, let period = ReportPeriod(rawValue: word.lowercased()) {
            words = words.dropFirst()
            request.period = period
            guard words.count <= 1 else {
                throw arguments.problem(.tooManyWords(max: request.kind == nil ? 2 : 3))
            }
            if let count = words.first {
                let number = try Arguments.count(count, for: arguments)
                guard number <= ReportPeriod.maximumCount else {
                    throw arguments.problem(.notAPeriodCount(count, maximum: ReportPeriod.maximumCount))
                }
                request.count = number
            }
            return request
        }
        guard words.count <= 1 else { throw arguments.problem(.tooManyWords(max: request.kind == nil ? 1 : 2)) }
        if let days = words.first { request.days = try Arguments.count(days, for: arguments) }
        return request
    }

    /// `stats [KIND] week|month|year [N]`: one block for KIND, or one for each kind with data.
    @MainActor
    static func reportPeriods(_ session: Session, _ request: StatsRequest, period: ReportPeriod) -> Session.Outcome {
        let kinds: [MeasurementKind]
        if let word = request.kind {
            switch resolveKind(word, in: session) {
            case .found(let found): kinds = [found]
            case .refused(let sentence): return session.fail(sentence)
            }
        } else {
            kinds = session.weights.kinds.all.filter(\.hasTrend)
        }
        let count = request.count ?? period.defaultCount
        var reports: [PeriodReport] = []
        for kind in kinds {
            do throws(TrendError) {
                let report = try session.trend.periods(period, count: count, kind: kind)
                if report.hasData || request.kind != nil { reports.append(report) }
            } catch {
                return session.fail(Messages.trendUnavailable(error, units: session.units))
            }
        }
        session.answer { PeriodResults.reports(reports, period: period, count: count, units: session.units) }
        let lines = Messages.periodReportLines(reports, period: period, count: count, units: session.units)
        for line in lines { session.say(line) }
        return .succeeded
    }

    /// The kind a word after `trend`, `stats` or `chart` names, or why it names none they read.
    /// Not a `Result`: its metadata, made at run time from its name, would cost each of these
    /// commands a search of the binary's protocol conformances for `Error`.
    enum KindChoice {
        case found(MeasurementKind)
        case refused(sentence: String)
    }

    /// The kind a word names (none: the weight), when it has a trend.
    @MainActor
    static func resolveKind(_ word: String?, in session: Session) -> KindChoice {
        guard let word else { return .found(.weight) }
        guard let kind = session.weights.kinds.kind(named: word) else {
            return .refused(sentence: Messages.notATrendKind(word, kinds: session.weights.kinds.all))
        }
        guard kind.hasTrend else { return .refused(sentence: Messages.kindWithoutTrend(kind)) }
        return .found(kind)
    }

    /// The kinds' words Tab offers after `trend`, `stats` and `chart`.
    static func trendKindWords(_ request: CompletionRequest) -> [String] { request.sources.kindWords() }

    /// What `chart` was asked for.
    struct ChartRequest: Hashable, Sendable {
        var kind: String?
        var days = 90
        var width: Int?
        var svgPath: String?
    }

    static let chart = CommandDeclaration.command(
        "chart", group: .trend, usage: "chart [KIND] [DAYS] [--width N] [--svg FILE]",
        summary: "Draw the weights (or KIND's values) and the trend over DAYS (default 90).",
        example: "chart 30 --width 72",
        details: [
            "Each day's weight is a mark joined to the trend line: above it a float, below it a sinker;",
            "a weight that reads the same as its trend is on the line, and neither.",
            "The width is --width, else COLUMNS, else the terminal's width, else 80; a chart is never",
            "narrower than \(TextChart.minimumWidth) columns, title and legend included (a narrower terminal wraps it).",
            "--svg FILE writes the chart as an SVG file instead, for a browser. \"set chart-style\" picks",
            "ASCII or Unicode. \"chart fat 90\" draws a kind's values and trend the same way, without a goal.",
        ],
        parse: { arguments throws(ParseError) in try parseChart(arguments) },
        complete: { request in
            (request.previousWords.isEmpty ? trendKindWords(request) : [])
                + ["--width", "--svg"].filter { !request.previousWords.contains($0) }
        },
        run: { session, request in drawChart(session, request) })

    static func parseChart(_ arguments: Arguments) throws(ParseError) -> ChartRequest {
        var request = ChartRequest()
        var sawDays = false
        var words = try arguments.words()[...]
        while let word = words.popFirst() {
            let (option, attached) = splitOption(word)
            switch option {
            case "--width":
                guard let value = attached ?? words.popFirst() else {
                    throw arguments.problem(.optionNeedsValue("--width"))
                }
                guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let width = Int(value),
                    (TextChart.minimumWidth...1000).contains(width)
                else {
                    throw arguments.problem(.notAWidth(value, minimum: TextChart.minimumWidth, maximum: 1000))
                }
                request.width = width
            case "--svg":
                guard let value = attached ?? words.popFirst(), !value.isEmpty else {
                    throw arguments.problem(.optionNeedsValue("--svg"))
                }
                request.svgPath = value
            default:
                guard !word.hasPrefix("-") || word == "-" else { throw arguments.problem(.unknownOption(word)) }
                if !sawDays, request.kind == nil, !word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                    request.kind = word
                    continue
                }
                guard !sawDays else { throw arguments.problem(.tooManyWords(max: 1)) }
                request.days = try Arguments.count(word, for: arguments)
                sawDays = true
            }
        }
        return request
    }

    /// `--width=72` as `("--width", "72")`; any other word as itself.
    private static func splitOption(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    @MainActor
    static func drawChart(_ session: Session, _ request: ChartRequest) -> Session.Outcome {
        let kind: MeasurementKind
        switch resolveKind(request.kind, in: session) {
        case .found(let found): kind = found
        case .refused(let sentence): return session.fail(sentence)
        }
        let window: TrendWindow
        do throws(TrendError) {
            window = try session.trend.window(days: request.days, kind: kind)
        } catch {
            return session.fail(Messages.trendUnavailable(error, units: session.units))
        }
        // The goal is the weight's alone.
        let data = ChartData(
            window: window, kind: kind, unit: session.weights.unit(of: kind),
            goal: kind.id == .weight ? session.settings.goalKilograms : nil)
        guard window.days.count >= ChartData.daysNeeded else {
            if let path = request.svgPath {
                return session.fail(Messages.chartNotWrittenTooFew(path, have: window.days.count, days: request.days))
            }
            return session.say(Messages.tooFewToChart(have: window.days.count, days: request.days, kind: kind))
        }
        if let path = request.svgPath {
            return writeSVG(session, data: data, kind: kind, to: path, days: request.days)
        }
        let unicode = session.drawsUnicode
        // One rule for narrow terminals: the plot, its title and its legend are all laid out
        // at the chart's least width, rather than a title broken one word to a line.
        let width = max(request.width ?? session.terminalWidth(), TextChart.minimumWidth)
        // The title and the legend are sentences: broken at spaces so that no line of the
        // chart's output is wider than the chart.
        for line in Options.wrap(Messages.chartTitle(data), width: width) { session.say(line) }
        for line in TextChart(data: data, width: width, unicode: unicode).lines() { session.say(line) }
        for line in Messages.chartLegend(data, unicode: unicode, width: width) { session.say(line) }
        return .succeeded
    }

    @MainActor
    static func writeSVG(
        _ session: Session, data: ChartData, kind: MeasurementKind = .weight, to path: String, days: Int
    ) -> Session.Outcome {
        var notes: [Int: [String]] = [:]
        let now = session.weights.latestPermittedEntryDate
        do throws(TrendError) {
            // The notes of the entries the chart counts: one that breaks a rule is left out.
            for entry in try session.weights.entries(fromDay: data.firstDay, throughDay: data.lastDay)
            where !entry.note.isEmpty && entry.brokenRule(asOf: now) == nil
                && (kind.id == .weight || entry.measurements[kind.id] != nil)
            {
                notes[LocalCalendar.dayNumber(of: entry.date), default: []].append(entry.note)
            }
        } catch {
            return session.fail(Messages.trendUnavailable(error, units: session.units))
        }
        let svg = SVGChart(
            data: data, notes: notes, title: Messages.chartTitle(data), legend: Messages.svgLegend(data)
        ).document()
        do throws(NamedFileError) {
            try NamedFile.write(Array(svg.utf8), to: path, rules: session.namedFiles)
        } catch {
            return session.fail(Messages.chartNotWritten(error))
        }
        return session.say(Messages.chartWritten(path, days: days))
    }
}

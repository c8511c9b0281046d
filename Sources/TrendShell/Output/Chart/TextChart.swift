/// The chart as lines of text: each day's weight as a mark joined to the trend line by a
/// stem (The Hacker's Diet's floats, above the trend, and sinkers, below it), the trend
/// line, the goal line, weights up the left and dates along the bottom. Plain ASCII, or
/// box-drawing characters; readable without colour, which only marks floats and sinkers.
public struct TextChart {
    /// A piece of a line, with the role it is painted in on a colour terminal.
    public struct Run: Equatable, Sendable {
        public var text: String
        public var role: TerminalStyle.Role?
    }

    public typealias Line = [Run]

    /// The characters a chart is drawn with.
    public struct Glyphs: Sendable {
        var weight: Character
        var trend: Character
        var stem: Character
        var goal: Character
        var axis: Character
        var labelledAxis: Character
        var corner: Character
        var baseline: Character
        var tick: Character

        public static let ascii = Glyphs(
            weight: "o", trend: "-", stem: "|", goal: "=", axis: "|", labelledAxis: "+", corner: "+", baseline: "-",
            tick: "+")
        public static let unicode = Glyphs(
            weight: "●", trend: "─", stem: "│", goal: "┄", axis: "│", labelledAxis: "┤", corner: "└", baseline: "─",
            tick: "┬")
    }

    /// Rows in the plot.
    public static let rows = 16
    /// The narrowest chart drawn.
    public static let minimumWidth = 24

    let data: ChartData
    let width: Int
    let glyphs: Glyphs

    public init(data: ChartData, width: Int, unicode: Bool) {
        self.data = data
        self.width = max(width, Self.minimumWidth)
        glyphs = unicode ? .unicode : .ascii
    }

    /// What a cell holds; later kinds are drawn over earlier ones.
    fileprivate enum Cell: Int, Comparable {
        case empty, goal, stem, trend, level, float, sinker
        static func < (lhs: Cell, rhs: Cell) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One column of the plot: the days it covers, and the weight and trend drawn there.
    struct Column: Equatable {
        var weight: Double?
        var trend: Double?
    }

    /// The plot, axes and date labels; the caller adds the title and the legend.
    public func lines() -> [Line] {
        guard let range = data.dataRange else { return [] }
        var span = range
        if data.showsGoal, let goal = data.goal { span = min(span.lowerBound, goal)...max(span.upperBound, goal) }
        let scale = ChartScale(range: span, rows: Self.rows)
        let labelWidth = (0..<Self.rows).map { scale.label(ofRow: $0).count }.max() ?? 4
        let plotWidth = width - labelWidth - 2
        let layout = ColumnLayout(firstDay: data.firstDay, dayCount: data.dayCount, plotWidth: plotWidth)
        let columns = layout.columns(for: data)

        var grid = [[Cell]](repeating: [Cell](repeating: .empty, count: layout.usedWidth), count: Self.rows)
        func place(_ cell: Cell, row: Int, column: Int) {
            if grid[row][column] < cell { grid[row][column] = cell }
        }
        if data.showsGoal, let goal = data.goal {
            let row = scale.row(of: goal)
            for column in 0..<layout.usedWidth { place(.goal, row: row, column: column) }
        }
        for (index, column) in columns.enumerated() {
            guard let trend = column.trend else { continue }
            let trendRow = scale.row(of: trend)
            place(.trend, row: trendRow, column: index)
            guard let weight = column.weight else { continue }
            let weightRow = scale.row(of: weight)
            if weightRow != trendRow {
                for row in (min(weightRow, trendRow) + 1)..<max(weightRow, trendRow) {
                    place(.stem, row: row, column: index)
                }
            }
            place(ChartData.side(weight: weight, trend: trend).cell, row: weightRow, column: index)
        }

        var lines: [Line] = []
        for row in (0..<Self.rows).reversed() {
            let labelled = scale.isLabelled(row)
            let label = labelled ? scale.label(ofRow: row) : ""
            var line: Line = [
                Run(text: String(repeating: " ", count: labelWidth - label.count) + label + " ", role: nil),
                Run(text: String(labelled ? glyphs.labelledAxis : glyphs.axis), role: nil),
            ]
            line += runs(grid[row])
            lines.append(trimmed(line))
        }
        lines.append(axisLine(labelWidth: labelWidth, layout: layout))
        lines.append([Run(text: dateLabels(labelWidth: labelWidth, layout: layout), role: nil)])
        return lines
    }

    /// Cells as runs of one role each.
    private func runs(_ cells: [Cell]) -> Line {
        var line: Line = []
        for cell in cells {
            let (character, role): (Character, TerminalStyle.Role?) =
                switch cell {
                case .empty: (" ", nil)
                case .goal: (glyphs.goal, .goalLine)
                case .stem: (glyphs.stem, .dim)
                case .trend: (glyphs.trend, .trendLine)
                case .level: (glyphs.weight, nil)
                case .float: (glyphs.weight, .float)
                case .sinker: (glyphs.weight, .sinker)
                }
            if let last = line.last, last.role == role {
                line[line.count - 1].text.append(character)
            } else {
                line.append(Run(text: String(character), role: role))
            }
        }
        return line
    }

    /// Drops trailing spaces, so no line ends in blanks.
    private func trimmed(_ line: Line) -> Line {
        var line = line
        while let last = line.last, last.role == nil {
            let text = String(last.text.reversed().drop { $0 == " " }.reversed())
            if text.isEmpty {
                line.removeLast()
            } else {
                line[line.count - 1].text = text
                break
            }
        }
        return line
    }

    private func axisLine(labelWidth: Int, layout: ColumnLayout) -> Line {
        var text = String(repeating: " ", count: labelWidth + 1) + String(glyphs.corner)
        let ticks = Set(layout.labelColumns().map(\.column))
        for column in 0..<layout.usedWidth { text.append(ticks.contains(column) ? glyphs.tick : glyphs.baseline) }
        return [Run(text: text, role: nil)]
    }

    /// Dates under their ticks, each starting at its tick; one that would run past the right
    /// edge or into the previous label is left out.
    private func dateLabels(labelWidth: Int, layout: ColumnLayout) -> String {
        var text = ""
        let origin = labelWidth + 2
        for (column, day) in layout.labelColumns() {
            let label = ChartDates.label(day: day, dayCount: data.dayCount)
            let start = origin + column
            guard start >= text.count + (text.isEmpty ? 0 : 1), start + label.count <= width else { continue }
            text += String(repeating: " ", count: start - text.count) + label
        }
        return text
    }
}

/// How days map onto the plot's columns: the run of days is spread over the whole width,
/// each day in the middle of its share of the columns; when there are more days than
/// columns, a column covers one or more days.
struct ColumnLayout {
    let firstDay: Int
    let dayCount: Int
    let usedWidth: Int

    init(firstDay: Int, dayCount: Int, plotWidth: Int) {
        self.firstDay = firstDay
        self.dayCount = max(dayCount, 1)
        usedWidth = max(plotWidth, 1)
    }

    /// The column a day is drawn in (outside the plot for days outside the run).
    func column(of day: Int) -> Int {
        let scaled = (day - firstDay) * 2 * usedWidth + usedWidth
        let span = 2 * dayCount
        return scaled >= 0 ? scaled / span : -((-scaled + span - 1) / span)
    }

    /// Each column's weight (the mean of its days' entries) and trend (at its last weigh-in);
    /// the trend line is joined across columns without weigh-ins, from the weigh-in before the
    /// run when there is one, and not drawn past the last weigh-in.
    func columns(for data: ChartData) -> [TextChart.Column] {
        var sums = [(weight: Double, entries: Int, trend: Double?)](repeating: (0, 0, nil), count: usedWidth)
        for day in data.days {
            let column = column(of: day.day)
            guard column >= 0 && column < usedWidth else { continue }
            sums[column].weight += day.weight * Double(day.entries)
            sums[column].entries += day.entries
            sums[column].trend = day.trend
        }
        var known: [(column: Int, trend: Double)] = []
        if let before = data.before { known.append((column(of: before.day), before.trend)) }
        for (index, sum) in sums.enumerated() { if let trend = sum.trend { known.append((index, trend)) } }
        var result = sums.map {
            TextChart.Column(weight: $0.entries > 0 ? $0.weight / Double($0.entries) : nil, trend: $0.trend)
        }
        for (left, right) in zip(known, known.dropFirst()) where right.column - left.column > 1 {
            for column in max(left.column + 1, 0)..<right.column where column < usedWidth {
                let fraction = Double(column - left.column) / Double(right.column - left.column)
                result[column].trend = left.trend + (right.trend - left.trend) * fraction
            }
        }
        return result
    }

    /// The columns that carry a date label, and their days.
    func labelColumns() -> [(column: Int, day: Int)] {
        let unitsPerDay = Double(usedWidth) / Double(dayCount)
        let interval = ChartDates.interval(unitsPerDay: unitsPerDay, spacing: dayCount > 366 ? 9 : 7)
        return stride(from: 0, to: dayCount, by: interval).map { (column(of: firstDay + $0), firstDay + $0) }
    }
}

extension ChartData.Side {
    /// The cell a weight on this side of the trend is drawn as.
    fileprivate var cell: TextChart.Cell {
        switch self {
        case .above: .float
        case .below: .sinker
        case .on: .level
        }
    }
}

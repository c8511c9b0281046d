import TrendKit

/// The chart as a standalone SVG document: the same scales, marks and legend as the text
/// chart, drawn at full resolution, with each day's entries and notes in its tooltip.
/// Every piece of text in it is escaped for XML, control characters shown as escapes.
public struct SVGChart {
    let data: ChartData
    /// Each day's notes, by local day number.
    let notes: [Int: [String]]
    let title: String
    /// The legend's items: floats, sinkers, the trend, and the goal when it is drawn.
    let legend: [String]

    public static let width = 800
    public static let height = 440
    static let left = 64.0
    static let right = 24.0
    static let top = 48.0
    static let bottom = 84.0

    public init(data: ChartData, notes: [Int: [String]], title: String, legend: [String]) {
        self.data = data
        self.notes = notes
        self.title = title
        self.legend = legend
    }

    public func document() -> String {
        guard let range = data.dataRange else { return "" }
        var span = range
        if data.showsGoal, let goal = data.goal { span = min(span.lowerBound, goal)...max(span.upperBound, goal) }
        let scale = ChartScale(range: span, rows: TextChart.rows)
        let plotWidth = Double(Self.width) - Self.left - Self.right
        let plotHeight = Double(Self.height) - Self.top - Self.bottom
        let dayWidth = plotWidth / Double(data.dayCount)
        func x(_ day: Int) -> Double { Self.left + (Double(day - data.firstDay) + 0.5) * dayWidth }
        func y(_ value: Double) -> Double {
            let fraction = (value * 10 - Double(scale.bottom)) / Double(scale.step * (scale.rows - 1))
            return Self.top + plotHeight * (1 - fraction)
        }
        let bottomY = Self.top + plotHeight

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width)" height="\(Self.height)" \
            viewBox="0 0 \(Self.width) \(Self.height)" font-family="sans-serif" font-size="12">
            <title>\(XMLText.escaped(title))</title>
            <desc>Drawn by trendsh. Each day's \(data.kindName) (the mean of its entries) is a dot joined to the trend line: \
            red above it (a float), green below it (a sinker), black on it (neither).</desc>
            <defs><clipPath id="plot"><rect x="\(n(Self.left))" y="\(n(Self.top))" width="\(n(plotWidth))" \
            height="\(n(plotHeight))"/></clipPath></defs>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(n(Self.left))" y="28" font-size="15" font-weight="bold">\(XMLText.escaped(title))</text>

            """
        svg += "<g class=\"grid\" stroke=\"#dddddd\">\n"
        for row in 0..<scale.rows where scale.isLabelled(row) {
            let rowY = y(scale.value(ofRow: row))
            svg +=
                "<line x1=\"\(n(Self.left))\" y1=\"\(n(rowY))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(rowY))\"/>\n"
        }
        svg += "</g>\n<g class=\"y-axis\" text-anchor=\"end\" fill=\"#333333\">\n"
        for row in 0..<scale.rows where scale.isLabelled(row) {
            svg +=
                "<text x=\"\(n(Self.left - 8))\" y=\"\(n(y(scale.value(ofRow: row)) + 4))\">\(scale.label(ofRow: row))</text>\n"
        }
        svg += "<text x=\"\(n(Self.left - 8))\" y=\"\(n(Self.top - 10))\">\(data.unit.symbol)</text>\n</g>\n"
        svg += "<g class=\"x-axis\" text-anchor=\"middle\" fill=\"#333333\">\n"
        let interval = ChartDates.interval(unitsPerDay: dayWidth, spacing: 56)
        for offset in stride(from: 0, to: data.dayCount, by: interval) {
            let day = data.firstDay + offset
            svg +=
                "<line x1=\"\(n(x(day)))\" y1=\"\(n(bottomY))\" x2=\"\(n(x(day)))\" y2=\"\(n(bottomY + 5))\" stroke=\"#333333\"/>"
            svg +=
                "<text x=\"\(n(x(day)))\" y=\"\(n(bottomY + 20))\">\(ChartDates.label(day: day, dayCount: data.dayCount))</text>\n"
        }
        svg += "</g>\n"
        svg += "<g class=\"axes\" stroke=\"#333333\" fill=\"none\">\n"
        svg +=
            "<polyline points=\"\(n(Self.left)),\(n(Self.top)) \(n(Self.left)),\(n(bottomY)) \(n(Self.left + plotWidth)),\(n(bottomY))\"/>\n"
        svg += "</g>\n"
        if data.showsGoal, let goal = data.goal {
            svg +=
                "<line class=\"goal\" x1=\"\(n(Self.left))\" y1=\"\(n(y(goal)))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y(goal)))\" stroke=\"#1f77b4\" stroke-dasharray=\"6 4\"/>\n"
        }
        var trendPoints: [String] = []
        if let before = data.before { trendPoints.append("\(n(x(before.day))),\(n(y(before.trend)))") }
        for day in data.days { trendPoints.append("\(n(x(day.day))),\(n(y(day.trend)))") }
        svg +=
            "<polyline class=\"trend\" clip-path=\"url(#plot)\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" points=\"\(trendPoints.joined(separator: " "))\"/>\n"
        svg += "<g class=\"days\">\n"
        for day in data.days {
            let colour: String
            switch ChartData.side(weight: day.weight, trend: day.trend) {
            case .above: colour = "#d62728"
            case .below: colour = "#2ca02c"
            case .on: colour = "#000000"
            }
            var tip =
                "\(LocalCalendar.dayText(dayNumber: day.day)): \(DecimalText.oneDecimal(day.weight)) \(data.unit.symbol)"
            if day.entries > 1 { tip += " (mean of \(day.entries))" }
            tip += ", trend \(DecimalText.oneDecimal(day.trend)) \(data.unit.symbol)"
            for note in notes[day.day] ?? [] where !note.isEmpty { tip += "\n" + note }
            svg += "<g><title>\(XMLText.escaped(tip))</title>"
            svg +=
                "<line x1=\"\(n(x(day.day)))\" y1=\"\(n(y(day.trend)))\" x2=\"\(n(x(day.day)))\" y2=\"\(n(y(day.weight)))\" stroke=\"\(colour)\"/>"
            svg += "<circle cx=\"\(n(x(day.day)))\" cy=\"\(n(y(day.weight)))\" r=\"3\" fill=\"\(colour)\"/></g>\n"
        }
        svg += "</g>\n"
        svg += "<g class=\"legend\" font-size=\"12\">\n"
        let legendY = Double(Self.height) - 24
        var legendX = Self.left
        for (index, item) in legend.enumerated() {
            switch index {
            case 0: svg += "<circle cx=\"\(n(legendX + 4))\" cy=\"\(n(legendY - 4))\" r=\"3\" fill=\"#d62728\"/>"
            case 1: svg += "<circle cx=\"\(n(legendX + 4))\" cy=\"\(n(legendY - 4))\" r=\"3\" fill=\"#2ca02c\"/>"
            case 2:
                svg +=
                    "<line x1=\"\(n(legendX))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(legendX + 10))\" y2=\"\(n(legendY - 4))\" stroke=\"#000000\" stroke-width=\"2\"/>"
            default:
                svg +=
                    "<line x1=\"\(n(legendX))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(legendX + 10))\" y2=\"\(n(legendY - 4))\" stroke=\"#1f77b4\" stroke-dasharray=\"3 2\"/>"
            }
            svg += "<text x=\"\(n(legendX + 14))\" y=\"\(n(legendY))\">\(XMLText.escaped(item))</text>\n"
            legendX += 14 + Double(item.count) * 6.5 + 16
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// A coordinate with one decimal, the same in every locale.
    private func n(_ value: Double) -> String { DecimalText.oneDecimal(value) }
}

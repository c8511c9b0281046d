import TrendKit

/// What `trend KIND`, `stats KIND` and `chart KIND` say for a kind other than weight, and the
/// figures derived from the weight (BMI, fat and lean mass) that `stats` adds.
extension Messages {
    /// The word after `trend`, `stats` or `chart` names no kind with a trend.
    public static func notATrendKind(_ word: String, kinds: [MeasurementKind]) -> String {
        let words = kinds.filter(\.hasTrend).map(\.word).joinedWords(separator: ", ")
        return "\"\(word)\" is not a kind of measurement with a trend; use \(words)."
    }

    /// The kind was added without a trend.
    public static func kindWithoutTrend(_ kind: MeasurementKind) -> String {
        "\(capitalized(kind.name)) is kept without a trend, so trend, stats and chart do not read it; list shows its values."
    }

    /// Said instead of figures when the kind has no value the trend counts.
    static func noValues(_ kind: MeasurementKind, leftOut: Int) -> String {
        let none = "No \(kind.name) values yet. Log one with \"\(kind.word) VALUE\" in a draft, then \"save\"."
        guard leftOut > 0 else { return none }
        return "No \(kind.name) value counts toward its trend yet. " + kindLeftOut(kind, leftOut)
    }

    /// How many values of a kind the trend leaves out.
    static func kindLeftOut(_ kind: MeasurementKind, _ count: Int) -> String {
        let range =
            "\(DecimalText.decimals(kind.canonicalUnit.value(fromCanonical: kind.range.lowerBound), kind.decimals))-"
            + "\(DecimalText.decimals(kind.canonicalUnit.value(fromCanonical: kind.range.upperBound), kind.decimals)) \(kind.canonicalUnit.symbol)"
        return count == 1
            ? "1 \(kind.name) value outside \(range) or dated after today is left out."
            : "\(count) \(kind.name) values outside \(range) or dated after today are left out."
    }

    /// What `trend KIND` prints.
    public static func trendLines(_ stats: TrendStats, kind: MeasurementKind, unit: MeasureUnit) -> [String] {
        guard let latestDay = stats.latestDay else { return [noValues(kind, leftOut: stats.leftOut)] }
        let rate = figure(stats.weeklyRate) { Renderer.weeklyRate($0, of: kind, in: unit) }
        let line =
            "\(capitalized(kind.name)) trend \(Renderer.value(latestDay.trendKilograms, of: kind, in: unit)) on \(LocalCalendar.dayText(dayNumber: latestDay.day)); weekly rate \(rate). \"help trend\" explains."
        return [line] + (stats.leftOut > 0 ? [kindLeftOut(kind, stats.leftOut)] : [])
    }

    /// What `stats KIND` prints: the weight's figures less the energy and the goal.
    public static func statsLines(_ stats: TrendStats, kind: MeasurementKind, unit: MeasureUnit) -> [String] {
        guard let latestDay = stats.latestDay, let latest = stats.latestEntry else {
            return [noValues(kind, leftOut: stats.leftOut)]
        }
        let value = { (canonical: Double) in Renderer.value(canonical, of: kind, in: unit) }
        var rows: [[String]] = [
            [
                "latest", "\(latest.value(of: kind.id).map(value) ?? "--") on \(LocalCalendar.minuteText(latest.date))",
            ],
            ["trend", "\(value(latestDay.trendKilograms)) on \(LocalCalendar.dayText(dayNumber: latestDay.day))"],
            ["7-day change", figure(stats.weekChange) { Renderer.change($0, of: kind, in: unit) }],
            [
                "weekly rate",
                figure(stats.weeklyRate) { "\(Renderer.weeklyRate($0, of: kind, in: unit)) (14-day fit)" },
            ],
            ["28-day rate", figure(stats.monthlyRate) { Renderer.weeklyRate($0, of: kind, in: unit) }],
        ]
        rows += periodRows(stats, after: rows, counted: ("value", "values"), shown: value)
        var lines = [capitalized(kind.name) + ":"] + TextColumns.lines(rows, alignments: [.left, .left])
        if stats.leftOut > 0 { lines.append(kindLeftOut(kind, stats.leftOut)) }
        return lines
    }

    /// The rows `stats` adds for the weight: the BMI with a height set, and the fat and lean
    /// mass of the latest weigh-in when it has a body fat. All computed, none stored.
    static func derivedRows(_ stats: TrendStats, unit: WeightUnit) -> [[String]] {
        var rows: [[String]] = []
        if let bmi = stats.bodyMassIndex, let height = stats.heightCentimetres {
            let trend = stats.trendBodyMassIndex.map { ", \(DecimalText.oneDecimal($0)) at the trend" } ?? ""
            rows.append([
                "BMI",
                "\(DecimalText.oneDecimal(bmi)) at the latest weight\(trend) (height \(Renderer.height(height)))",
            ])
        }
        if let composition = stats.latestComposition, let fat = stats.latestFatPercent {
            let fatText = Renderer.value(fat, of: .bodyFat, in: .percent)
            rows.append([
                "fat mass", "\(Renderer.weight(composition.fat, in: unit)) (body fat \(fatText) of the latest weight)",
            ])
            rows.append(["lean mass", Renderer.weight(composition.lean, in: unit)])
        }
        return rows
    }

    /// `Body fat` from `body fat`.
    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}

extension Renderer {
    /// `21.5 %`: a value of `kind` in `unit`, with the kind's decimals.
    public static func value(_ canonical: Double, of kind: MeasurementKind, in unit: MeasureUnit) -> String {
        "\(DecimalText.decimals(unit.value(fromCanonical: canonical), kind.decimals)) \(unit.symbol)"
    }

    /// `+0.4 %`, `-1.2 cm`: a change of `kind`, with its sign.
    public static func change(_ canonical: Double, of kind: MeasurementKind, in unit: MeasureUnit) -> String {
        signed(DecimalText.decimals(unit.value(fromCanonical: canonical), kind.decimals)) + " \(unit.symbol)"
    }

    /// `-0.21 % a week`: a rate of `kind`, to one decimal more than its values.
    public static func weeklyRate(_ canonical: Double, of kind: MeasurementKind, in unit: MeasureUnit) -> String {
        signed(DecimalText.decimals(unit.value(fromCanonical: canonical), kind.decimals + 1)) + " \(unit.symbol) a week"
    }

    /// `178.0 cm`: a height.
    public static func height(_ centimetres: Double) -> String { "\(DecimalText.oneDecimal(centimetres)) cm" }

    /// A number with a `+` before it unless it is negative or zero.
    private static func signed(_ text: String) -> String {
        text.hasPrefix("-") || text.allSatisfy({ $0 == "0" || $0 == "." }) ? text : "+" + text
    }
}

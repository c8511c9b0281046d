/// The settings a session uses: the person's own (`SettingKey.isPerPerson`) with this
/// machine's (`chart-style`), as the local copy (`SettingsCopy`) holds them for that person.
public struct Settings: Sendable, Equatable {
    /// The unit weights are typed and shown in.
    public var unit: WeightUnit = .kilograms
    /// The goal weight, in kilograms; nil when there is none.
    public var goalKilograms: Double?
    /// How charts are drawn.
    public var chartStyle: ChartStyle = .auto
    /// The person's height, in centimetres, for the BMI in `stats`; nil when not set.
    public var heightCentimetres: Double?
    /// The unit each kind other than weight is typed and shown in, where one was set
    /// (`unit waist in`); a kind not here is in its default unit.
    public var kindUnits: [KindID: MeasureUnit] = [:]

    public init(unit: WeightUnit = .kilograms, goalKilograms: Double? = nil, chartStyle: ChartStyle = .auto) {
        self.unit = unit
        self.goalKilograms = goalKilograms
        self.chartStyle = chartStyle
    }
}

extension Settings {
    /// The unit `kind` is typed and shown in: the weight's setting, the kind's own when one
    /// was set and the kind still offers it, else its default.
    public func unit(of kind: MeasurementKind) -> MeasureUnit {
        if kind.id == .weight { return unit.measureUnit }
        guard let chosen = kindUnits[kind.id], kind.units.contains(chosen) else { return kind.defaultUnit }
        return chosen
    }
}

/// How a chart is drawn: Unicode only on a UTF-8 terminal (`auto`), or forced.
public enum ChartStyle: String, Sendable, CaseIterable, Equatable {
    case auto
    case unicode
    case ascii
}

/// One setting: its key, the values it takes, and how it reads and writes them. The one table
/// (`SettingKey.all`) feeds `set`, its completion, `help set`, `settings` and the file.
public struct SettingKey: Sendable {
    public let name: String
    /// The values it takes, for usage and help: `kg|lb`.
    public let values: String
    /// What it is for, in a few words.
    public let summary: String
    /// Words Tab offers for its value.
    public let completions: [String]
    /// The value as `settings` shows it and the file keeps it.
    public let read: @Sendable (Settings) -> String?
    /// Changes the value from typed text; throws when the text is not a value it takes.
    public let write: @Sendable (inout Settings, String) throws(TrendError) -> Void
    /// Copies this key's value from the first settings into the second: a change merged into
    /// what is on disk now carries its one key and nothing else.
    public let carry: @Sendable (Settings, inout Settings) -> Void
    /// The kind whose unit this key keeps, for a kind's unit key (`waist-unit`).
    public let kind: KindID?
    /// True for a person's own setting, kept in the store for each person (and in the local
    /// copy, each person's apart); false for a setting of this machine alone (`chart-style`),
    /// kept in the local copy only.
    public let isPerPerson: Bool

    init(
        name: String, values: String, summary: String, completions: [String],
        read: @escaping @Sendable (Settings) -> String?,
        write: @escaping @Sendable (inout Settings, String) throws(TrendError) -> Void,
        carry: @escaping @Sendable (Settings, inout Settings) -> Void, kind: KindID? = nil, isPerPerson: Bool = true
    ) {
        self.name = name
        self.values = values
        self.summary = summary
        self.completions = completions
        self.read = read
        self.write = write
        self.carry = carry
        self.kind = kind
        self.isPerPerson = isPerPerson
    }

    public static let unit = SettingKey(
        name: "unit", values: "kg|lb|st", summary: "the unit weights are typed and shown in (st: 12 st 4.0 lb)",
        completions: WeightUnit.allCases.map(\.rawValue), read: { $0.unit.rawValue },
        write: { settings, text throws(TrendError) in
            let word = text.trimmingWhitespace()
            guard let unit = WeightUnit(symbol: word) ?? WeightUnit(rawValue: word.lowercased()) else {
                throw .settings(.invalidValue(key: "unit", value: text))
            }
            settings.unit = unit
        }, carry: { $1.unit = $0.unit })

    public static let goal = SettingKey(
        name: "goal", values: "WEIGHT|off", summary: "the goal weight, in the unit or with kg or lb after it",
        completions: ["off"], read: { $0.goalKilograms.map { "\($0) kg" } },
        write: { settings, text throws(TrendError) in
            let trimmed = text.trimmingWhitespace()
            if trimmed.lowercased() == "off" {
                settings.goalKilograms = nil
                return
            }
            do throws(WeightValidationError) {
                settings.goalKilograms = try settings.unit.kilograms(from: trimmed)
            } catch {
                throw .settings(.invalidGoal(error))
            }
        }, carry: { $1.goalKilograms = $0.goalKilograms })

    public static let chartStyle = SettingKey(
        name: "chart-style", values: "auto|unicode|ascii",
        summary: "how charts are drawn: Unicode on a UTF-8 terminal (auto), or always one way",
        completions: ChartStyle.allCases.map(\.rawValue), read: { $0.chartStyle.rawValue },
        write: { settings, text throws(TrendError) in
            guard let style = ChartStyle(rawValue: text.trimmingWhitespace().lowercased()) else {
                throw .settings(.invalidValue(key: "chart-style", value: text))
            }
            settings.chartStyle = style
        }, carry: { $1.chartStyle = $0.chartStyle }, isPerPerson: false)

    public static let height = SettingKey(
        name: "height", values: "HEIGHT|off",
        summary: "your height for the BMI in stats, in cm or with cm or in after it",
        completions: ["off"], read: { $0.heightCentimetres.map { "\(DecimalText.shortest($0)) cm" } },
        write: { settings, text throws(TrendError) in
            let trimmed = text.trimmingWhitespace()
            if trimmed.lowercased() == "off" {
                settings.heightCentimetres = nil
                return
            }
            do throws(MeasurementError) {
                settings.heightCentimetres = try BodyComposition.height.canonical(
                    fromTyped: trimmed, unit: .centimetres)
            } catch {
                throw .settings(.invalidValue(key: "height", value: text))
            }
        }, carry: { $1.heightCentimetres = $0.heightCentimetres })

    /// The unit of a kind other than weight that has more than one (`waist-unit`): typed
    /// `unit waist in` or `set waist-unit in`.
    public static func unit(of kind: MeasurementKind) -> SettingKey {
        let name = "\(kind.word)-unit"
        return SettingKey(
            name: name, values: kind.units.map(\.symbol).joined(separator: "|"),
            summary: "the unit \(kind.name) is typed and shown in", completions: kind.units.map(\.symbol),
            read: { $0.kindUnits[kind.id]?.symbol },
            write: { settings, text throws(TrendError) in
                guard let unit = MeasureUnit.named(text.trimmingWhitespace()), kind.units.contains(unit) else {
                    throw .settings(.invalidValue(key: name, value: text))
                }
                settings.kindUnits[kind.id] = unit
            }, carry: { $1.kindUnits[kind.id] = $0.kindUnits[kind.id] }, kind: kind.id)
    }

    /// The kinds whose unit is a setting: every built-in kind but weight (whose unit is
    /// `unit`) that offers more than one unit, read from the declarations.
    public static let kindUnits: [SettingKey] = MeasurementKind.builtIn.filter {
        $0.id != .weight && $0.units.count > 1
    }
    .map(unit(of:))

    public static let all: [SettingKey] = [.unit, .goal, .chartStyle, .height] + kindUnits

    /// The keys each person has their own of, kept in the store: read from the declarations.
    public static let perPerson: [SettingKey] = all.filter(\.isPerPerson)

    /// The keys of this machine alone, kept in the local copy only.
    public static let local: [SettingKey] = all.filter { !$0.isPerPerson }

    /// The key that keeps `kind`'s unit: `unit` for the weight; nil for a kind with one unit.
    public static func unitKey(of kind: MeasurementKind) -> SettingKey? {
        kind.id == .weight ? .unit : kindUnits.first { $0.kind == kind.id }
    }

    public static func named(_ name: String) -> SettingKey? {
        all.first { $0.name == name.lowercased() }
    }
}

extension SettingKey {
    /// The value as the file and the store keep it, `off` for a goal or height not set: what a
    /// person's row in the store holds. Nil for a kind's unit that was never set.
    func kept(_ settings: Settings) -> String? {
        read(settings) ?? (kind == nil ? "off" : nil)
    }

    /// Sets the value from the text the file or the store keeps: a goal there is in
    /// kilograms, whatever the unit.
    func restore(_ text: String, into settings: inout Settings) throws(TrendError) {
        if name == SettingKey.goal.name, text.trimmingWhitespace().lowercased() != "off" {
            do throws(WeightValidationError) {
                settings.goalKilograms = try WeightUnit.kilograms.kilograms(from: text.trimmingWhitespace())
            } catch {
                throw .settings(.invalidGoal(error))
            }
        } else {
            try write(&settings, text)
        }
    }
}

import TrendKit

extension Messages {
    /// What `settings` prints: one line per key; the height, and each kind's unit
    /// (`waist-unit: in`), only once it is set.
    public static func settingsLines(_ settings: Settings) -> [String] {
        SettingKey.all.compactMap { key in
            (key.name == SettingKey.height.name && settings.heightCentimetres == nil)
                || (key.kind != nil && key.read(settings) == nil)
                ? nil : "\(key.name): \(display(key, settings))"
        }
    }

    /// One setting's value as a person reads it.
    static func display(_ key: SettingKey, _ settings: Settings) -> String {
        switch key.name {
        case SettingKey.goal.name:
            return settings.goalKilograms.map { Renderer.weight($0, in: settings.unit) } ?? "off"
        case SettingKey.height.name:
            return settings.heightCentimetres.map { Renderer.height($0) } ?? "off"
        default: return key.read(settings) ?? "off"
        }
    }

    public static func goalLine(_ kilograms: Double?, unit: WeightUnit) -> String {
        "goal: \(kilograms.map { Renderer.weight($0, in: unit) } ?? "off")"
    }

    public static func settingChanged(_ key: SettingKey, settings: Settings) -> String {
        switch key.name {
        case SettingKey.unit.name:
            return "unit: \(settings.unit.symbol). Weights are now typed and shown in \(unitName(settings.unit))."
        case SettingKey.goal.name:
            return settings.goalKilograms.map { "goal: \(Renderer.weight($0, in: settings.unit))." } ?? "goal: off."
        case _ where key.kind != nil:
            guard let id = key.kind, let kind = MeasurementKind.builtIn.first(where: { $0.id == id }) else {
                return "\(key.name): \(display(key, settings))."
            }
            let unit = settings.unit(of: kind)
            return "\(key.name): \(unit.symbol). \(capitalized(kind.name)) is now typed and shown in \(unitName(unit))."
        default:
            return "\(key.name): \(display(key, settings))."
        }
    }

    static func unitName(_ unit: WeightUnit) -> String { unitName(unit.measureUnit) }

    /// A unit in words: `kilograms`, `stone and pounds`, `inches`.
    static func unitName(_ unit: MeasureUnit) -> String {
        switch unit {
        case .kilograms: return "kilograms"
        case .pounds: return "pounds"
        case .stones: return "stone and pounds"
        case .centimetres: return "centimetres"
        case .inches: return "inches"
        case .millimetres: return "millimetres"
        case .grams: return "grams"
        case .percent: return "percent"
        default: return unit.symbol
        }
    }

    /// What `unit KIND` prints: `waist-unit: in`; the weight's is `unit: kg`.
    public static func kindUnitLine(_ kind: MeasurementKind, unit: MeasureUnit) -> String {
        kind.id == .weight ? "unit: \(unit.symbol)" : "\(kind.word)-unit: \(unit.symbol)"
    }

    /// `unit fat in`: a kind with one unit, or one a person added (shown in the unit it was
    /// added with), has no unit to choose.
    public static func kindHasOneUnit(_ kind: MeasurementKind) -> String {
        guard kind.isBuiltIn else {
            return
                "\(capitalized(kind.name)) is shown in \(kind.defaultUnit.symbol), the unit it was added with, so there is no unit to set for it."
        }
        return "\(capitalized(kind.name)) has one unit, \(kind.defaultUnit.symbol), so there is no unit to set for it."
    }

    /// `unit WORD` where WORD is neither a unit nor a kind.
    public static func notAUnitOrKind(_ word: String) -> String {
        "\"\(word)\" is neither a weight unit (kg, lb or st) nor a kind of measurement. Type \"help unit\"."
    }

    /// Said before the next command when another session changed a kind's unit (`unit waist
    /// in`); an open draft's value of the kind keeps the unit it was typed in.
    public static func kindUnitChangedElsewhere(_ kind: MeasurementKind, unit: MeasureUnit, draftValue: String?)
        -> String
    {
        let draft = draftValue.map { " The draft's \(kind.word) stays \($0)." } ?? ""
        return
            "The unit of \(kind.name) was changed elsewhere to \(unit.symbol): it is now typed and shown in \(unitName(unit)).\(draft)"
    }

    /// Said before the next command when another session (or a person with an editor)
    /// changed the unit; an open draft's typed value keeps the unit it was typed in.
    public static func unitChangedElsewhere(_ unit: WeightUnit, draftValue: String?) -> String {
        let draft = draftValue.map { " The draft's value stays \($0)." } ?? ""
        return
            "The unit was changed elsewhere to \(unit.symbol): weights are now typed and shown in \(unitName(unit)).\(draft)"
    }

    /// The settings file could not be read: named by `settings`, `unit`, `goal` and `status`.
    /// Nil when it was read.
    @MainActor
    public static func settingsUnreadable(_ feature: SettingsFeature) -> String? {
        guard case .settings(let error) = feature.retainedError, case .unreadable(let path, let detail) = error else {
            return nil
        }
        guard feature.source == .lastRead else { return reason(error) }
        return
            "The settings in \(path) could not be read (\(describe(detail))); the settings read from it before are still in use."
    }

    /// What was wrong with a settings file, in a few words.
    static func describe(_ detail: SettingsProblem) -> String {
        switch detail {
        case .system(let problem): return describe(problem)
        case .unexpectedLine(let line): return "unexpected line \"\(line)\""
        }
    }
}

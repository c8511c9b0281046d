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

/// Each person's settings and the store: a change the store could not take now, and what
/// happened when the next write reached it.
extension Messages {
    /// A setting as a sentence names it: `the goal`, `the unit of waist`.
    static func settingName(_ key: String) -> String {
        guard let setting = SettingKey.named(key) else { return key }
        if let id = setting.kind, let kind = MeasurementKind.builtIn.first(where: { $0.id == id }) {
            return "the unit of \(kind.name)"
        }
        return "the \(setting.name)"
    }

    /// Settings as a sentence lists them: `the goal`, `the goal and the unit`, `the goal, the
    /// height and the unit`.
    static func settingNames(_ keys: [String]) -> String {
        let names = keys.map(settingName)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joinedWords(separator: ", ") + " and " + last
    }

    /// Said after a change of a person's own setting that the store could not take now: it
    /// is in use on this machine, and goes into the store with the next write that reaches it.
    public static func settingWaitsForStore(_ key: SettingKey, _ error: StorageError) -> String {
        let name = settingName(key.name)
        guard !error.mayHaveCommitted else {
            return
                "The store did not confirm the change, so \(name) is kept on this machine and goes into the store with the next change that reaches it."
        }
        return
            "The store could not be written, so \(name) is kept on this machine and goes into the store with the next change that reaches it."
    }

    /// Said after the first write that reached the store, for settings set while it could not
    /// be written.
    public static func settingsDelivered(_ keys: [String]) -> String {
        let verb = keys.count == 1 ? "is" : "are"
        return "\(capitalized(settingNames(keys))) set while the store could not be written \(verb) in the store now."
    }

    /// Said after the first write that reached the store, for the settings a file of an
    /// older trendsh kept with no person named: they are the store's first person's.
    public static func settingsDeliveredFromOlderFile(_ keys: [String], person: String) -> String {
        let verb = keys.count == 1 ? "is" : "are"
        return
            "\(capitalized(settingNames(keys))) kept on this machine before the store held settings \(verb) in the store now, as \(DisplayText.escaped(person))'s."
    }

    /// Said when settings set on this machine (waiting for the store, or just set by the
    /// command) had been changed in the store at a later time, by another session or machine
    /// (by its clock): the store's values are in use.
    public static func settingsOverruled(_ keys: [String], settings: Settings) -> String {
        let values = keys.compactMap { key in SettingKey.named(key).map { "\($0.name) \(display($0, settings))" } }
        let (verb, kept) = keys.count == 1 ? ("was", "value is") : ("were", "values are")
        return
            "\(capitalized(settingNames(keys))) set on this machine \(verb) changed in the store at a later time, by another session or machine, so the store's \(kept) in use: \(values.joinedWords(separator: ", "))."
    }

    /// Said when the store refused settings that waited for it, in a log read for someone else.
    public static func settingsRefused(_ keys: [String], person: String) -> String {
        let name = DisplayText.escaped(person)
        return
            "\(capitalized(settingNames(keys))) set for \(name)'s log did not go into the store: only \(name) may change \(name)'s settings, so the store's are in use again."
    }
}

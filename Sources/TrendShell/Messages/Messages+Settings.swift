import TrendKit

extension Messages {
    /// What `settings` prints: one line per key.
    public static func settingsLines(_ settings: Settings) -> [String] {
        SettingKey.all.map { key in "\(key.name): \(display(key, settings))" }
    }

    /// One setting's value as a person reads it.
    static func display(_ key: SettingKey, _ settings: Settings) -> String {
        switch key.name {
        case SettingKey.goal.name:
            return settings.goalKilograms.map { Renderer.weight($0, in: settings.unit) } ?? "off"
        default: return key.read(settings) ?? "off"
        }
    }

    public static func goalLine(_ kilograms: Double?, unit: WeightUnit) -> String {
        "goal: \(kilograms.map { Renderer.weight($0, in: unit) } ?? "off")"
    }

    public static func settingChanged(_ key: SettingKey, settings: Settings) -> String {
        switch key.name {
        case SettingKey.unit.name:
            return
                "unit: \(settings.unit.symbol). Weights are now typed and shown in \(settings.unit == .kilograms ? "kilograms" : "pounds")."
        case SettingKey.goal.name:
            return settings.goalKilograms.map { "goal: \(Renderer.weight($0, in: settings.unit))." } ?? "goal: off."
        default:
            return "\(key.name): \(display(key, settings))."
        }
    }
}

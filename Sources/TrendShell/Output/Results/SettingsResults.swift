import TrendKit

/// The structured answer of `settings`: every key, as the settings file keeps it, with the
/// goal and the height as numbers (the goal in the weight's shown unit, the height in cm),
/// and the person's settings set here that the store does not hold yet.
enum SettingsResults {
    static func settings(_ settings: Settings, waitingForStore: [String], unreadable: Bool) -> CommandResult {
        var values = JSONFields()
        for key in SettingKey.all {
            switch key.name {
            case SettingKey.goal.name:
                values.figure(
                    key.name, settings.goalKilograms.map { settings.unit.numberUnit.value(fromKilograms: $0) },
                    missing: .notSet)
            case SettingKey.height.name:
                values.figure(key.name, settings.heightCentimetres, missing: .notSet)
            default:
                if let value = key.read(settings) {
                    values.add(key.name, .string(value))
                } else if key.kind == nil {
                    values.add(key.name, .null)
                    values.add(key.name + "Missing", .string(MissingReason.notSet.rawValue))
                }
            }
        }
        var fields = JSONFields()
        fields.add("settings", values.value)
        fields.add("goalUnit", .string(settings.unit.numberUnit.symbol))
        fields.add("fileReadable", .bool(!unreadable))
        fields.add("notInStore", .array(waitingForStore.map { .string($0) }))
        return CommandResult(fields)
    }
}

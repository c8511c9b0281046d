import TrendKit

/// The settings feature's commands. `set` and `settings` read the one table of keys,
/// `SettingKey.all`; `unit` and `goal` are shortcuts for two of them.
enum SettingsCommands {
    static let all: [CommandDeclaration] = [settings, set, unit, goal]

    static let settings = CommandDeclaration.command(
        "settings", group: .settings, usage: "settings", summary: "Show every setting.", example: "settings",
        readsStore: false,
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in show(Messages.settingsLines(session.settings.settings), in: session) })

    /// `set KEY VALUE`, parsed.
    struct Assignment: Hashable, Sendable {
        var key: String
        var value: String
    }

    static let set = CommandDeclaration.command(
        "set", group: .settings, usage: "set KEY VALUE",
        summary: "Change a setting; \"help set\" lists the keys and their values.",
        example: "set chart-style ascii",
        details: SettingKey.all.map { "  \($0.name) \($0.values): \($0.summary)" },
        readsStore: false,
        keywords: SettingKey.all.flatMap { [$0.name] + $0.completions },
        parse: { arguments throws(ParseError) in
            let words = try arguments.words()
            guard let key = words.first else { throw arguments.problem(.needs("a setting and a value")) }
            guard SettingKey.named(key) != nil else {
                throw arguments.problem(.notOneOf(word: key, what: "a setting", choices: SettingKey.all.map(\.name)))
            }
            guard words.count > 1 else { throw arguments.problem(.needs("a value")) }
            return Assignment(key: key.lowercased(), value: words.dropFirst().joined(separator: " "))
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return SettingKey.all.map(\.name)
            case 1: return SettingKey.named(request.previousWords[0])?.completions ?? []
            default: return []
            }
        },
        run: { session, assignment in
            guard let key = SettingKey.named(assignment.key) else {
                return session.fail(Messages.reason(.settings(.unknownKey(assignment.key)), unit: session.unit))
            }
            return change(key, to: assignment.value, in: session)
        })

    static let unit = CommandDeclaration.command(
        "unit", group: .settings, usage: "unit [kg|lb]",
        summary: "Show or set the unit weights are typed and shown in.",
        example: "unit lb",
        readsStore: false,
        parse: { arguments throws(ParseError) -> WeightUnit? in
            let words = try arguments.words()
            guard let word = words.first else { return nil }
            guard words.count == 1, let unit = WeightUnit(symbol: word), word.count == 2 else {
                throw arguments.problem(.notAUnit(arguments.rest))
            }
            return unit
        },
        complete: { request in request.previousWords.isEmpty ? WeightUnit.allCases.map(\.rawValue) : [] },
        run: { session, unit in
            guard let unit else { return show(["unit: \(session.unit.symbol)"], in: session) }
            return change(.unit, to: unit.rawValue, in: session)
        })

    static let goal = CommandDeclaration.command(
        "goal", group: .settings, usage: "goal [WEIGHT|off]",
        summary: "Show or set the goal weight; off removes it.", example: "goal 70",
        details: ["The weight is read like a value: in the unit, or in kg or lb written after it (\"goal 154 lb\")."],
        readsStore: false,
        keywords: ["off"],
        parse: { arguments throws(ParseError) -> String? in arguments.rest.isEmpty ? nil : arguments.rest },
        complete: { request in request.previousWords.isEmpty ? ["off"] : [] },
        run: { session, text in
            guard let text else {
                return show([Messages.goalLine(session.settings.goalKilograms, unit: session.unit)], in: session)
            }
            return change(.goal, to: text, in: session)
        })

    /// Prints settings; when the settings file could not be read, also names it as an error,
    /// since what is shown is not what the file holds.
    @MainActor
    private static func show(_ lines: [String], in session: Session) -> Session.Outcome {
        for line in lines { session.say(line) }
        guard let unreadable = Messages.settingsUnreadable(session.settings) else { return .succeeded }
        return session.fail(unreadable)
    }

    /// Sets one key and says what changed, or why nothing did.
    @MainActor
    private static func change(_ key: SettingKey, to value: String, in session: Session) -> Session.Outcome {
        do {
            try session.settings.set(key, to: value)
        } catch {
            return session.fail(Messages.reason(error, unit: session.unit))
        }
        return session.say(Messages.settingChanged(key, settings: session.settings.settings))
    }
}

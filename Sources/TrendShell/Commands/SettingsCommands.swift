import TrendKit

/// The settings feature's commands. `set` and `settings` read the one table of keys,
/// `SettingKey.all`; `unit` and `goal` are shortcuts for two of them.
enum SettingsCommands {
    static let all: [CommandDeclaration] = [settings, set, unit, goal]

    static let settings = CommandDeclaration.command(
        "settings", group: .settings, usage: "settings", summary: "Show every setting.", example: "settings",
        readsStore: false,
        answers: AnswerForms(json: ["settings"]),
        parse: { arguments throws(ParseError) in try arguments.none() },
        run: { session, _ in
            session.answer {
                SettingsResults.settings(
                    session.settings.settings, waitingForStore: session.settings.waitingForStore,
                    unreadable: Messages.settingsUnreadable(session.settings) != nil)
            }
            return show(Messages.settingsLines(session.settings.settings), in: session)
        })

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
                return session.fail(Messages.reason(.settings(.unknownKey(assignment.key)), units: session.units))
            }
            return change(key, to: assignment.value, in: session)
        })

    /// What `unit` was asked: to show or set the weight's unit, or a kind's.
    enum UnitRequest: Hashable, Sendable {
        /// `unit`: the weight's unit.
        case showWeight
        /// `unit kg|lb|st`.
        case setWeight(WeightUnit)
        /// `unit KIND [UNIT]`: a kind's unit, shown or set (the kind is looked up when run).
        case kind(word: String, unit: String?)
    }

    /// The kinds whose unit is a setting, from the declarations: `waist (cm, in)`.
    static let kindsWithUnits = SettingKey.kindUnits.compactMap { key in
        MeasurementKind.builtIn.first { $0.id == key.kind }
    }

    static let unit = CommandDeclaration.command(
        "unit", group: .settings, usage: "unit [kg|lb|st] | unit KIND [UNIT]",
        summary: "Show or set the unit weights, or KIND's values, are typed and shown in.",
        example: "unit waist in",
        details: [
            "st shows weights as stone and pounds (12 st 4.0 lb) and reads a bare number in stones;",
            "\"12 st 4\" is read as stone and pounds in any unit. Changes, rates and chart axes are then",
            "in pounds, and exports write pounds.",
            "Kinds with more than one unit: "
                + kindsWithUnits.map { "\($0.word) (\($0.units.map(\.symbol).joined(separator: ", ")))" }
                .joined(separator: ", ") + ".",
            "A value typed with its unit (\"waist 33 in\") is read in it, whatever the setting.",
        ],
        readsStore: false,
        parse: { arguments throws(ParseError) -> UnitRequest in
            let words = try arguments.words()
            guard let word = words.first else { return .showWeight }
            if let unit = WeightUnit(rawValue: word.lowercased()) {
                guard words.count == 1 else { throw arguments.problem(.notAUnit(arguments.rest)) }
                return .setWeight(unit)
            }
            // A unit word that is not kg, lb or st (`unit stone`, `unit kgs`) is no kind.
            guard MeasureUnit.named(word) == nil, KindSpec.isWellFormed(word.lowercased()) else {
                throw arguments.problem(.notAUnit(arguments.rest))
            }
            guard words.count <= 2 else { throw arguments.problem(.tooManyWords(max: 2)) }
            return .kind(word: word, unit: words.count == 2 ? words[1] : nil)
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return WeightUnit.allCases.map(\.rawValue) + kindsWithUnits.map(\.word)
            case 1:
                return kindsWithUnits.first { $0.word == request.previousWords[0].lowercased() }?.units.map(\.symbol)
                    ?? []
            default: return []
            }
        },
        run: { session, request in
            switch request {
            case .showWeight: return show(["unit: \(session.unit.symbol)"], in: session)
            case .setWeight(let unit): return change(.unit, to: unit.rawValue, in: session)
            case .kind(let word, let unit): return kindUnit(word, to: unit, in: session)
            }
        })

    /// `unit KIND [UNIT]`: shows or sets a kind's unit; a kind with one unit has none to set.
    @MainActor
    private static func kindUnit(_ word: String, to unit: String?, in session: Session) -> Session.Outcome {
        let found: MeasurementKind?
        do {
            found = try session.kind(named: word)
        } catch {
            return session.fail(Messages.reason(.storage(error), units: session.units))
        }
        guard let kind = found else { return session.fail(Messages.notAUnitOrKind(word)) }
        guard let key = SettingKey.unitKey(of: kind) else {
            return unit == nil
                ? session.say(Messages.kindHasOneUnit(kind)) : session.fail(Messages.kindHasOneUnit(kind))
        }
        guard let unit else {
            return show([Messages.kindUnitLine(kind, unit: session.settings.unit(of: kind))], in: session)
        }
        return change(key, to: unit, in: session)
    }

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

    /// Sets one key and says what changed, or why nothing did. A person's own setting that
    /// the store could not take now is in use all the same, and waits for the store: one more
    /// sentence says so.
    @MainActor
    private static func change(_ key: SettingKey, to value: String, in session: Session) -> Session.Outcome {
        let change: SettingsFeature.Change
        do {
            change = try session.settings.set(key, to: value)
        } catch {
            return session.fail(Messages.reason(error, units: session.units))
        }
        session.say(Messages.settingChanged(key, settings: session.settings.settings))
        if case .waitingForStore(let error) = change { session.note(Messages.settingWaitsForStore(key, error)) }
        return .succeeded
    }
}

/// Why a figure in the JSON output is `null`: the code written beside it as `KEYMissing`.
/// Every code the schema has is a case here, and docs/json.md lists them all.
public enum MissingReason: String, Sendable, CaseIterable {
    /// There is no weigh-in (with a value of the kind) to read it from.
    case noWeighIns = "no-weigh-ins"
    /// Too few of the days the figure reads had a weigh-in (the text says how many it needs).
    case tooFewWeighInDays = "too-few-weigh-in-days"
    /// The period before has no weigh-in, so there is no change to give.
    case noneBefore = "none-before"
    /// No goal is set.
    case noGoal = "no-goal"
    /// No height is set, so there is no body-mass index.
    case noHeight = "no-height"
    /// The latest weigh-in has no body fat, so there is no fat or lean mass.
    case noBodyFat = "no-body-fat"
    /// The weekly rate is not known yet, so neither is the day the goal is reached.
    case unknownRate = "unknown-rate"
    /// The trend is at the goal, moving away from it, or too flat to reach it.
    case notReaching = "not-reaching"
    /// The entry breaks a rule (another program wrote it) and every figure leaves it out.
    case leftOut = "left-out"
    /// The entry has no weight.
    case noWeight = "no-weight"
    /// The trend could not be read (the error says why, on standard error).
    case unreadable = "unreadable"
    /// The import adds no new entry, so it has no first or last moment.
    case noNewRows = "no-new-rows"
    /// The setting is off.
    case notSet = "not-set"
    /// The figure came out as infinity or not a number, which JSON cannot hold.
    case notFinite = "not-finite"
}

extension JSONFields {
    /// `figure` with one of the schema's codes.
    mutating func figure(_ key: String, _ value: Double?, missing reason: MissingReason) {
        figure(key, value, missing: reason.rawValue)
    }

    /// Any value that may be missing (a day, a status), by the same rule as a figure.
    mutating func optional(_ key: String, _ value: JSONValue?, missing reason: MissingReason) {
        guard let value else {
            add(key, .null)
            add(key + "Missing", .string(reason.rawValue))
            return
        }
        add(key, value)
    }
}

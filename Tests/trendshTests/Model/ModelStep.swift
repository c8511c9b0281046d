/// One step of a random sequence: a line typed into the live session, or something done to it.
enum ModelStep: Equatable, Sendable, CustomStringConvertible {
    /// A line typed into the running session.
    case type(String)
    /// The session's input ends; a new session starts on the same store.
    case restart
    /// `kill -9` between commands; a new session starts on the same store.
    case kill
    /// `save` is sent and the session is killed at once, before or after the commit.
    case killDuringSave(microseconds: Int)
    /// An amend is sent and the session is killed at once: before the change was kept, while
    /// it waited, or after the store applied it.
    case killDuringAmend(String, microseconds: Int)
    /// Another trendsh writes the same store: `trendsh --store S -c …` while the session runs.
    case otherSession([String])

    var description: String {
        switch self {
        case .type(let line): return line
        case .restart: return "(restart)"
        case .kill: return "(kill -9)"
        case .killDuringSave(let microseconds): return "save (kill -9 after \(microseconds) µs)"
        case .killDuringAmend(let line, let microseconds): return "\(line) (kill -9 after \(microseconds) µs)"
        case .otherSession(let commands):
            return "(other session: " + commands.map { "-c '\($0)'" }.joined(separator: " ") + ")"
        }
    }
}

/// Makes random steps, leaning on what the model holds now so that most of them do something.
enum ModelSteps {
    static let values = ["75.5", "76", "80.3", "62.0", "91.4", "80.1", "79.9"]
    static let notes = ["after run", "x", "imp", "quiet day"]
    static let dates = ["today", "yesterday", "-3d", "2026-11-20 07:30", "2026-11-30"]
    static let habitNames = ["Run", "Read", "run"]
    static let files = ["a.csv", "b.csv"]

    /// A sequence of `count` steps for the seed's generator.
    static func sequence(_ random: inout ModelRandom, count: Int) -> [ModelStep] {
        var model = TrendshModel()
        var steps: [ModelStep] = []
        for _ in 0..<count {
            let step = next(&random, model: model)
            steps.append(step)
            model.applyForGeneration(step)
        }
        return steps
    }

    static func next(_ random: inout ModelRandom, model: TrendshModel) -> ModelStep {
        let ids = model.entries.keys.sorted()
        func someID() -> Int { ids.isEmpty || random.oneIn(8) ? model.nextID + random.below(2) : random.pick(ids) }
        func someValue() -> String { random.oneIn(8) ? random.pick(["7.5", "abc"]) : random.pick(values) }
        // Most of the time, carry on with what is open, so sequences get somewhere.
        if let draft = model.draft, draft.hasUnsavedChanges, random.below(100) < 35 {
            return random.oneIn(5) ? .killDuringSave(microseconds: random.below(4000)) : .type("save")
        }
        if model.draft == nil && ids.count < 2 && random.oneIn(2) { return .type("value \(someValue())") }
        if !model.pending.isEmpty && random.oneIn(3) { return .type("retry") }
        switch random.below(100) {
        case 0..<14: return .type("value \(someValue())")
        case 14..<18: return .type("note \(random.pick(notes))")
        case 18..<22: return .type("date \(random.pick(dates))")
        case 22..<27: return .type("edit \(someID())")
        case 27..<40: return .type("save")
        case 40..<43: return .type("cancel")
        case 43..<47: return .type("delete \(someID())")
        case 47..<54:
            let field = random.oneIn(2) ? "value \(someValue())" : "note \(random.pick(notes))"
            if random.oneIn(4) {
                return .killDuringAmend("amend \(someID()) \(field)", microseconds: random.below(4000))
            }
            return .type("amend \(someID()) \(field)")
        case 54..<58: return .type("retry")
        case 58..<61: return .type("undo")
        case 61..<63: return .type("undo \(1 + random.below(max(1, model.nextStep)))")
        case 63..<66: return .type("redo")
        case 66..<73:
            return .type(
                random.pick([
                    "simulate save-failure once", "simulate save-failure once", "simulate save-failure always",
                    "simulate off",
                ]))
        case 73..<75: return .type("new habit")
        case 75..<77: return .type("name \(random.pick(habitNames))")
        case 77..<79: return .type("done \(random.pick(habitNames))")
        case 79..<82: return .type("import \(random.pick(files))")
        case 82..<85: return .restart
        case 85..<88: return .kill
        case 88..<92: return .killDuringSave(microseconds: random.below(4000))
        default:
            switch random.below(4) {
            case 0: return .otherSession(["value \(someValue())", "save"])
            case 1: return .otherSession(["amend \(someID()) note \(random.pick(notes))"])
            case 2: return .otherSession(["delete \(someID())"])
            default: return .otherSession(["undo"])
            }
        }
    }
}

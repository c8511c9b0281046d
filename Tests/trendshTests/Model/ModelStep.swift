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
    /// The store's second person writes their own log beside the session:
    /// `trendsh --store S --person sam -c … -c 'list 100'` (SQLite only: on a server a person
    /// is the login role and `--person` is refused).
    case asSam([String])

    /// True for a step of sam's.
    var isSams: Bool {
        if case .asSam = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .type(let line): return line
        case .restart: return "(restart)"
        case .kill: return "(kill -9)"
        case .killDuringSave(let microseconds): return "save (kill -9 after \(microseconds) µs)"
        case .killDuringAmend(let line, let microseconds): return "\(line) (kill -9 after \(microseconds) µs)"
        case .otherSession(let commands):
            return "(other session: " + commands.map { "-c '\($0)'" }.joined(separator: " ") + ")"
        case .asSam(let commands):
            return "(sam: --person sam " + commands.map { "-c '\($0)'" }.joined(separator: " ") + ")"
        }
    }
}

/// Makes random steps, leaning on what the model holds now so that most of them do something.
enum ModelSteps {
    static let values = ["75.5", "76", "80.3", "62.0", "91.4", "80.1", "79.9"]
    static let notes = ["after run", "x", "imp", "quiet day"]
    static let dates = ["today", "yesterday", "-3d", "2026-11-20 07:30", "2026-11-30"]
    static let habitNames = ["Run", "Read", "run"]
    /// Values each kind accepts, then values it refuses (out of range, no number).
    static let measures: [TrendshModel.Kind: (accepted: [String], refused: [String])] = [
        .fat: (["21.5", "18", "30.2", "2", "75", "21,5"], ["1.9", "80", "abc"]),
        .waist: (["82", "83.8", "90.5", "35 in", "30 in", "250"], ["25", "260", "120 in"]),
        // Added kinds: whether a value is in range depends on the range the kind was added with.
        .neck: (["35", "40,5", "45", "75"], ["19", "85", "abc"]),
        .arm: (["30", "12.5", "55"], ["9", "61"]),
    ]
    /// `measure add` lines: neck with either of two ranges, arm, and one refused (no range).
    static let kindAdditions = [
        "measure add neck cm 20 80", "measure add neck cm 30 50", "measure add arm cm 10 60",
        "measure add neck cm 80 20",
    ]
    static let files = ["a.csv", "b.csv"]

    /// A sequence of `count` steps for the seed's generator. With `people` (a SQLite store, where
    /// a second person can be added), about one step in thirteen is sam's (each starts a
    /// process, so about half the sequences have one), and me's step right
    /// after one is often an undo or redo, which must reach past sam's step to me's own.
    /// Without, the steps are those of a one-person store, drawn as before people.
    static func sequence(_ random: inout ModelRandom, count: Int, people: Bool = false) -> [ModelStep] {
        var model = TrendshModel()
        var sam = TrendshModel()
        var steps: [ModelStep] = []
        for _ in 0..<count {
            let step: ModelStep
            if people && random.oneIn(13) {
                step = .asSam(samCommands(&random, sam: sam, me: model))
            } else if people, case .asSam = steps.last, random.oneIn(3) {
                step = .type(random.pick(["undo", "undo", "redo"]))
            } else {
                step = next(&random, model: model, others: sam.entries.keys.sorted())
            }
            steps.append(step)
            model.applyForGeneration(step, sam: &sam)
        }
        return steps
    }

    /// What sam does in one run of their own: save a weigh-in (now and then one on the day and
    /// weight of an imported row of me's, which me's import must still take), edit one, amend or
    /// delete one, undo or redo; the ids mostly sam's, sometimes me's (no such entry for sam) or
    /// one not given yet, the step numbers sam's or me's. Only the built-in kinds: the kinds a
    /// person adds are the store's, and me's steps add and remove them.
    static func samCommands(_ random: inout ModelRandom, sam: TrendshModel, me: TrendshModel) -> [String] {
        let ids = sam.entries.keys.sorted()
        let mes = me.entries.keys.sorted()
        func someID() -> Int {
            if !mes.isEmpty && random.oneIn(5) { return random.pick(mes) }
            return ids.isEmpty || random.oneIn(8) ? sam.nextID + random.below(2) : random.pick(ids)
        }
        func someValue() -> String { random.oneIn(10) ? "abc" : random.pick(values) }
        func someMeasure() -> String {
            random.pick(["fat 21.5", "fat 30.2", "waist 83", "waist 35 in", "fat 80", "fat", "waist"])
        }
        func aSave() -> [String] {
            if random.oneIn(8) { return ["value 80.3", "date 2026-11-20 07:30", "save"] }
            var lines = ["value \(someValue())"]
            if random.oneIn(3) { lines.append(someMeasure()) }
            if random.oneIn(3) { lines.append("note \(random.pick(notes))") }
            if random.oneIn(4) { lines.append("date \(random.pick(["yesterday", "-3d", "2026-11-20 07:30"]))") }
            return lines + ["save"]
        }
        // An undo or redo of a sam who has written nothing yet saves first, so it has a step of
        // sam's to take back beside me's.
        func first() -> [String] { sam.history.isEmpty ? aSave() : [] }
        switch random.below(12) {
        case 0..<4: return aSave()
        case 4..<6:
            switch random.below(4) {
            case 0: return ["amend \(someID()) value \(someValue())"]
            case 1: return ["amend \(someID()) note \(random.pick(notes))"]
            default: return ["amend \(someID()) \(someMeasure())"]
            }
        case 6: return ["delete \(someID())"]
        case 7: return ["edit \(someID())", random.oneIn(2) ? "value \(someValue())" : someMeasure(), "save"]
        case 8..<10:
            let steps = (sam.history + me.history).map(\.number)
            if !steps.isEmpty && random.oneIn(3) { return ["undo \(random.pick(steps))"] }
            return first() + (random.oneIn(3) ? ["undo", "undo"] : ["undo"])
        default: return first() + (random.oneIn(3) ? ["undo", "redo"] : ["redo"])
        }
    }

    /// Now and then, a step towards a value that waits without its kind, or would: a kind
    /// removed while the draft or a pending amend holds a value of it, an undo that puts back
    /// a value of a kind removed since or takes away a kind the draft holds a value of (here or
    /// in another session), and what the draft does with a value whose kind is gone.
    static func someLineAboutAValueWithoutItsKind(_ random: inout ModelRandom, model: TrendshModel) -> ModelStep? {
        let drafted = Set(model.draft?.measures.keys.filter { $0.builtInRange == nil } ?? [])
        if let gone = drafted.filter({ model.addedKinds[$0] == nil }).sorted().first, random.oneIn(3) {
            return .type(random.oneIn(2) ? "measure \(gone)" : random.pick(["save", "measure add \(gone) cm 20 80"]))
        }
        let pendingKinds = TrendshModel.Kind.allCases.filter {
            model.addedKinds[$0] != nil && model.pendingSetsAValue(of: $0)
        }
        if !pendingKinds.isEmpty && random.oneIn(3) { return .type("measure remove \(random.pick(pendingKinds))") }
        let present = drafted.filter { model.addedKinds[$0] != nil }
        if !present.isEmpty && random.oneIn(5) {
            switch random.below(4) {
            case 0: return .type("measure remove \(random.pick(present.sorted()))")
            case 1: return .otherSession(["undo"])
            default: return .type(random.oneIn(2) ? "undo" : "redo")
            }
        }
        if let kind = model.addedKinds.keys.sorted().first, drafted.isEmpty, random.oneIn(6) {
            return .type("\(kind) \(random.pick(measures[kind]!.accepted))")
        }
        // A value of an added kind kept in a step (a deleted entry's, an amended one's), then
        // the kind removed, so that undoing the step would put back a value without its kind.
        let held = Set(model.entries.values.flatMap(\.measures.keys)).filter { model.addedKinds[$0] != nil }
        if let id = model.entries.first(where: { !held.isDisjoint(with: $0.value.measures.keys) })?.key,
            random.oneIn(6)
        {
            let kind = model.entries[id]!.measures.keys.filter(held.contains).sorted()[0]
            return .type(random.oneIn(2) ? "delete \(id)" : "amend \(id) \(kind)")
        }
        let kept = Set(model.history.flatMap(\.entriesItWouldPutBack).flatMap(\.measures.keys)).filter {
            model.addedKinds[$0] != nil && !held.contains($0)
        }
        if !kept.isEmpty && random.oneIn(3) { return .type("measure remove \(random.pick(kept.sorted()))") }
        // While saves fail, an amend of an added kind waits as a pending change.
        if model.fault != .none, let id = model.entries.keys.sorted().first,
            let kind = model.addedKinds.keys.sorted().first,
            random.oneIn(3)
        {
            return .type("amend \(id) \(kind) \(random.pick(measures[kind]!.accepted))")
        }
        let putBack = model.history.filter { step in
            step.entriesItWouldPutBack.contains { $0.measures.keys.contains { $0.builtInRange == nil } }
        }
        if !putBack.isEmpty && random.oneIn(5) {
            let step = random.pick(putBack)
            if step.done { return .type(random.oneIn(2) ? "undo \(step.number)" : "undo") }
            return .type("redo")
        }
        return nil
    }

    /// The next step of me's: `others` are the ids of the other person's entries, which me's
    /// commands now and then name (there is no such entry in me's log).
    static func next(_ random: inout ModelRandom, model: TrendshModel, others: [Int] = []) -> ModelStep {
        let ids = model.entries.keys.sorted()
        func someID() -> Int {
            if !others.isEmpty && random.oneIn(7) { return random.pick(others) }
            return ids.isEmpty || random.oneIn(8) ? model.nextID + random.below(2) : random.pick(ids)
        }
        func someValue() -> String { random.oneIn(8) ? random.pick(["7.5", "abc"]) : random.pick(values) }
        func someKind() -> TrendshModel.Kind { random.pick(TrendshModel.Kind.allCases) }
        func someMeasure(_ kind: TrendshModel.Kind) -> String {
            let values = measures[kind]!
            return random.oneIn(6) ? random.pick(values.refused) : random.pick(values.accepted)
        }
        /// `fat 21.5`, `waist 35 in`, `measure fat 18` or `measure waist` (which takes it out).
        func someMeasureLine() -> String {
            let kind = someKind()
            switch random.below(6) {
            case 0: return "measure \(kind)"
            case 1: return "measure \(kind) \(someMeasure(kind))"
            default: return "\(kind) \(someMeasure(kind))"
            }
        }
        /// `amend ID fat 22`, `amend ID waist`, `amend ID value` (the last two remove one).
        func someAmend() -> String {
            switch random.below(6) {
            case 0: return "amend \(someID()) value \(someValue())"
            case 1: return "amend \(someID()) note \(random.pick(notes))"
            case 2: return "amend \(someID()) " + (random.oneIn(2) ? "value" : "\(someKind())")
            default:
                let kind = someKind()
                return "amend \(someID()) \(kind) \(someMeasure(kind))"
            }
        }
        /// `measure add …`, or `measure remove WORD` of an added kind (refused with a count while
        /// entries hold values of it).
        func someKindChange() -> String {
            let held = Set(model.entries.values.flatMap(\.measures.keys)).filter { model.addedKinds[$0] != nil }
            if !held.isEmpty && random.oneIn(3) { return "measure remove \(random.pick(held.sorted()))" }
            if random.oneIn(2) { return "measure remove \(random.pick([TrendshModel.Kind.neck, .arm]))" }
            return random.pick(kindAdditions)
        }
        /// `undo STEP`, often of a kind's step, which entries may hold values of by now.
        func someUndoOfAStep() -> String {
            let kindSteps = model.history.filter { $0.done && $0.kindDescription != nil }.map(\.number)
            if !kindSteps.isEmpty && random.oneIn(2) { return "undo \(random.pick(kindSteps))" }
            return "undo \(1 + random.below(max(1, model.nextStep)))"
        }
        if let line = someLineAboutAValueWithoutItsKind(&random, model: model) { return line }
        // Most of the time, carry on with what is open, so sequences get somewhere.
        if let draft = model.draft, draft.hasUnsavedChanges, random.below(100) < 35 {
            return random.oneIn(5) ? .killDuringSave(microseconds: random.below(4000)) : .type("save")
        }
        if model.addedKinds.isEmpty && random.oneIn(4) { return .type(random.pick(kindAdditions)) }
        if model.draft == nil && ids.count < 2 && random.oneIn(2) {
            return .type(random.oneIn(3) ? someMeasureLine() : "value \(someValue())")
        }
        if !model.pending.isEmpty && random.oneIn(3) { return .type("retry") }
        if model.history.contains(where: { !$0.done }) && random.oneIn(8) { return .type("redo") }
        // While saves fail, amends wait as pending changes, measurements' among them.
        if model.fault != .none && !ids.isEmpty && random.oneIn(4) { return .type(someAmend()) }
        switch random.below(100) {
        case 0..<7: return .type("value \(someValue())")
        case 7..<14: return .type(someMeasureLine())
        case 14..<18: return .type("note \(random.pick(notes))")
        case 18..<22: return .type("date \(random.pick(dates))")
        case 22..<27: return .type("edit \(someID())")
        case 27..<40: return .type("save")
        case 40..<43: return .type("cancel")
        case 43..<47: return .type("delete \(someID())")
        case 47..<54:
            if random.oneIn(4) { return .killDuringAmend(someAmend(), microseconds: random.below(4000)) }
            return .type(someAmend())
        case 54..<55: return .type("retry")
        case 55..<58: return .type(someKindChange())
        case 58..<61: return .type("undo")
        case 61..<63: return .type(someUndoOfAStep())
        case 63..<66: return .type("redo")
        case 66..<68:
            // A kind with one unit has none to set: an added kind, body fat.
            return .type(
                random.pick(["unit neck in", "unit arm cm", "unit neck", "unit arm", "unit fat in", "unit fat"]))
        case 68..<73:
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
        case 92..<93: return .otherSession([someMeasureLine(), "save"])
        case 93..<94: return .otherSession([random.pick(kindAdditions)])
        default:
            switch random.below(4) {
            case 0:
                return .otherSession(["value \(someValue())", "\(someKind()) \(random.pick(["21.5", "83"]))", "save"])
            case 1:
                return .otherSession([random.oneIn(2) ? someAmend() : "amend \(someID()) note \(random.pick(notes))"])
            case 2: return .otherSession(["delete \(someID())"])
            default: return .otherSession(["undo"])
            }
        }
    }
}

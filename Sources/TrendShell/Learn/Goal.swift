/// An exercise's goal: a condition over the session's real state and what happened in it,
/// written `entries(weight = 75.4 kg) = 1 and no draft and failed(save) = 1`
/// (docs/transcripts.md, "Exercises"). `GoalParser` reads it; `holds(in:)` decides it.
public indirect enum Goal: Equatable, Sendable {
    case all(Goal, Goal)
    case either(Goal, Goal)
    case not(Goal)
    /// `draft`: a draft is open.
    case draftOpen
    /// `unsaved`: the open draft has changes not saved.
    case unsavedDraft
    /// `compare`: two values compared.
    case compare(GoalTerm, GoalComparison, GoalTerm)

    /// True when the goal is met in `state`.
    public func holds(in state: GoalState) -> Bool {
        switch self {
        case .all(let left, let right): return left.holds(in: state) && right.holds(in: state)
        case .either(let left, let right): return left.holds(in: state) || right.holds(in: state)
        case .not(let goal): return !goal.holds(in: state)
        case .draftOpen: return state.draft != nil
        case .unsavedDraft: return state.draft?.unsaved ?? false
        case .compare(let left, let comparison, let right):
            return GoalTerm.compare(left.value(in: state, entry: nil), comparison, right.value(in: state, entry: nil))
        }
    }
}

/// One side of a comparison.
public indirect enum GoalTerm: Equatable, Sendable {
    /// A number; with a unit, converted to kilograms.
    case number(Double)
    case text(String)
    /// `entries(weight = 75.4 kg, note ~ "breakfast")`: how many entries meet every condition.
    case entries([EntryCondition])
    /// `pending`: how many changes wait for the store.
    case pending
    /// `failed(save)`, `failed`: how many commands (named so, or any) failed.
    case failed(String?)
    /// `ran(save)`, `ran`: how many commands (named so, or any) ran.
    case ran(String?)
    /// `draft.weight` (kilograms), `draft.value` (as typed), `draft.note`: a field of the open draft.
    case draftField(String)
    /// `person`: the name of the person whose log the session works on.
    case person

    /// A condition on one entry: `weight = 75.4 kg`, `note ~ "breakfast"`, `id = 1`.
    public struct EntryCondition: Equatable, Sendable {
        public var field: String
        public var comparison: GoalComparison
        public var value: GoalTerm
    }

    /// The names `draft.` may be followed by, and entries' condition fields.
    static let draftFields: Set = ["draft.weight", "draft.value", "draft.note"]
    static let entryFields: Set = ["weight", "note", "id"]

    enum Value: Equatable {
        case number(Double)
        case text(String)
        /// A draft field with no draft open, or an entry with no weight: never equal to anything.
        case missing
    }

    func value(in state: GoalState, entry: GoalState.Entry?) -> Value {
        switch self {
        case .number(let number): return .number(number)
        case .text(let text): return .text(text)
        case .pending: return .number(Double(state.pending))
        case .person: return .text(state.person)
        case .failed(let name):
            return .number(Double(state.events.filter { $0.failed && (name == nil || $0.command == name) }.count))
        case .ran(let name):
            return .number(Double(state.events.filter { name == nil || $0.command == name }.count))
        case .entries(let conditions):
            let count = state.entries.filter { entry in
                conditions.allSatisfy { condition in
                    Self.compare(
                        Self.field(condition.field, of: entry), condition.comparison,
                        condition.value.value(in: state, entry: entry))
                }
            }.count
            return .number(Double(count))
        case .draftField(let name):
            guard let draft = state.draft else { return .missing }
            switch name {
            case "draft.weight": return draft.kilograms.map(Value.number) ?? .missing
            case "draft.value": return .text(draft.value)
            default: return .text(draft.note)
            }
        }
    }

    static func field(_ name: String, of entry: GoalState.Entry) -> Value {
        switch name {
        case "weight": return entry.kilograms.map(Value.number) ?? .missing
        case "id": return .number(Double(entry.id))
        default: return .text(entry.note)
        }
    }

    /// Weights are equal within half a gram, so `166 lb` matches what the store keeps.
    static func compare(_ left: Value, _ comparison: GoalComparison, _ right: Value) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            let same = abs(a - b) < 0.0005
            switch comparison {
            case .equal, .contains: return same
            case .notEqual: return !same
            case .less: return a < b && !same
            case .atMost: return a < b || same
            case .greater: return a > b && !same
            case .atLeast: return a > b || same
            }
        case (.text(let a), .text(let b)):
            switch comparison {
            case .equal: return a == b
            case .notEqual: return a != b
            case .contains: return a.lowercased().contains(b.lowercased())
            case .less: return a < b
            case .atMost: return a <= b
            case .greater: return a > b
            case .atLeast: return a >= b
            }
        case (.text(let a), .number(let b)), (.number(let b), .text(let a)):
            // A draft's value as typed, compared with a number: the number it reads as.
            guard let number = Double(a) else { return comparison == .notEqual }
            return compare(.number(number), comparison, .number(b))
        default:
            return comparison == .notEqual
        }
    }
}

import TrendKit

/// Reads a goal:
///
/// ```
/// goal       := conjunction ("or" conjunction)*
/// conjunction:= negation ("and" negation)*
/// negation   := ("not" | "no") negation | "(" goal ")" | "draft" | "unsaved" | term OP term
/// term       := NUMBER [UNIT] | TEXT | "entries" ["(" condition (("," | "and") condition)* ")"]
///             | "pending" | "failed" ["(" NAME ")"] | "ran" ["(" NAME ")"]
///             | "draft.weight" | "draft.value" | "draft.note" | "person"
/// condition  := ("weight" | "note" | "id") OP (NUMBER [UNIT] | TEXT)
/// OP         := "=" | "!=" | "<" | "<=" | ">" | ">=" | "~"
/// UNIT       := "kg" | "lb" | "st"
/// ```
public struct GoalParser {
    private var tokens: [GoalToken]
    private var index = 0
    private let endPosition: Int

    /// Parses a whole goal; throws with the position of the first problem.
    public static func parse(_ text: String) throws(GoalError) -> Goal {
        var parser = GoalParser(tokens: try GoalToken.tokens(of: text), endPosition: text.count + 1)
        let goal = try parser.disjunction()
        if let extra = parser.peek {
            throw .unexpected(
                position: extra.position, found: Self.describe(extra), expected: "\"and\", \"or\" or the end")
        }
        return goal
    }

    private init(tokens: [GoalToken], endPosition: Int) {
        self.tokens = tokens
        self.endPosition = endPosition
    }

    private var peek: GoalToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func next(expecting expected: String) throws(GoalError) -> GoalToken {
        guard let token = peek else { throw .unexpectedEnd(position: endPosition, expected: expected) }
        index += 1
        return token
    }

    private mutating func take(word: String) -> Bool {
        guard peek?.kind == .word(word) else { return false }
        index += 1
        return true
    }

    private mutating func disjunction() throws(GoalError) -> Goal {
        var goal = try conjunction()
        while take(word: "or") { goal = .either(goal, try conjunction()) }
        return goal
    }

    private mutating func conjunction() throws(GoalError) -> Goal {
        var goal = try negation()
        while take(word: "and") { goal = .all(goal, try negation()) }
        return goal
    }

    private mutating func negation() throws(GoalError) -> Goal {
        if take(word: "not") || take(word: "no") { return .not(try negation()) }
        if peek?.kind == .open {
            index += 1
            let goal = try disjunction()
            try expect(.close, "\")\"")
            return goal
        }
        if take(word: "draft") { return .draftOpen }
        if take(word: "unsaved") { return .unsavedDraft }
        let left = try term()
        let comparison = try comparisonOperator()
        return .compare(left, comparison, try term())
    }

    private mutating func expect(_ kind: GoalToken.Kind, _ expected: String) throws(GoalError) {
        let token = try next(expecting: expected)
        guard token.kind == kind else {
            throw .unexpected(position: token.position, found: Self.describe(token), expected: expected)
        }
    }

    private mutating func comparisonOperator() throws(GoalError) -> GoalComparison {
        let token = try next(expecting: "a comparison (=, !=, <, <=, >, >=, ~)")
        guard case .comparison(let comparison) = token.kind else {
            throw .unexpected(
                position: token.position, found: Self.describe(token), expected: "a comparison (=, !=, <, <=, >, >=, ~)"
            )
        }
        return comparison
    }

    private mutating func term() throws(GoalError) -> GoalTerm {
        let expected = "a number, a text in quotes, entries, pending, failed, ran, a draft field or person"
        let token = try next(expecting: expected)
        switch token.kind {
        case .number(let number): return .number(try unit(of: number))
        case .text(let text): return .text(text)
        case .word("entries"):
            guard peek?.kind == .open else { return .entries([]) }
            index += 1
            var conditions = [try condition()]
            while peek?.kind == .comma || peek?.kind == .word("and") {
                index += 1
                conditions.append(try condition())
            }
            try expect(.close, "\")\"")
            return .entries(conditions)
        case .word("pending"): return .pending
        case .word("person"): return .person
        case .word("failed"): return .failed(try commandName())
        case .word("ran"): return .ran(try commandName())
        case .word(let name) where GoalTerm.draftFields.contains(name): return .draftField(name)
        case .word(let name): throw .unknownName(position: token.position, name: name)
        default: throw .unexpected(position: token.position, found: Self.describe(token), expected: expected)
        }
    }

    /// `(save)` after `failed` or `ran`; nil when no name follows.
    private mutating func commandName() throws(GoalError) -> String? {
        guard peek?.kind == .open else { return nil }
        index += 1
        let token = try next(expecting: "a command name")
        guard case .word(let name) = token.kind else {
            throw .unexpected(position: token.position, found: Self.describe(token), expected: "a command name")
        }
        try expect(.close, "\")\"")
        return name
    }

    private mutating func condition() throws(GoalError) -> GoalTerm.EntryCondition {
        let token = try next(expecting: "weight, note or id")
        guard case .word(let field) = token.kind, GoalTerm.entryFields.contains(field) else {
            if case .word(let name) = token.kind { throw .unknownName(position: token.position, name: name) }
            throw .unexpected(position: token.position, found: Self.describe(token), expected: "weight, note or id")
        }
        let comparison = try comparisonOperator()
        let value = try next(expecting: "a number or a text in quotes")
        switch value.kind {
        case .number(let number):
            return .init(field: field, comparison: comparison, value: .number(try unit(of: number)))
        case .text(let text): return .init(field: field, comparison: comparison, value: .text(text))
        default:
            throw .unexpected(
                position: value.position, found: Self.describe(value), expected: "a number or a text in quotes")
        }
    }

    /// The number in kilograms when a unit follows it (`166 lb`), as it is otherwise.
    private mutating func unit(of number: Double) throws(GoalError) -> Double {
        guard let token = peek, case .word(let name) = token.kind,
            !["and", "or", "not", "no"].contains(name)
        else { return number }
        guard let unit = WeightUnit(rawValue: name) else { throw .unknownUnit(position: token.position, name: name) }
        index += 1
        return unit.kilograms(fromValue: number)
    }

    static func describe(_ token: GoalToken) -> String {
        switch token.kind {
        case .word(let word): return "\"\(word)\""
        case .number(let number): return "the number \(number)"
        case .text(let text): return "the text \"\(text)\""
        case .comparison(let comparison): return "\"\(comparison.rawValue)\""
        case .open: return "\"(\""
        case .close: return "\")\""
        case .comma: return "\",\""
        }
    }
}

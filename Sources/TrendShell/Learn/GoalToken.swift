/// One word of a goal (`entries(weight = 75.4 kg) = 1 and no draft`), with the position
/// (1-based, in characters) where it starts, so that an error can point at it.
public struct GoalToken: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `entries`, `draft`, `and`, `kg`, `draft.note`: a name (letters, digits, `.`, `-`, `_`).
        case word(String)
        /// `75.4`, `1`.
        case number(Double)
        /// `"before breakfast"`.
        case text(String)
        /// `=`, `!=`, `<`, `<=`, `>`, `>=`, `~` (contains).
        case comparison(GoalComparison)
        case open
        case close
        case comma
    }

    public var kind: Kind
    public var position: Int

    /// Splits a goal into tokens; throws at the first character that starts none.
    public static func tokens(of text: String) throws(GoalError) -> [GoalToken] {
        let characters = Array(text)
        var tokens: [GoalToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let start = index
            if character == " " || character == "\t" {
                index += 1
                continue
            }
            func add(_ kind: Kind) { tokens.append(GoalToken(kind: kind, position: start + 1)) }
            switch character {
            case "(":
                add(.open)
                index += 1
            case ")":
                add(.close)
                index += 1
            case ",":
                add(.comma)
                index += 1
            case "~":
                add(.comparison(.contains))
                index += 1
            case "=":
                add(.comparison(.equal))
                index += characters.count > index + 1 && characters[index + 1] == "=" ? 2 : 1
            case "!", "<", ">":
                let twice = index + 1 < characters.count && characters[index + 1] == "="
                switch (character, twice) {
                case ("!", true): add(.comparison(.notEqual))
                case ("<", true): add(.comparison(.atMost))
                case ("<", false): add(.comparison(.less))
                case (">", true): add(.comparison(.atLeast))
                case (">", false): add(.comparison(.greater))
                default: throw .unexpectedCharacter(position: start + 1, character: String(character))
                }
                index += twice ? 2 : 1
            case "\"":
                index += 1
                var value = ""
                while index < characters.count && characters[index] != "\"" {
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw .unterminatedText(position: start + 1) }
                index += 1
                add(.text(value))
            default:
                if character.isASCII
                    && (character.isNumber
                        || character == "-" && index + 1 < characters.count
                            && characters[index + 1].isASCII && characters[index + 1].isNumber)
                {
                    index += 1
                    while index < characters.count && characters[index].isASCII
                        && (characters[index].isNumber || characters[index] == ".")
                    {
                        index += 1
                    }
                    let digits = String(characters[start..<index])
                    guard let value = Double(digits) else { throw .badNumber(position: start + 1, text: digits) }
                    add(.number(value))
                } else if character.isLetter || character == "_" {
                    while index < characters.count
                        && (characters[index].isLetter || characters[index].isNumber
                            || "._-".contains(characters[index]))
                    {
                        index += 1
                    }
                    add(.word(String(characters[start..<index]).lowercased()))
                } else {
                    throw .unexpectedCharacter(position: start + 1, character: String(character))
                }
            }
        }
        return tokens
    }
}

/// How two values of a goal are compared.
public enum GoalComparison: String, Equatable, Sendable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case atMost = "<="
    case greater = ">"
    case atLeast = ">="
    /// Text that contains the other: `note ~ "breakfast"`.
    case contains = "~"
}

/// Why a goal could not be read; each names the position (1-based) where it went wrong.
public enum GoalError: Error, Equatable, Sendable {
    /// A character that starts no token.
    case unexpectedCharacter(position: Int, character: String)
    /// A `"` with no closing `"`.
    case unterminatedText(position: Int)
    /// Digits that are not a number (`7.5.4`).
    case badNumber(position: Int, text: String)
    /// A token where another was needed; `expected` says what (a sentence fragment).
    case unexpected(position: Int, found: String, expected: String)
    /// The goal ended where more was needed.
    case unexpectedEnd(position: Int, expected: String)
    /// A name the language does not know (`entrys`).
    case unknownName(position: Int, name: String)
    /// A unit other than kg, lb and st.
    case unknownUnit(position: Int, name: String)

    /// Where the problem is, 1-based.
    public var position: Int {
        switch self {
        case .unexpectedCharacter(let position, _), .unterminatedText(let position), .badNumber(let position, _),
            .unexpected(let position, _, _), .unexpectedEnd(let position, _), .unknownName(let position, _),
            .unknownUnit(let position, _):
            return position
        }
    }
}

/// A kind a person asks to add (`measure add neck cm 20 80`), as typed: its word, the unit
/// its values are typed in and its range in that unit, and its decimals. Its name is its word;
/// an added kind has no trend.
public struct KindSpec: Sendable, Equatable {
    public var word: String
    public var unit: String
    public var minimum: String
    public var maximum: String
    public var decimals: Int

    /// How many decimals an added kind shows unless it says.
    public static let defaultDecimals = 1
    /// The most decimals an added kind may show.
    public static let maximumDecimals = 3
    /// The longest word a kind may have.
    public static let maximumWordLength = 24

    public init(word: String, unit: String, minimum: String, maximum: String, decimals: Int = defaultDecimals) {
        self.word = word
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.decimals = decimals
    }

    /// The declaration it makes, checked against the domain's rules and the kinds there are.
    /// (Which words the shell keeps for itself, the shell checks.)
    func kind(besides known: [MeasurementKind]) throws(KindError) -> MeasurementKind {
        let word = word.lowercased()
        guard Self.isWellFormed(word) else { throw .badWord(self.word) }
        if known.contains(where: { $0.word == word || $0.id.rawValue == word }) { throw .wordTaken(word) }
        guard let unit = MeasureUnit.named(unit), KindRecords.units(for: unit.quantity).contains(unit) else {
            throw .badUnit(unit)
        }
        guard let low = WeightUnit.plainDecimal(minimum), let high = WeightUnit.plainDecimal(maximum), low >= 0,
            low < high, high.isFinite
        else { throw .badRange(minimum: minimum, maximum: maximum) }
        guard (0...Self.maximumDecimals).contains(decimals) else { throw .badDecimals(decimals) }
        return KindRecords.kind(
            id: KindID(word), name: word, quantity: unit.quantity, unit: unit,
            range: unit.canonical(fromValue: low)...unit.canonical(fromValue: high), decimals: decimals, hasTrend: false
        )
    }

    /// A lower-case ASCII letter, then letters, digits, `-` or `_`, at most 24 of them.
    public static func isWellFormed(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first),
            word.unicodeScalars.count <= maximumWordLength
        else { return false }
        return word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}

/// Why a kind could not be added or removed. Each case reads as one sentence to the user.
public enum KindError: Error, Equatable, Sendable {
    /// The word is not a lower-case letter followed by letters, digits, `-` or `_`.
    case badWord(String)
    /// A kind of this word exists already (built in, or added here or by another session).
    case wordTaken(String)
    /// The shell uses the word itself (a command, a keyword, a unit).
    case wordReserved(String)
    /// The unit is not one a kind may be kept in.
    case badUnit(String)
    /// The range is not two numbers, the first at least 0 and below the second.
    case badRange(minimum: String, maximum: String)
    /// More decimals than a kind may show.
    case badDecimals(Int)
    /// No kind has this word.
    case noSuchKind(String)
    /// Built-in kinds cannot be removed.
    case builtIn(String)
    /// The person's entries hold `count` values of the kind, and `othersHoldSome` says whether
    /// other people's logs hold any (never how many), so it stays.
    case inUse(String, count: Int, othersHoldSome: Bool)
    /// A value of the kind waits outside the store (in the open draft, or in a pending
    /// change), so it stays: removing it would drop that value without a word.
    case waiting(String, in: KindValueHolder)
}

/// Where a value of a kind waits to be saved, outside the store.
public enum KindValueHolder: Sendable, Equatable {
    /// The open draft holds a value of the kind.
    case openDraft
    /// A change waiting to be applied sets a value of the kind.
    case pendingChange
}

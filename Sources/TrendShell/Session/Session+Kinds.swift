import TrendKit

/// The kinds of measurement as this session knows them. Another session may add or remove a
/// kind at any time: the catalog is read again whenever the store changed before a command
/// that reads it (the weights' refresh), and also when a word names no kind this session
/// knows, so that `neck 35` works at once after another session's `measure add neck`.
extension Session {
    /// The words that name a kind of measurement, which set it in a draft (`fat 21.5`).
    var kindWords: [String] { weights.kinds.all.map(\.word) }

    /// The command on a line, as `CommandParser` reads it with this session's kinds. A first
    /// word that is neither a command nor a known kind, but could be a kind's word, has the
    /// kinds read again, once.
    func parse(_ line: String) throws(ParseError) -> ParsedCommand? {
        do {
            return try CommandParser.parse(line, kindWords: kindWords)
        } catch .unknownCommand(let name) {
            guard KindSpec.isWellFormed(name.lowercased()) else { throw .unknownCommand(name) }
            let before = kindWords
            // A store that cannot be read leaves the kinds as they were, and the line is
            // refused with the reason: it may name a kind that another session added.
            do {
                try rereadKinds()
            } catch {
                throw .kindsUnreadable(word: name, error)
            }
            guard kindWords != before else { throw .unknownCommand(name) }
            return try CommandParser.parse(line, kindWords: kindWords)
        }
    }

    /// The kind a word names; when none does, the kinds are read again first.
    func kind(named word: String) throws(StorageError) -> MeasurementKind? {
        if let kind = weights.kinds.kind(named: word) { return kind }
        try rereadKinds()
        return weights.kinds.kind(named: word)
    }

    /// Reads the kinds a person added from the store again.
    func rereadKinds() throws(StorageError) {
        try weights.kinds.reload()
    }
}

extension Session {
    /// How this session shows measurements now: its kinds, the added ones among them, each in
    /// the unit the settings give it. Every display of a measurement goes through it.
    public var units: MeasureUnits { MeasureUnits(kinds: weights.kinds.all, settings: settings.settings) }
}

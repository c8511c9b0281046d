/// Statements of one kind that ran one after another: what they do, to which table, how
/// many times. Read from each statement's own SQL text, so it says what really ran.
public struct StatementRun: Equatable, Sendable {
    /// What a statement does.
    public enum Action: String, Equatable, Sendable {
        case reads
        case adds
        case changes
        case removes
        /// Anything else (`PRAGMA`, a schema change): `table` holds its first word.
        case other
    }

    public let action: Action
    /// The table it reads or writes (empty for a `SELECT` of no table).
    public let table: String
    public var count: Int

    public init(action: Action, table: String, count: Int = 1) {
        self.action = action
        self.table = table
        self.count = count
    }

    /// What `sql` does to which table: `SELECT … FROM entries` reads entries, `INSERT INTO`
    /// adds, `UPDATE` changes, `DELETE FROM` removes; a `WITH` clause is passed over to the
    /// statement it serves.
    public init(sql: String) {
        let words = Self.topLevelWords(sql)
        // `SELECT EXISTS (SELECT … FROM t)` reads t: with no FROM outside parentheses, the first inside.
        let inner = Self.topLevelWords(sql, depth: .max)
        var index = 0
        if words.first == "WITH" {
            // The statement the common table expressions serve is the first verb outside them.
            index = words.firstIndex { ["SELECT", "INSERT", "REPLACE", "UPDATE", "DELETE"].contains($0) } ?? 0
        }
        let verb = index < words.count ? words[index] : ""
        let rest = words.dropFirst(index + 1)
        func word(after keyword: String) -> String {
            guard let at = rest.firstIndex(of: keyword), at + 1 < rest.endIndex else { return "" }
            return rest[at + 1]
        }
        switch verb {
        case "SELECT":
            // The first table named after a FROM, at any depth: `FROM (SELECT … FROM t)` reads t.
            let tables = inner.indices.dropLast().filter { inner[$0] == "FROM" }.map { inner[$0 + 1] }
            let table = tables.first { !Self.keywords.contains($0) } ?? ""
            self.init(action: .reads, table: table.lowercased())
        case "INSERT", "REPLACE": self.init(action: .adds, table: word(after: "INTO").lowercased())
        case "UPDATE":
            let table = rest.first { !["OR", "ROLLBACK", "ABORT", "REPLACE", "FAIL", "IGNORE"].contains($0) }
            self.init(action: .changes, table: (table ?? "").lowercased())
        case "DELETE": self.init(action: .removes, table: word(after: "FROM").lowercased())
        default: self.init(action: .other, table: verb.lowercased())
        }
    }

    /// Words that follow FROM without being a table.
    private static let keywords: Set<String> = ["SELECT", "WITH", "VALUES", "GROUP", "WHERE", "ORDER", "LIMIT", "JOIN"]

    /// The words of `sql` outside string literals and at most `depth` parentheses deep,
    /// keywords in capitals; a quoted name keeps its letters, without the quotes.
    static func topLevelWords(_ sql: String, depth limit: Int = 0) -> [String] {
        var words: [String] = []
        var depth = 0
        var current = ""
        var quote: Character?
        var isQuotedName = false
        func finish() {
            if !current.isEmpty { words.append(isQuotedName ? current : current.uppercased()) }
            current = ""
            isQuotedName = false
        }
        for character in sql {
            if let open = quote {
                if character == open {
                    quote = nil
                    if depth <= limit && open != "'" { finish() }
                } else if depth <= limit && open != "'" {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"", "`":
                finish()
                quote = character
                isQuotedName = character != "'"
            case "(":
                finish()
                depth += 1
            case ")":
                finish()
                depth = max(0, depth - 1)
            case _ where character.isLetter || character.isNumber || character == "_":
                if depth <= limit { current.append(character) }
            default:
                finish()
            }
        }
        finish()
        return words
    }
}

/// The statements a transaction runs, gathered as they start: consecutive runs of the same
/// kind are counted together, so an import of a thousand rows is one line, not a thousand.
final class StatementTally {
    private(set) var runs: [StatementRun] = []

    func ran(_ run: StatementRun) {
        if let last = runs.last, last.action == run.action, last.table == run.table {
            runs[runs.count - 1].count += 1
        } else {
            runs.append(run)
        }
    }
}

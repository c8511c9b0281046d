/// Every command trendsh has, in the order `help` lists them within each group. Each
/// feature's commands are declared in its own file and registered with the feature
/// (`ShellFeature.all`); this list only gathers them.
public enum CommandTable {
    public static let declarations: [CommandDeclaration] = ShellFeature.all.flatMap(\.commands)

    /// The declaration for a name or alias, in any case.
    public static func declaration(named name: String) -> CommandDeclaration? {
        // Lowered once, and read by index: every line typed looks its first word up here, and
        // lowering it for each declaration, or copying each one, cost some 7,000 instructions.
        let lowered = name.lowercased()
        let all = declarations
        for index in all.indices where all[index].name == lowered || all[index].aliases.contains(lowered) {
            return all[index]
        }
        return nil
    }

    /// Every word a declaration accepts: its names, aliases and keyword arguments.
    public static var acceptedWords: Set<String> {
        Set(declarations.flatMap { [$0.name] + $0.aliases + $0.keywords }.map { $0.lowercased() })
    }

    /// Every name and alias, for completion and suggestions.
    public static var allNames: [String] { declarations.flatMap { [$0.name] + $0.aliases } }

    /// The closest known name to a mistyped one, if one is close: fewest edits, counting a
    /// swap of two neighbouring letters as one (`vaule` → `value`), then the shortest.
    public static func suggestion(for typed: String) -> String? {
        let name = typed.lowercased()
        guard !name.isEmpty else { return nil }
        let words = allNames.filter { $0.first?.isLetter == true }
        let scored = words.map { ($0, EditDistance.damerauLevenshtein($0, name)) }
        if let best = scored.min(by: { ($0.1, $0.0.count) < ($1.1, $1.0.count) }), best.1 <= max(1, name.count / 3) {
            return best.0
        }
        return words.first { $0.hasPrefix(name) }
    }
}

/// Edit distances between short words.
public enum EditDistance {
    /// Insertions, deletions, substitutions and swaps of two neighbouring characters, each
    /// counting one (the optimal string alignment form of Damerau–Levenshtein).
    public static func damerauLevenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

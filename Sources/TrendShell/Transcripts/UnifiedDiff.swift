/// A unified diff of two line lists, as `diff -u` prints it, for `--check` mismatches.
public enum UnifiedDiff {
    /// The diff text; empty when the lists are equal.
    public static func make(
        expected: [String], actual: [String], expectedName: String, actualName: String, context: Int = 3,
        same: (String, String) -> Bool = { $0 == $1 }
    )
        -> [String]
    {
        let edits = editScript(expected, actual, same: same)
        guard edits.contains(where: { $0.kind != .same }) else { return [] }
        var lines = ["--- \(expectedName)", "+++ \(actualName)"]
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(index, firstChange - context)
            if start < index { start = index }
            var end = firstChange
            while end < edits.count {
                if edits[end].kind != .same {
                    end += 1
                    continue
                }
                let nextChange = edits[end...].firstIndex(where: { $0.kind != .same }) ?? edits.count
                if nextChange - end > context * 2 || nextChange == edits.count {
                    end = min(edits.count, end + context)
                    break
                }
                end = nextChange
            }
            let hunk = edits[start..<end]
            let oldStart = hunk.first?.oldIndex ?? 0
            let newStart = hunk.first?.newIndex ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            lines.append("@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: lines.append(" " + edit.text)
                case .removed: lines.append("-" + edit.text)
                case .added: lines.append("+" + edit.text)
                }
            }
            index = end
        }
        return lines
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: String
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script through a longest-common-subsequence table.
    static func editScript(_ old: [String], _ new: [String], same: (String, String) -> Bool = { $0 == $1 }) -> [Edit] {
        let n = old.count
        let m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = same(old[i], new[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, same(old[i], new[j]) {
                edits.append(Edit(kind: .same, text: old[i], oldIndex: i, newIndex: j))
                i += 1
                j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                edits.append(Edit(kind: .removed, text: old[i], oldIndex: i, newIndex: j))
                i += 1
            } else {
                edits.append(Edit(kind: .added, text: new[j], oldIndex: i, newIndex: j))
                j += 1
            }
        }
        return edits
    }
}

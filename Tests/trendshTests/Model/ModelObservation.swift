import TrendshTestSupport

/// What the checks compare after every step: the saved entries and habits (read from the
/// SQLite file), the draft (from `status` and `show`) and the pending changes (from `status`).
struct ModelObservation: Equatable, Sendable, CustomStringConvertible {
    var entries: [String] = []
    var habits: [String] = []
    var draft: [String] = []
    var pending: [String] = []

    var description: String {
        (["entries:"] + entries + ["habits:"] + habits + ["draft:"] + draft + ["pending:"] + pending).map { "  " + $0 }
            .joined(separator: "\n")
    }

    /// The lines that differ, model first.
    func differences(from actual: ModelObservation) -> String {
        var lines: [String] = []
        for (name, expected, got) in [
            ("entries", entries, actual.entries), ("habits", habits, actual.habits), ("draft", draft, actual.draft),
            ("pending", pending, actual.pending),
        ] where expected != got {
            lines.append("\(name): the model has \(expected), trendsh has \(got)")
        }
        return lines.joined(separator: "\n")
    }
}

extension TrendshModel {
    /// The observation the model predicts.
    var observation: ModelObservation {
        var seen = ModelObservation()
        seen.entries = entries.keys.sorted().map { id in Self.line(id: id, entries[id]!) }
        seen.habits = habits.map { "\($0): " + (habitDays[$0] ?? []).sorted().joined(separator: ",") }
        if let draft {
            let state = draft.hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
            switch draft.kind {
            case .new, .edit:
                let target: String
                if case .edit(let id) = draft.kind { target = "editing #\(id)" } else { target = "new entry" }
                seen.draft = [
                    "\(target), \(state)", "value: " + (draft.value.isEmpty ? "(none)" : "\(draft.value) (kg)"),
                    "date: " + draft.date, "note: " + (draft.note.isEmpty ? "(none)" : draft.note),
                ]
            case .habit:
                seen.draft = ["new habit, \(state)", "name: " + (draft.name.isEmpty ? "(none)" : draft.name)]
            case .importing:
                seen.draft = ["import, \(state)"]
            }
        } else {
            seen.draft = ["none"]
        }
        seen.pending = pending.map { change in
            switch change.action {
            case .amend(let id, .value, let text): return "amend #\(id) value \(Self.kilograms(Self.tenths(text)!)) kg"
            case .amend(let id, .note, let text): return "amend #\(id) note \"\(text)\""
            case .undo(let step): return "undo step \(step)"
            case .redo(let step): return "redo step \(step)"
            }
        }
        return seen
    }

    static func line(id: Int, _ entry: Entry) -> String {
        "#\(id) \(kilograms(entry.tenths)) kg \(entry.date) \(entry.note)"
    }
}

extension ModelObservation {
    /// Reads the store file as another program would, and the session's own account of its
    /// draft and pending changes.
    init(storePath: String, status: String, show: String) throws {
        let store = try OtherProgram(path: storePath)
        defer { store.close() }
        entries = try store.rows("SELECT id, kilograms, note, taken_at FROM entries ORDER BY id").map { row in
            let tenths = Int(((Double(row[1] ?? "") ?? -1) * 10).rounded())
            let taken = String((row[3] ?? "").prefix(16)).map { $0 == "T" ? " " : $0 }
            return TrendshModel.line(
                id: Int(row[0] ?? "") ?? -1, TrendshModel.Entry(tenths: tenths, note: row[2] ?? "", date: String(taken))
            )
        }
        habits = try store.rows(
            """
            SELECT h.name, coalesce((SELECT group_concat(day, ',') FROM (SELECT day FROM completions
                WHERE habit_id = h.id ORDER BY day)), '') FROM habits h ORDER BY h.id
            """
        ).map { "\($0[0] ?? ""): \($0[1] ?? "")" }
        let statusLines = status.split(separator: "\n").map(String.init)
        if let line = statusLines.first(where: { $0.hasPrefix("draft: ") }) {
            var state = String(line.dropFirst(7))
            if state.hasSuffix(", last save failed") { state = String(state.dropLast(18)) }
            draft = [state]
        }
        let showLines = show.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("trendsh> ") }
        if let first = showLines.first, ["Log Weight", "Edit Entry", "New Habit"].contains(where: first.hasPrefix) {
            for line in showLines.dropFirst() where !line.hasPrefix("  last save failed") {
                let trimmed = line.trimmingSpaces
                guard let colon = trimmed.firstIndex(of: ":") else { continue }
                let key = String(trimmed[..<colon])
                let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
                draft.append(key + ": " + value)
            }
        }
        if let start = statusLines.firstIndex(where: { $0.hasPrefix("pending: ") }) {
            for line in statusLines[(start + 1)...] {
                guard line.hasPrefix("  ") else { break }
                let text = line.dropFirst(2)
                pending.append(
                    String(text.ranges(of: "; last try failed").first.map { text[..<$0.lowerBound] } ?? text))
            }
        }
    }
}

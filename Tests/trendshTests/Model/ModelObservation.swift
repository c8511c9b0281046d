import TrendshTestSupport

/// What the checks compare after every step: the saved entries with their measurements and
/// the habits (read from the store as another program would), the entries as `list` shows them, the draft (from
/// `status` and `show`) and the pending changes (from `status`).
struct ModelObservation: Equatable, Sendable, CustomStringConvertible {
    var entries: [String] = []
    /// `list`'s rows, newest first, spaces collapsed and the trend left out (the model keeps
    /// none), and a line for any kind whose column is not aligned.
    var listed: [String] = []
    var habits: [String] = []
    /// The kinds a person added, from the store's `kinds` table: word, lowest, highest.
    var kinds: [String] = []
    var draft: [String] = []
    var pending: [String] = []

    var description: String {
        (["entries:"] + entries + ["list:"] + listed + ["habits:"] + habits + ["kinds:"] + kinds + ["draft:"] + draft
            + ["pending:"] + pending).map { "  " + $0 }
            .joined(separator: "\n")
    }

    /// The lines that differ, model first.
    func differences(from actual: ModelObservation) -> String {
        var lines: [String] = []
        for (name, expected, got) in [
            ("entries", entries, actual.entries), ("list", listed, actual.listed), ("habits", habits, actual.habits),
            ("kinds", kinds, actual.kinds), ("draft", draft, actual.draft),
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
        seen.listed = entries.sorted { ($0.value.date, $0.key) > ($1.value.date, $1.key) }.map { id, entry in
            let cells =
                ["#\(id)", entry.date] + (entry.tenths.map { ["\(Self.kilograms($0)) kg"] } ?? [])
                + entry.measures.sorted { $0.key < $1.key }.map {
                    "\($0.key.rawValue) \(Self.kilograms($0.value)) \($0.key.unit)"
                }
                + (entry.note.isEmpty ? [] : [entry.note])
            return cells.joined(separator: " ")
        }
        seen.habits = habits.map { "\($0): " + (habitDays[$0] ?? []).sorted().joined(separator: ",") }
        seen.kinds = addedKinds.sorted { $0.key < $1.key }.map {
            "\($0.key) \(Self.kilograms($0.value.lowerBound)) \(Self.kilograms($0.value.upperBound))"
        }
        if let draft {
            let state = draft.hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
            switch draft.kind {
            case .new, .edit:
                let target: String
                if case .edit(let id) = draft.kind { target = "editing #\(id)" } else { target = "new entry" }
                seen.draft =
                    ["\(target), \(state)", "value: " + (draft.value.isEmpty ? "(none)" : "\(draft.value) (kg)")]
                    + draft.measures.filter { range(of: $0.key) != nil }.sorted { $0.key < $1.key }.map {
                        "\($0.key): " + Self.shown($0.value, of: $0.key)
                    }
                    // A value of a kind the store no longer has comes after the others, marked.
                    + draft.measures.filter { range(of: $0.key) == nil }.sorted { $0.key.rawValue < $1.key.rawValue }
                    .map {
                        "\($0.key): " + Self.shown($0.value, of: $0.key) + ", of a kind the store no longer has; "
                            + "\"save\" refuses it until it is cleared or the kind is back"
                    }
                    + ["date: " + draft.date, "note: " + (draft.note.isEmpty ? "(none)" : draft.note)]
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
            case .amend(let id, .value, ""): return "amend #\(id) value (removed)"
            case .amend(let id, .value, let text): return "amend #\(id) value \(Self.kilograms(Self.tenths(text)!)) kg"
            case .amend(let id, .note, let text): return "amend #\(id) note \"\(text)\""
            case .amend(let id, .measure(let kind), ""): return "amend #\(id) \(kind) (removed)"
            case .amend(let id, .measure(let kind), let text):
                let value = Self.kilograms(Self.canonicalTenths(text, of: kind)!)
                return "amend #\(id) \(kind) \(value) \(kind.unit)"
            case .undo(let step): return "undo step \(step)"
            case .redo(let step): return "redo step \(step)"
            }
        }
        return seen
    }

    static func line(id: Int, _ entry: Entry) -> String {
        line(
            id: id, weight: entry.tenths.map(kilograms) ?? "-",
            // As the store file is read: by the kind's id.
            measures: entry.measures.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "\($0.key) \(kilograms($0.value))"
            },
            date: entry.date, note: entry.note)
    }

    /// An entry as the checks compare it: `#1 75.4 kg fat 21.5 waist 88.9 2026-11-29 08:00 note`,
    /// `-` for no weight.
    static func line(id: Int, weight: String, measures: [String], date: String, note: String) -> String {
        (["#\(id) \(weight) kg"] + measures + ["\(date) \(note)"]).joined(separator: " ")
    }
}

extension ModelObservation {
    /// Reads the store as another program would, and the session's own account of its
    /// draft and pending changes.
    init(session store: ModelSession, list: String, status: String, show: String) throws {
        entries = try Self.entries(in: store, of: .me)
        listed = Self.rows(ofList: list)
        let days =
            store.engine == .sqlite
            ? "SELECT group_concat(day, ',') FROM (SELECT day FROM completions WHERE habit_id = h.id ORDER BY day)"
            : "SELECT string_agg(day, ',' ORDER BY day) FROM completions WHERE habit_id = h.id"
        let mine = "person = \(store.rowsOf(.me))"
        habits = try store.rows(
            "SELECT h.name, coalesce((\(days)), '') FROM habits h WHERE h.\(mine) ORDER BY h.id"
        ).map {
            "\($0[0] ?? ""): \($0[1] ?? "")"
        }
        kinds = try store.rows("SELECT id, min_value, max_value FROM kinds ORDER BY id").map {
            "\($0[0] ?? "") \(Self.tenths($0[1])) \(Self.tenths($0[2]))"
        }
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

    /// `person`'s entries with their measurements, read from the store as another program
    /// would: the rows that name them, each measurement by its own person too.
    static func entries(in store: ModelSession, of person: ModelPerson) throws -> [String] {
        let theirs = "person = \(store.rowsOf(person))"
        var measures: [String: [String]] = [:]
        for row in try store.rows(
            "SELECT entry_id, kind, value FROM measurements WHERE \(theirs) ORDER BY entry_id, kind")
        {
            measures[row[0] ?? "", default: []].append("\(row[1] ?? "?") \(Self.tenths(row[2]))")
        }
        return try store.rows("SELECT id, kilograms, note, taken_at FROM entries WHERE \(theirs) ORDER BY id").map {
            row in
            let taken = String((row[3] ?? "").prefix(16)).map { $0 == "T" ? " " : $0 }
            return TrendshModel.line(
                id: Int(row[0] ?? "") ?? -1, weight: row[1] == nil ? "-" : Self.tenths(row[1]),
                measures: measures[row[0] ?? ""] ?? [], date: String(taken), note: row[2] ?? "")
        }
    }

    /// A stored value in tenths (`83.0` as `83.0`), or the value as stored when it is not a whole
    /// number of tenths (`83.82`), which the model never holds.
    static func tenths(_ stored: String?) -> String {
        guard let text = stored, let value = Double(text) else { return "(\(stored ?? "NULL"))" }
        let tenths = (value * 10).rounded()
        return abs(value * 10 - tenths) < 1e-6 ? TrendshModel.kilograms(Int(tenths)) : text
    }

    /// `list`'s rows with their spaces collapsed and the trend left out; then, for each kind whose
    /// cells do not all end in the same column, a line that says so.
    static func rows(ofList list: String) -> [String] {
        var rows: [String] = []
        var ends: [String: Set<Int>] = [:]
        // From ten entries on, the ids are right-aligned (` #9` under `#10`).
        for line in list.split(separator: "\n").map(String.init) where line.drop(while: { $0 == " " }).hasPrefix("#") {
            var words: [String] = []
            var skipNext = false
            var offset = 0
            for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
                offset += piece.count + 1
                if piece.isEmpty { continue }
                if skipNext {
                    skipNext = false
                    continue
                }
                if piece == "trend" {
                    skipNext = true
                    continue
                }
                // A unit ends its kind's cell (`neck 35.0 cm`), or the weight's (`80.0 kg`).
                if ["kg", "%", "cm"].contains(piece) {
                    let kind =
                        words.count > 1 && words[words.count - 2].allSatisfy(\.isLetter)
                        ? words[words.count - 2] : "weight"
                    ends["\(kind) (\(piece))", default: []].insert(offset)
                }
                words.append(String(piece))
            }
            rows.append(words.joined(separator: " "))
        }
        for (column, columns) in ends.sorted(by: { $0.key < $1.key }) where columns.count > 1 {
            rows.append("the \(column) column is not aligned: it ends at \(columns.sorted())")
        }
        return rows
    }
}

/// What each command does to the model. Each returns true when trendsh should print an error.
extension TrendshModel {
    /// Carries out one typed line; true when it should fail.
    mutating func type(_ line: String) -> Bool {
        expectedError = []
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let rest = words.count > 1 ? words[1] : ""
        switch words[0] {
        case "value", "note", "date": return setField(words[0], rest)
        case "fat", "waist", "arm", "neck": return setMeasure(Kind(rawValue: words[0])!, rest)
        case "measure":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            let more = parts.count > 1 ? parts[1] : ""
            switch parts[0] {
            case "add": return addKind(more)
            case "remove": return removeKind(more)
            default:
                let kind = Kind(rawValue: parts[0])!
                // A value of a kind the store no longer has is cleared by its word.
                if more.isEmpty && range(of: kind) == nil && draft?.measures[kind] != nil {
                    draft?.measures[kind] = nil
                    return false
                }
                return setMeasure(kind, more)
            }
        case "edit": return edit(Int(rest) ?? 0)
        case "save": return save()
        case "cancel":
            guard draft != nil else { return true }
            draft = nil
            return false
        case "delete": return delete(Int(rest) ?? 0)
        case "amend": return amend(rest)
        case "retry": return applyPending()
        case "undo" where Int(rest) != nil: return undo(step: Int(rest) ?? 0)
        case "undo", "redo": return takeBack(undoing: words[0] == "undo")
        case "simulate":
            fault = rest.hasSuffix("once") ? .once : rest.hasSuffix("always") ? .always : .none
            return false
        case "new":
            if draft?.hasUnsavedChanges == true { return true }
            draft = Draft(kind: .habit)
            return false
        case "name":
            if draft?.kind != .habit {
                if draft?.hasUnsavedChanges == true { return true }
                draft = Draft(kind: .habit)
            }
            draft?.name = rest
            return false
        case "unit": return unit(rest)
        case "done": return done(rest)
        case "import":
            if draft?.hasUnsavedChanges == true { return true }
            draft = Draft(kind: .importing(rest))
            return false
        default: preconditionFailure("the model has no command \(line)")
        }
    }

    private mutating func setField(_ field: String, _ text: String) -> Bool {
        if field == "date" && Self.date(text) == nil { return true }
        guard openEntryDraft() else { return true }
        switch field {
        case "value": draft?.value = text
        case "note": draft?.note = text
        default: draft?.date = Self.date(text)!
        }
        return false
    }

    /// A line about a weigh-in goes to the open entry draft, or opens a new one in place of a
    /// draft without unsaved changes; false when another draft with unsaved changes is open.
    mutating func openEntryDraft() -> Bool {
        switch draft?.kind {
        case .new, .edit: return true
        default:
            if draft?.hasUnsavedChanges == true { return false }
            draft = Draft(kind: .new)
            return true
        }
    }

    private mutating func edit(_ id: Int) -> Bool {
        if draft?.hasUnsavedChanges == true { return true }
        guard let entry = entries[id] else { return true }
        let fields = [entry.tenths.map(Self.kilograms) ?? "", entry.note, entry.date]
        let measures = entry.measures.mapValues(Self.kilograms)
        draft = Draft(
            kind: .edit(id), value: fields[0], note: fields[1], date: fields[2], measures: measures, opened: fields,
            openedMeasures: measures, base: versions[id] ?? 0)
        return false
    }

    private mutating func save() -> Bool {
        guard let open = draft else { return true }
        switch open.kind {
        case .new, .edit:
            // Every measurement as its kind's rules say, and at least one of them.
            var typed = Entry(tenths: nil, note: open.note, date: open.date)
            if !open.value.isEmpty {
                guard let tenths = Self.tenths(open.value) else { return true }
                typed.tenths = tenths
            }
            // Checked in the order of their words; a value of a kind the store no longer has
            // is refused with a sentence of its own.
            for (kind, text) in open.measures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                guard let tenths = tenths(text, of: kind) else {
                    if range(of: kind) == nil {
                        expectedError = [
                            "The draft holds a value of \"\(kind)\", a kind the store no longer has (an undo or "
                                + "another session removed it). Add the kind again (\"measure add \(kind) …\"), or "
                                + "type \"measure \(kind)\" to clear the value."
                        ]
                    }
                    return true
                }
                typed.measures[kind] = tenths
            }
            guard typed.holdsAMeasurement else { return true }
            if case .edit = open.kind, !open.hasUnsavedChanges {
                draft = nil
                return false
            }
            if case .edit(let id) = open.kind, let entry = entries[id] {
                if entry == typed && versions[id] == open.base {
                    draft = nil
                    return false
                }
                guard writeAllowed() else { return true }
                if versions[id] != open.base {
                    draft?.base = versions[id] ?? 0
                    return true
                }
                record(.entries(before: [id: entry], after: [id: typed]))
            } else {
                guard writeAllowed() else { return true }
                // The entry is gone: the save is refused, and the draft, kept as typed, becomes
                // a new entry's, which the next save writes.
                if case .edit = open.kind {
                    draft?.kind = .new
                    draft?.opened = ["", "", Self.now]
                    draft?.openedMeasures = [:]
                    return true
                }
                record(.entries(before: [nextID: nil], after: [nextID: typed]))
                nextID += 1
            }
            draft = nil
            return false
        case .habit:
            let name = open.name.trimmingSpaces
            guard !name.isEmpty else { return true }
            guard writeAllowed(), habit(named: name) == nil else { return true }
            record(.habitAdded(name))
            draft = nil
            return false
        case .importing(let file):
            var added: [Int: Entry?] = [:]
            var seen = entries.values.map { [$0.date, String(describing: $0.tenths)] }
            var rows: [Entry] = []
            for row in Self.importRows[file] ?? [] where !seen.contains([row.date, String(describing: row.tenths)]) {
                seen.append([row.date, String(describing: row.tenths)])
                rows.append(row)
            }
            // The save reads the file again inside a write transaction, new rows or none; with
            // none, it writes nothing and is no step.
            guard writeAllowed() else { return true }
            if !rows.isEmpty {
                for row in rows {
                    added[nextID] = row
                    nextID += 1
                }
                record(.entries(before: added.mapValues { _ in nil }, after: added))
            }
            draft = nil
            return false
        }
    }

    private mutating func delete(_ id: Int) -> Bool {
        if draft?.kind == .edit(id) { return true }
        guard writeAllowed() else { return true }
        guard let entry = entries[id] else { return !deletedIDs.contains(id) }
        record(.entries(before: [id: entry], after: [id: nil]))
        deletedIDs.insert(id)
        return false
    }

    private mutating func amend(_ text: String) -> Bool {
        let words = text.split(separator: " ", maxSplits: 2).map(String.init)
        guard let id = Int(words[0]), let entry = entries[id] else { return true }
        let field = Field(word: words[1])!
        // A field of an added kind the store does not hold is no field.
        if case .measure(let kind) = field, range(of: kind) == nil { return true }
        let typed = words.count > 2 ? words[2] : ""
        // A value is checked at once; so is a removal, against the entry as it is now.
        guard let changed = amended(entry, field, typed), changed.holdsAMeasurement else { return true }
        let action = PendingAction.amend(id: id, field: field, text: typed)
        let change = Pending(action: action, base: versions[id] ?? 0)
        if let index = pending.firstIndex(where: {
            if case .amend(id, field, _) = $0.action { return true } else { return false }
        }) {
            pending[index] = change
        } else {
            pending.append(change)
        }
        return applyPending()
    }

    /// `retry`, and what an amend, undo or redo does once it is queued: applies the waiting
    /// changes in order, stopping at a storage failure. True when any failed.
    mutating func applyPending() -> Bool {
        var failed = false
        while let change = pending.first {
            guard writeAllowed() else { return true }
            pending.removeFirst()
            switch change.action {
            case .amend(let id, let field, let text):
                guard let entry = entries[id], versions[id] == change.base else {
                    failed = true
                    continue
                }
                // Removing the last measurement that is left is refused, and the change dropped.
                guard let after = amended(entry, field, text), after.holdsAMeasurement else {
                    failed = true
                    continue
                }
                // The entry holds it already: nothing is written, no step, no new version.
                if after == entry { continue }
                let before = versions[id]
                record(.entries(before: [id: entry], after: [id: after]))
                for index in pending.indices where pending[index].base == before {
                    if case .amend(id, _, _) = pending[index].action { pending[index].base = versions[id] ?? 0 }
                }
            case .undo(let number), .redo(let number):
                let undoing = change.action == .undo(step: number)
                guard let index = history.firstIndex(where: { $0.number == number }), history[index].done == undoing,
                    history[index].canFlip(entries, habitDays: habitDays, kinds: addedKinds),
                    !history[(index + 1)...].contains(where: {
                        $0.done && !$0.rows.isDisjoint(with: history[index].rows)
                    })
                else {
                    failed = true
                    continue
                }
                // A kind is not taken away while entries hold values of it: refused with their count.
                if let kind = history[index].kindItWouldRemove, let description = history[index].kindDescription {
                    let holding = entries.values.filter { $0.measures[kind] != nil }.count
                    if holding > 0 {
                        expectedError = [
                            Self.holdingValues(holding, of: kind)
                                + ", so step \(number) (\(description)) can't be put back; nothing was written."
                        ]
                        failed = true
                        continue
                    }
                }
                // Nor is a value of a kind removed since put back, nor a kind the open draft
                // holds a value of taken away.
                if let refusal = refusalOfAValueWithoutItsKind(history[index]) {
                    expectedError = refusal
                    failed = true
                    continue
                }
                // Amends typed after it, against the entries as they were, follow it, as they
                // follow an amend of this session.
                let changed: [Int]
                if case .entries(let before, _) = history[index].change {
                    changed = Array(before.keys)
                } else {
                    changed = []
                }
                let versionsBefore = changed.map { versions[$0] }
                put(history[index].change, undoing: undoing)
                for (id, version) in zip(changed, versionsBefore) {
                    for later in pending.indices where pending[later].base == version {
                        if case .amend(id, _, _) = pending[later].action { pending[later].base = versions[id] ?? 0 }
                    }
                }
                history[index].done = !undoing
                undoneCount += undoing ? 1 : 0
                history[index].undoneOrder = undoing ? undoneCount : 0
            }
        }
        return failed
    }

    /// Why flipping `step` would leave a value without its kind: an entry it puts back holds a
    /// value of a kind the store no longer has, or it takes away a kind the open draft holds a
    /// value of. The pieces of the refusal, or nil.
    func refusalOfAValueWithoutItsKind(_ step: HistoryStep) -> [String]? {
        let gone = Set(step.entriesItWouldPutBack.flatMap(\.measures.keys)).filter {
            $0.builtInRange == nil && addedKinds[$0] == nil
        }
        if !gone.isEmpty {
            let word = gone.count == 1 ? "\"\(gone.first!)\"" : ""
            return [
                "Step \(step.number) (",
                ") holds a value of \(word)",
                ", a kind that no longer exists, so it can't be put back; nothing was written.",
            ]
        }
        if let kind = step.kindItWouldRemove, let description = step.kindDescription, draft?.measures[kind] != nil {
            return [
                "The open draft holds a value of \"\(kind)\", so step \(step.number) (\(description)) can't be put "
                    + "back; nothing was written. Save or cancel the draft, or type \"\(kind)\" with no value, first."
            ]
        }
        return nil
    }

    private mutating func takeBack(undoing: Bool) -> Bool {
        guard pending.isEmpty else { return true }
        // Undo takes the newest done step; redo the step undone last, whatever its number.
        let step =
            undoing ? history.last { $0.done } : history.filter { !$0.done }.max { $0.undoneOrder < $1.undoneOrder }
        guard let step else { return true }
        pending.append(Pending(action: undoing ? .undo(step: step.number) : .redo(step: step.number), base: 0))
        return applyPending()
    }

    /// `undo STEP`: refused at once for a step not in the history or undone already.
    private mutating func undo(step number: Int) -> Bool {
        guard pending.isEmpty, history.contains(where: { $0.number == number && $0.done }) else { return true }
        pending.append(Pending(action: .undo(step: number), base: 0))
        return applyPending()
    }

    private mutating func done(_ name: String) -> Bool {
        guard let habit = habit(named: name) else { return true }
        if habitDays[habit, default: []].contains("2026-11-29") { return false }
        guard writeAllowed() else { return true }
        record(.habitDone(habit, day: "2026-11-29"))
        return false
    }

    // MARK: Sessions

    /// A new session on the store: a draft with unsaved changes and the pending changes come back;
    /// simulations do not.
    mutating func restart() {
        fault = .none
        if draft?.hasUnsavedChanges != true { draft = nil }
    }

    /// A `trendsh -c …` run on the same store: a session of its own, no draft, no pending changes.
    /// While the live session's changes wait in the pending-changes file, it refuses `amend`,
    /// `undo` and `redo`, since those come first. `waiting` is what waits in that file when
    /// the live session is another person's (the file is beside the store, whoever's it is).
    mutating func otherSession(_ commands: [String], waiting: [Pending]? = nil) -> Bool {
        let mine = (draft, pending, fault)
        let inTheFile = waiting ?? pending
        draft = nil
        pending = []
        fault = .none
        var failed = false
        for command in commands {
            let waitsBehind = ["amend", "undo", "redo"].contains { command.split(separator: " ").first == $0[...] }
            if waitsBehind && !inTheFile.isEmpty {
                failed = true
                continue
            }
            failed = type(command) || failed
        }
        (draft, pending, fault) = mine
        return failed
    }

    /// Takes the store's next entry id and step number from `other`, another person's model:
    /// both are one sequence for the whole store, whoever writes.
    mutating func takeNumbers(from other: TrendshModel) {
        nextID = other.nextID
        nextStep = other.nextStep
    }

    /// Follows a generated step without the program, so the generator can pick ids that exist:
    /// this model is me's, `sam` the store's other person's.
    mutating func applyForGeneration(_ step: ModelStep, sam: inout TrendshModel) {
        switch step {
        case .asSam(let commands):
            _ = sam.otherSession(commands, waiting: pending)
            takeNumbers(from: sam)
            return
        case .type(let line): _ = type(line)
        case .restart, .kill: restart()
        case .killDuringSave:
            _ = type("save")
            restart()
        case .killDuringAmend(let line, _):
            _ = type(line)
            restart()
        case .otherSession(let commands): _ = otherSession(commands)
        }
        sam.takeNumbers(from: self)
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

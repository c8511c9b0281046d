import FoundationEssentials

/// The habits feature's SQL. The `Store` owns the file and the transactions. Every read asks
/// for the connection's person's habits and days (`SQLConnection.person`), and every write
/// names them: another person's habit, found by its id, is no habit at all.
@MainActor
public final class SQLHabitRepository: HabitRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    public func habits() throws(StorageError) -> [Habit] {
        try store.read(.habits, loading: true) { db throws(StorageError) in
            var habits: [Habit] = []
            let statement = try db.statement(
                "SELECT id, name, created_at, revision, draft_id FROM habits WHERE person = ? ORDER BY name_key")
            try statement.bind([.text(db.person)])
            while try statement.step() { habits.append(Self.habit(from: statement)) }
            let days = try db.statement(
                "SELECT habit_id, day FROM completions WHERE person = ? ORDER BY habit_id, day")
            try days.bind([.text(db.person)])
            var byHabit: [(id: Int64, days: [Int])] = []
            while try days.step() {
                let id = days.int64(0)
                guard let day = days.text(1).flatMap(DayText.dayNumber) else { continue }
                if byHabit.last?.id == id {
                    byHabit[byHabit.count - 1].days.append(day)
                } else {
                    byHabit.append((id, [day]))
                }
            }
            for (id, doneDays) in byHabit {
                if let index = habits.firstIndex(where: { $0.id == id }) { habits[index].doneDays = doneDays }
            }
            return habits
        }
    }

    public func add(_ new: NewHabit) throws(StorageError) -> HabitAddOutcome {
        try store.write(.habits) { db throws(StorageError) in
            if let existing = try Self.habit(where: "draft_id = ?", .text(new.draftID.rawValue), in: db) {
                return .alreadyAdded(existing)
            }
            let key = HabitName.key(new.name)
            if let taken = try Self.habit(where: "name_key = ?", .text(key), in: db) { return .duplicate(taken) }
            var step = try ChangeRecorder.begin(
                .habitAdd, feature: .habits, operation: new.draftID.operation, subject: new.name, in: db)
            let id = try db.insertRow(
                "INSERT INTO habits (name, name_key, created_at, draft_id, person) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(new.name), .text(key), .text(StoredTime.text(new.createdAt)), .text(new.draftID.rawValue),
                    .text(db.person),
                ])
            step.didAdd(.habits, .id(id))
            try OperationLog.record(new.draftID.operation, feature: .habits, kind: "add", target: id, in: db)
            try step.finish()
            return .added(Habit(id: id, name: new.name, createdAt: new.createdAt, draftID: new.draftID))
        }
    }

    public func mark(habitID: Int64, day: Int, done: Bool, at: Date, operation: OperationID) throws(StorageError)
        -> HabitMarkOutcome
    {
        try store.write(.habits) { db throws(StorageError) in
            if try OperationLog.wasApplied(operation, in: db) { return .changed }
            guard let habit = try Self.habit(where: "id = ?", .integer(habitID), in: db) else { return .missing }
            let dayText = DayText.text(dayNumber: day)
            guard habit.isDone(on: day) != done else { return .unchanged }
            var step = try ChangeRecorder.begin(
                done ? .habitDone : .habitUndone, feature: .habits, operation: operation, subject: habit.name, in: db)
            let key = ChangedRowKey.pair(habitID, dayText)
            if done {
                try db.run(
                    "INSERT INTO completions (habit_id, day, recorded_at, person) VALUES (?, ?, ?, ?)",
                    [.integer(habitID), .text(dayText), .text(StoredTime.text(at)), .text(db.person)])
                step.didAdd(.completions, key)
            } else {
                try step.willChange(.completions, key)
                try db.run(
                    "DELETE FROM completions WHERE habit_id = ? AND day = ? AND person = ?",
                    [.integer(habitID), .text(dayText), .text(db.person)])
            }
            try OperationLog.record(
                operation, feature: .habits, kind: done ? "done" : "undone", target: habitID, detail: dayText, in: db)
            try step.finish()
            return .changed
        }
    }

    public func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        throws(StorageError) -> HabitRenameOutcome
    {
        try store.write(.habits) { db throws(StorageError) in
            guard let current = try Self.habit(where: "id = ?", .integer(habitID), in: db) else { return .missing }
            if try OperationLog.wasApplied(operation, in: db) { return .alreadyApplied(current) }
            let key = HabitName.key(name)
            if let taken = try Self.habit(where: "name_key = ?", .text(key), in: db), taken.id != habitID {
                return .duplicate(taken)
            }
            var step = try ChangeRecorder.begin(
                .habitRename, feature: .habits, operation: operation, subject: current.name, in: db)
            try step.willChange(.habits, .id(habitID))
            try db.run(
                "UPDATE habits SET name = ?, name_key = ?, revision = revision + 1 WHERE id = ? AND person = ?",
                [.text(name), .text(key), .integer(habitID), .text(db.person)])
            try OperationLog.record(
                operation, feature: .habits, kind: "rename", target: habitID, detail: Self.renaming(oldKey, key), in: db
            )
            try step.finish()
            var renamed = current
            renamed.name = name
            renamed.revision += 1
            return .renamed(renamed)
        }
    }

    public func delete(habitID: Int64, nameKey: String, operation: OperationID) throws(StorageError)
        -> HabitDeleteOutcome
    {
        try store.write(.habits) { db throws(StorageError) in
            if try OperationLog.wasApplied(operation, in: db) { return .alreadyDeleted }
            guard let current = try Self.habit(where: "id = ?", .integer(habitID), in: db) else { return .missing }
            var step = try ChangeRecorder.begin(
                .habitDelete, feature: .habits, operation: operation, subject: current.name, in: db)
            try step.willChange(.habits, .id(habitID))
            for day in current.doneDays {
                try step.willChange(.completions, .pair(habitID, DayText.text(dayNumber: day)))
            }
            let owned: [SQLValue] = [.integer(habitID), .text(db.person)]
            try db.run("DELETE FROM completions WHERE habit_id = ? AND person = ?", owned)
            try db.run("DELETE FROM habits WHERE id = ? AND person = ?", owned)
            try OperationLog.record(
                operation, feature: .habits, kind: "delete", target: habitID, detail: nameKey, in: db)
            try step.finish()
            return .deleted(current)
        }
    }

    public func wasRenamed(fromKey: String, toKey: String) throws(StorageError) -> Bool {
        try store.read(.habits) { db throws(StorageError) in
            try db.integer(
                "SELECT count(*) FROM operations WHERE person = ? AND feature = 'habits' AND kind = 'rename' AND detail = ?",
                [.text(db.person), .text(Self.renaming(fromKey, toKey))]) > 0
        }
    }

    public func habit(savedFrom draft: DraftID) throws(StorageError) -> Habit? {
        try store.read(.habits) { db throws(StorageError) in
            try Self.habit(where: "draft_id = ?", .text(draft.rawValue), in: db)
        }
    }

    /// How a rename is recorded: the old name key, a line break, the new one.
    static func renaming(_ oldKey: String, _ newKey: String) -> String { oldKey + "\n" + newKey }

    public func wasDeleted(nameKey: String) throws(StorageError) -> Bool {
        try store.read(.habits) { db throws(StorageError) in
            try db.integer(
                "SELECT count(*) FROM operations WHERE person = ? AND feature = 'habits' AND kind = 'delete' AND detail = ?",
                [.text(db.person), .text(nameKey)]) > 0
        }
    }

    /// The connection's person's habit that meets `condition` (one `?`, bound to `value`), with
    /// its days; nil when they have none, whoever else may.
    nonisolated static func habit(where condition: String, _ value: SQLValue, in db: any SQLConnection)
        throws(StorageError) -> Habit?
    {
        let statement = try db.statement(
            "SELECT id, name, created_at, revision, draft_id FROM habits WHERE person = ? AND \(condition)")
        try statement.bind([.text(db.person), value])
        guard try statement.step() else { return nil }
        var found = habit(from: statement)
        statement.reset()
        // A habit a write returns carries its days too, as a loaded one does.
        let days = try db.statement("SELECT day FROM completions WHERE habit_id = ? AND person = ? ORDER BY day")
        try days.bind([.integer(found.id), .text(db.person)])
        while try days.step() {
            if let day = days.text(0).flatMap(DayText.dayNumber) { found.doneDays.append(day) }
        }
        return found
    }

    nonisolated static func habit(from row: any SQLStatement) -> Habit {
        Habit(
            id: row.int64(0), name: row.text(1) ?? "", createdAt: row.text(2).flatMap(StoredTime.date) ?? .distantPast,
            revision: row.int64(3), draftID: row.text(4).map(DraftID.init(rawValue:)))
    }
}

/// Local calendar days as the store keeps them: `2026-11-29`.
public enum DayText {
    public static func text(dayNumber: Int) -> String { LocalCalendar.dayText(dayNumber: dayNumber) }

    /// The day number of `YYYY-MM-DD`; nil for anything else.
    public static func dayNumber(_ text: String) -> Int? {
        guard let fields = EntryDateParser.dayFields(Substring(text)) else { return nil }
        return Timestamp.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
    }
}

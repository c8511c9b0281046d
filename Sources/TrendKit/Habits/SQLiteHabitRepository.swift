import FoundationEssentials

/// The habits feature's SQL. The `Store` owns the file and the transactions.
@MainActor
public final class SQLiteHabitRepository: HabitRepository {
    public let store: Store

    public init(store: Store) { self.store = store }

    public func habits() throws(StorageError) -> [Habit] {
        try store.read(.habits, loading: true) { db throws(StorageError) in
            var habits: [Habit] = []
            let statement = try db.statement(
                "SELECT id, name, created_at, revision, draft_id FROM habits ORDER BY name_key")
            while try statement.step() { habits.append(Self.habit(from: statement)) }
            let days = try db.statement("SELECT habit_id, day FROM completions ORDER BY habit_id, day")
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
            try db.run(
                "INSERT INTO habits (name, name_key, created_at, draft_id) VALUES (?, ?, ?, ?)",
                [.text(new.name), .text(key), .text(StoredTime.text(new.createdAt)), .text(new.draftID.rawValue)])
            return .added(
                Habit(id: db.lastInsertRowID, name: new.name, createdAt: new.createdAt, draftID: new.draftID))
        }
    }

    public func mark(habitID: Int64, day: Int, done: Bool, at: Date) throws(StorageError) -> HabitMarkOutcome {
        try store.write(.habits) { db throws(StorageError) in
            guard try db.integer("SELECT count(*) FROM habits WHERE id = ?", [.integer(habitID)]) > 0 else {
                return .missing
            }
            let dayText = DayText.text(dayNumber: day)
            if done {
                try db.run(
                    "INSERT OR IGNORE INTO completions (habit_id, day, recorded_at) VALUES (?, ?, ?)",
                    [.integer(habitID), .text(dayText), .text(StoredTime.text(at))])
            } else {
                try db.run(
                    "DELETE FROM completions WHERE habit_id = ? AND day = ?", [.integer(habitID), .text(dayText)])
            }
            return db.changes > 0 ? .changed : .unchanged
        }
    }

    public func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        throws(StorageError) -> HabitRenameOutcome
    {
        try store.write(.habits) { db throws(StorageError) in
            guard let current = try Self.habit(where: "id = ?", .integer(habitID), in: db) else { return .missing }
            if try db.integer("SELECT count(*) FROM operations WHERE id = ?", [.text(operation.rawValue)]) > 0 {
                return .alreadyApplied(current)
            }
            let key = HabitName.key(name)
            if let taken = try Self.habit(where: "name_key = ?", .text(key), in: db), taken.id != habitID {
                return .duplicate(taken)
            }
            try db.run(
                "UPDATE habits SET name = ?, name_key = ?, revision = revision + 1 WHERE id = ?",
                [.text(name), .text(key), .integer(habitID)])
            try Self.record(operation, kind: "rename", target: habitID, detail: Self.renaming(oldKey, key), in: db)
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
            if try db.integer("SELECT count(*) FROM operations WHERE id = ?", [.text(operation.rawValue)]) > 0 {
                return .alreadyDeleted
            }
            guard let current = try Self.habit(where: "id = ?", .integer(habitID), in: db) else { return .missing }
            try db.run("DELETE FROM completions WHERE habit_id = ?", [.integer(habitID)])
            try db.run("DELETE FROM habits WHERE id = ?", [.integer(habitID)])
            try Self.record(operation, kind: "delete", target: habitID, detail: nameKey, in: db)
            return .deleted(current)
        }
    }

    public func wasRenamed(fromKey: String, toKey: String) throws(StorageError) -> Bool {
        try store.read(.habits) { db throws(StorageError) in
            try db.integer(
                "SELECT count(*) FROM operations WHERE feature = 'habits' AND kind = 'rename' AND detail = ?",
                [.text(Self.renaming(fromKey, toKey))]) > 0
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
                "SELECT count(*) FROM operations WHERE feature = 'habits' AND kind = 'delete' AND detail = ?",
                [.text(nameKey)]) > 0
        }
    }

    private static func record(
        _ operation: OperationID, kind: String, target: Int64, detail: String, in db: SQLiteDatabase
    ) throws(StorageError) {
        try db.run(
            """
            INSERT INTO operations (id, feature, kind, target, revision, applied_at, detail)
            VALUES (?, 'habits', ?, ?, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?)
            """,
            [.text(operation.rawValue), .text(kind), .integer(target), .text(detail)])
    }

    private static func habit(where condition: String, _ value: SQLiteValue, in db: SQLiteDatabase)
        throws(StorageError) -> Habit?
    {
        let statement = try db.statement(
            "SELECT id, name, created_at, revision, draft_id FROM habits WHERE \(condition)")
        try statement.bind([value])
        guard try statement.step() else { return nil }
        var found = habit(from: statement)
        statement.reset()
        // A habit a write returns carries its days too, as a loaded one does.
        let days = try db.statement("SELECT day FROM completions WHERE habit_id = ? ORDER BY day")
        try days.bind([.integer(found.id)])
        while try days.step() {
            if let day = days.text(0).flatMap(DayText.dayNumber) { found.doneDays.append(day) }
        }
        return found
    }

    private static func habit(from row: SQLiteStatement) -> Habit {
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

/// How the change history photographs and puts back habits and the days they were done. A
/// photograph holds its row's person (since format 17) and puts the row back with it; a row
/// that holds another person's name is not as the step left it, so a step never changes
/// someone else's row, and a row is read as it is now only for the session's own person.
extension UndoableTable {
    public static let habits = UndoableTable(
        name: "habits", feature: .habits, imagesTable: "habit_images",
        captureSQL: """
            INSERT INTO habit_images (change, position, side, id, name, name_key, created_at, draft_id, revision, person)
            SELECT ?1, ?2, ?3, id, name, name_key, created_at, draft_id, revision, person FROM habits WHERE id = ?4
            """,
        existsSQL: "SELECT count(*) FROM habits WHERE id = ?1",
        revisionSQL: "SELECT revision FROM habits WHERE id = ?1",
        matchesSQL: """
            SELECT count(*) FROM habits h JOIN habit_images i ON h.id = i.id
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3
                AND h.name IS NOT DISTINCT FROM i.name AND h.name_key IS NOT DISTINCT FROM i.name_key
                AND h.created_at IS NOT DISTINCT FROM i.created_at AND h.person IS NOT DISTINCT FROM i.person
            """,
        // Names are unique for each person without regard to case: another of the person's
        // habits may have taken the name since.
        clashSQL: """
            SELECT count(*) FROM habits h
            JOIN habit_images i ON h.person = i.person AND h.name_key = i.name_key AND h.id != i.id
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3
            """,
        insertSQL: """
            INSERT INTO habits (id, name, name_key, created_at, draft_id, revision, person)
            SELECT id, name, name_key, created_at, draft_id, ?4, person FROM habit_images
            WHERE change = ?1 AND position = ?2 AND side = ?3
            """,
        updateSQL: """
            UPDATE habits SET (name, name_key, created_at, draft_id) = (
                SELECT name, name_key, created_at, draft_id FROM habit_images
                WHERE change = ?1 AND position = ?2 AND side = ?3),
                revision = revision + 1
            WHERE id = ?4
            """,
        deleteSQL: "DELETE FROM habits WHERE id = ?1",
        dependents: ("completions", "SELECT count(*) FROM completions WHERE habit_id = ?1"),
        afterChange: { _ throws(StorageError) in },
        current: { db, key throws(StorageError) in
            guard case .integer(let id)? = key.values.first else { return nil }
            return try SQLHabitRepository.habit(where: "id = ?", .integer(id), in: db).map(RowValue.habit)
        },
        image: { db, step, position, side throws(StorageError) in
            let statement = try db.statement(
                """
                SELECT id, name, created_at, revision, draft_id FROM habit_images
                WHERE change = ? AND position = ? AND side = ?
                """)
            defer { statement.reset() }
            try statement.bind([.integer(step), .integer(position), .integer(side)])
            return try statement.step() ? .habit(SQLHabitRepository.habit(from: statement)) : nil
        },
        key: { text in Int64(text).map(ChangedRowKey.id) })

    public static let completions = UndoableTable(
        name: "completions", feature: .habits, imagesTable: "completion_images",
        captureSQL: """
            INSERT INTO completion_images (change, position, side, habit_id, day, recorded_at, person)
            SELECT ?1, ?2, ?3, habit_id, day, recorded_at, person FROM completions WHERE habit_id = ?4 AND day = ?5
            """,
        existsSQL: "SELECT count(*) FROM completions WHERE habit_id = ?1 AND day = ?2",
        revisionSQL: nil,
        matchesSQL: """
            SELECT count(*) FROM completions c JOIN completion_images i ON c.habit_id = i.habit_id AND c.day = i.day
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3 AND c.person IS NOT DISTINCT FROM i.person
            """,
        clashSQL: nil,
        insertSQL: """
            INSERT INTO completions (habit_id, day, recorded_at, person)
            SELECT habit_id, day, recorded_at, person FROM completion_images
            WHERE change = ?1 AND position = ?2 AND side = ?3
            """,
        updateSQL: """
            UPDATE completions SET recorded_at = (
                SELECT recorded_at FROM completion_images WHERE change = ?1 AND position = ?2 AND side = ?3)
            WHERE habit_id = ?4 AND day = ?5
            """,
        deleteSQL: "DELETE FROM completions WHERE habit_id = ?1 AND day = ?2",
        afterChange: { _ throws(StorageError) in },
        current: { db, key throws(StorageError) in
            guard key.values.count == 2, case .integer(let habit) = key.values[0], case .text(let day) = key.values[1],
                let number = DayText.dayNumber(day)
            else { return nil }
            let done = try db.integer(
                "SELECT count(*) FROM completions WHERE habit_id = ? AND day = ? AND person = ?",
                [.integer(habit), .text(day), .text(db.person)])
            return done > 0 ? .day(habitID: habit, day: number) : nil
        },
        image: { db, step, position, side throws(StorageError) in
            let statement = try db.statement(
                "SELECT habit_id, day FROM completion_images WHERE change = ? AND position = ? AND side = ?")
            defer { statement.reset() }
            try statement.bind([.integer(step), .integer(position), .integer(side)])
            guard try statement.step(), let day = statement.text(1).flatMap(DayText.dayNumber) else { return nil }
            return .day(habitID: statement.int64(0), day: day)
        },
        key: { text in
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let id = Int64(parts[0]) else { return nil }
            return .pair(id, String(parts[1]))
        })
}

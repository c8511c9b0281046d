import TrendKit

/// The structured answer of `habits`: each habit, its last seven days (oldest first), its
/// streak and the days done in the last 30.
enum HabitResults {
    static func habits(_ habits: [Habit], today: Int) -> CommandResult {
        var fields = JSONFields()
        fields.add("today", ResultDates.day(today))
        var table = CSVTable(
            header: ["habit", "created"] + (0..<7).map { LocalCalendar.dayText(dayNumber: today - 6 + $0) } + [
                "streak", "30 days",
            ])
        var rows: [JSONValue] = []
        for habit in habits {
            let week = (0..<7).map { habit.isDone(on: today - 6 + $0) }
            var row = JSONFields()
            row.add("id", .integer(habit.id))
            row.add("name", .string(habit.name))
            row.add("created", .string(LocalTimeText.iso(habit.createdAt)))
            row.add("lastSevenDays", .array(week.map { .bool($0) }))
            row.add("streak", .integer(habit.streak(today: today)))
            row.add("doneInLast30Days", .integer(habit.doneCount(lastDays: 30, today: today)))
            rows.append(row.value)
            table.rows.append(
                [.text(habit.name), .text(LocalTimeText.iso(habit.createdAt))] + week.map { .text($0 ? "yes" : "no") }
                    + [.integer(habit.streak(today: today)), .integer(habit.doneCount(lastDays: 30, today: today))])
        }
        fields.add("habits", .array(rows))
        return CommandResult(fields, table: table)
    }
}

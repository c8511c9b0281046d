import FoundationEssentials

/// The per-day table's days: notes applied to them, a zone's days built from the entries,
/// one day recounted, and the trend carried forward. Each reads and writes only the
/// connection's person's notes, entries and days.
extension DailyTable {
    /// Applies the notes after `applied` to one zone's days, then its trend from the earliest.
    static func apply(notesAfter applied: Int64, to id: Int64, _ zone: TrendZone, in db: any SQLConnection)
        throws(StorageError)
    {
        let notes = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), kilograms, change FROM daily_pending
            WHERE person = ? AND seq > ? AND NOT \(EntryRule.weightOutOfRangeSQL) ORDER BY seq
            """)
        try notes.bind([.text(db.person), .integer(applied)])
        // Grouped by day, each day's notes in the order they were made.
        var changes: [DayChange] = []
        var firstDay = Int.max
        while try notes.step() {
            let day = zone.day(unixSeconds: notes.int64(0))
            firstDay = min(firstDay, day)
            var index = changes.count - 1
            while index >= 0 && changes[index].day != day { index -= 1 }
            if index < 0 {
                changes.append(DayChange(day: day))
                index = changes.count - 1
            }
            changes[index].note(kilograms: notes.double(1), added: notes.int64(2) > 0)
        }
        notes.reset()
        for change in changes { try apply(change, to: id, zone, in: db) }
        if firstDay != Int.max { try retrend(id, from: firstDay, in: db) }
    }

    /// Applies one day's added and removed weights to its row. Removing the day's lowest or
    /// highest weight leaves the new extreme unknown, so that day is recounted from its entries
    /// (which hold every change applied here, since a catch-up applies every note it has not).
    static func apply(_ change: DayChange, to id: Int64, _ zone: TrendZone, in db: any SQLConnection)
        throws(StorageError)
    {
        let current = try db.statement(
            "SELECT entries, sum_kg, min_kg, max_kg FROM daily WHERE person = ? AND zone = ? AND day = ?")
        try current.bind([.text(db.person), .integer(id), .integer(Int64(change.day))])
        // A day with no row starts empty: no entries, and extremes any weight replaces.
        var row = DayRow(day: change.day, count: 0, sum: 0, minimum: .infinity, maximum: -.infinity)
        if try current.step() {
            row = DayRow(
                day: change.day, count: Int(current.int64(0)), sum: current.double(1), minimum: current.double(2),
                maximum: current.double(3))
        }
        current.reset()
        for kilograms in change.added {
            row.count += 1
            row.sum += kilograms
            row.minimum = min(row.minimum, kilograms)
            row.maximum = max(row.maximum, kilograms)
        }
        // Judged against the day with the added weights in it: a catch-up after another
        // zone's session may bring a weight added and removed again in the same batch.
        for kilograms in change.removed where kilograms <= row.minimum || kilograms >= row.maximum {
            _ = kilograms
            try recount(change.day, of: id, zone, in: db)
            return
        }
        for kilograms in change.removed {
            row.count -= 1
            row.sum -= kilograms
        }
        guard row.count > 0 else {
            try forget(change.day, of: id, in: db)
            return
        }
        try store(row, of: id, in: db)
    }

    /// The local day of an entry's time, from its seconds since 1970 (as SQLite reads them).
    static func secondsColumn(_ dialect: SQLDialect) -> String { dialect.unixSeconds("taken_at") }

    /// Every day of one zone from the person's entries, in time order, then the trend
    /// through all of them.
    static func rebuild(_ id: Int64, _ zone: TrendZone, in db: any SQLConnection) throws(StorageError) {
        let person = SQLValue.text(db.person)
        try db.run("DELETE FROM daily WHERE person = ? AND zone = ?", [person, .integer(id)])
        let rows = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), kilograms FROM entries
            WHERE person = ? AND NOT \(EntryRule.weightOutOfRangeSQL) ORDER BY taken_at, id
            """)
        try rows.bind([person])
        var days: [DayRow] = []
        while try rows.step() {
            let day = zone.day(unixSeconds: rows.int64(0))
            let kilograms = rows.double(1)
            if days.last?.day == day {
                days[days.count - 1].add(kilograms)
            } else {
                // Entries sort by UTC time, so a local day can only recur when the zone's
                // offset went back across midnight; such a day is merged below.
                days.append(DayRow(day: day, kilograms: kilograms))
            }
        }
        rows.reset()
        days = DayRow.merged(days)
        let points = TrendModel.smooth(days.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        let insert = try db.statement(
            """
            INSERT INTO daily (person, zone, day, entries, sum_kg, min_kg, max_kg, trend_kg)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (row, point) in zip(days, points) {
            try insert.bind([
                person, .integer(id), .integer(Int64(row.day)), .integer(Int64(row.count)), .real(row.sum),
                .real(row.minimum), .real(row.maximum), .real(point.trendKilograms),
            ])
            _ = try insert.step()
            insert.reset()
        }
    }

    /// Recounts one local day from the person's entries: a row with its mean, or no row.
    static func recount(_ day: Int, of id: Int64, _ zone: TrendZone, in db: any SQLConnection)
        throws(StorageError)
    {
        let (from, to) = DayRow.storedTimes(around: day)
        let rows = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), kilograms FROM entries
            WHERE person = ? AND taken_at >= ? AND taken_at < ? AND NOT \(EntryRule.weightOutOfRangeSQL)
            ORDER BY taken_at, id
            """)
        try rows.bind([.text(db.person), .text(from), .text(to)])
        guard let found = try DayRow.counted(day, in: zone, from: rows) else {
            try forget(day, of: id, in: db)
            return
        }
        try store(found, of: id, in: db)
    }

    /// Removes one day of one zone: it has no weigh-in left.
    static func forget(_ day: Int, of id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run(
            "DELETE FROM daily WHERE person = ? AND zone = ? AND day = ?",
            [.text(db.person), .integer(id), .integer(Int64(day))])
    }

    /// Writes a day's counts, keeping its trend until `retrend` sets it.
    static func store(_ row: DayRow, of id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run(
            """
            INSERT INTO daily (person, zone, day, entries, sum_kg, min_kg, max_kg, trend_kg)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (person, zone, day) DO UPDATE SET entries = excluded.entries, sum_kg = excluded.sum_kg,
                min_kg = excluded.min_kg, max_kg = excluded.max_kg
            """,
            [
                .text(db.person), .integer(id), .integer(Int64(row.day)), .integer(Int64(row.count)),
                .real(row.sum), .real(row.minimum), .real(row.maximum), .real(row.mean),
            ])
    }

    /// Recomputes the trend of every day of one zone from `day` on, starting from the day before it.
    static func retrend(_ id: Int64, from day: Int, in db: any SQLConnection) throws(StorageError) {
        let person = SQLValue.text(db.person)
        let previous = try point(of: id, before: day, in: db)
        let after = try db.statement(
            "SELECT \(pointColumns) FROM daily WHERE person = ? AND zone = ? AND day >= ? ORDER BY day")
        try after.bind([person, .integer(id), .integer(Int64(day))])
        var stored: [TrendPoint] = []
        while try after.step() { stored.append(point(from: after)) }
        after.reset()
        let fresh = TrendModel.smooth(
            stored.map { DailyWeight(day: $0.day, meanKilograms: $0.meanKilograms) }, after: previous)
        let update = try db.statement("UPDATE daily SET trend_kg = ? WHERE person = ? AND zone = ? AND day = ?")
        for (old, new) in zip(stored, fresh) where old.trendKilograms != new.trendKilograms {
            try update.bind([.real(new.trendKilograms), person, .integer(id), .integer(Int64(new.day))])
            _ = try update.step()
            update.reset()
        }
    }

    /// The columns `point(from:)` reads: the day, its mean weight and its trend.
    static let pointColumns = "day, sum_kg / entries, trend_kg"

    static func point(from row: any SQLStatement) -> TrendPoint {
        TrendPoint(day: Int(row.int64(0)), meanKilograms: row.double(1), trendKilograms: row.double(2))
    }
}

import FoundationEssentials

/// The per-day table's SQL: one row for each local day with weigh-ins (how many, the sum of
/// their weights, the lowest and highest, and the trend at the end of the day), and the one
/// time zone the rows were computed in. Triggers note each entry added or removed (an edit
/// of its time or weight is both) in `daily_pending`, whoever wrote it; `catchUp` applies
/// those notes to their days and recomputes the trend forward from the earliest of them
/// (never before it). The weights feature calls it inside its own write transactions, so
/// after a trendsh write the table never disagrees with the entries.
enum DailyTable {
    /// Above this many noted changes, one rebuild beats applying them day by day.
    static let rebuildThreshold: Int64 = 5_000

    /// Brings the table up to date for `zone`: applies the noted changes, or rebuilds the
    /// table when it was built for another zone (or never built), or when more entries
    /// changed than applying them one by one suits. Returns true when it wrote anything.
    @discardableResult
    static func catchUp(zone: String, in db: SQLiteDatabase) throws(StorageError) -> Bool {
        guard try builtZone(in: db) == zone else {
            try rebuild(zone: zone, in: db)
            return true
        }
        let pending = try db.integer("SELECT count(*) FROM daily_pending")
        guard pending > 0 else { return false }
        guard pending <= rebuildThreshold else {
            try rebuild(zone: zone, in: db)
            return true
        }
        let notes = try db.statement(
            "SELECT CAST(strftime('%s', taken_at) AS INTEGER), kilograms, change FROM daily_pending ORDER BY rowid")
        // Grouped by day, each day's notes in the order they were made. (Plain loops: a
        // generic sort or key path here would cost a first-use lookup in every save.)
        var changes: [DayChange] = []
        var firstDay = Int.max
        while try notes.step() {
            let day = LocalCalendar.dayNumber(unixSeconds: notes.int64(0))
            firstDay = min(firstDay, day)
            var index = changes.count - 1
            while index >= 0 && changes[index].day != day { index -= 1 }
            if index < 0 {
                changes.append(DayChange(day: day))
                index = changes.count - 1
            }
            changes[index].note(kilograms: notes.double(1), added: notes.int64(2) > 0)
        }
        for change in changes { try apply(change, in: db) }
        try db.run("DELETE FROM daily_pending")
        if firstDay != Int.max { try retrend(from: firstDay, in: db) }
        return true
    }

    /// Applies one day's added and removed weights to its row. Removing the day's lowest or
    /// highest weight leaves the new extreme unknown, so that day is recounted from its entries.
    private static func apply(_ change: DayChange, in db: SQLiteDatabase) throws(StorageError) {
        let current = try db.statement("SELECT entries, sum_kg, min_kg, max_kg FROM daily WHERE day = ?")
        try current.bind([.integer(Int64(change.day))])
        // A day with no row starts empty: no entries, and extremes any weight replaces.
        var row = DayRow(day: change.day, count: 0, sum: 0, minimum: .infinity, maximum: -.infinity)
        if try current.step() {
            row = DayRow(
                day: change.day, count: Int(current.int64(0)), sum: current.double(1), minimum: current.double(2),
                maximum: current.double(3))
        }
        current.reset()
        for kilograms in change.removed where row.count > 0 && (kilograms <= row.minimum || kilograms >= row.maximum) {
            _ = kilograms
            try recount(change.day, in: db)
            return
        }
        for kilograms in change.added {
            row.count += 1
            row.sum += kilograms
            row.minimum = min(row.minimum, kilograms)
            row.maximum = max(row.maximum, kilograms)
        }
        for kilograms in change.removed {
            row.count -= 1
            row.sum -= kilograms
        }
        guard row.count > 0 else {
            try db.run("DELETE FROM daily WHERE day = ?", [.integer(Int64(change.day))])
            return
        }
        try store(row, in: db)
    }

    /// For a bulk insert: sets the added-entry trigger aside until `resumeNotes`, in the
    /// caller's transaction, and returns the first id the new rows can have.
    static func suspendNotes(in db: SQLiteDatabase) throws(StorageError) -> Int64 {
        try db.execute("DROP TRIGGER entries_added")
        return try db.integer("SELECT coalesce(max(seq), 0) + 1 FROM sqlite_sequence WHERE name = 'entries'")
    }

    /// Puts the trigger back and notes every entry from `firstID` on, or, when they are
    /// more than noting one by one suits, has the next catch-up rebuild the table.
    static func resumeNotes(from firstID: Int64, in db: SQLiteDatabase) throws(StorageError) {
        try db.execute(DailySchema.addedTrigger)
        let added = try db.integer("SELECT count(*) FROM entries WHERE id >= ?", [.integer(firstID)])
        if added > rebuildThreshold {
            // Stale on purpose: a zone that matches nothing makes `catchUp` rebuild.
            try db.run("UPDATE daily_zone SET zone = '' WHERE only = 1")
        } else if added > 0 {
            try db.run(
                "INSERT INTO daily_pending SELECT taken_at, kilograms, 1 FROM entries WHERE id >= ? ORDER BY id",
                [.integer(firstID)])
        }
    }

    /// Runs `write`, a write of `count` entries at once in the caller's transaction (an undo
    /// or redo of an import). Above `rebuildThreshold`, where the next catch-up rebuilds the
    /// table anyway, the triggers that note each entry are set aside while it runs and put
    /// back as they were, and the table is marked for that rebuild: the notes, one for each
    /// entry, are never written.
    static func writingMany(_ count: Int64, in db: SQLiteDatabase, _ write: () throws(StorageError) -> Void)
        throws(StorageError)
    {
        guard count > rebuildThreshold else { return try write() }
        var triggers: [String] = []
        for name in ["entries_added", "entries_changed", "entries_removed"] {
            guard
                let sql = try db.text(
                    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [.text(name)])
            else { continue }
            triggers.append(sql)
            try db.execute("DROP TRIGGER \(name)")
        }
        try write()
        for sql in triggers { try db.execute(sql) }
        // Stale on purpose: a zone that matches nothing makes `catchUp` rebuild.
        try db.run("UPDATE daily_zone SET zone = '' WHERE only = 1")
    }

    /// True when the table is current for `zone`: built for it, with no changes waiting.
    static func isCurrent(zone: String, in db: SQLiteDatabase) throws(StorageError) -> Bool {
        try db.text(
            "SELECT zone FROM daily_zone WHERE only = 1 AND NOT EXISTS (SELECT 1 FROM daily_pending)") == zone
    }

    /// The zone the rows were computed in; nil before the first build.
    static func builtZone(in db: SQLiteDatabase) throws(StorageError) -> String? {
        try db.text("SELECT zone FROM daily_zone WHERE only = 1")
    }

    /// The local day of an entry's time, from its seconds since 1970 (as SQLite reads them).
    private static let secondsColumn = "CAST(strftime('%s', taken_at) AS INTEGER)"

    /// Every day from the entries, in time order, then the trend through all of them.
    static func rebuild(zone: String, in db: SQLiteDatabase) throws(StorageError) {
        try db.run("DELETE FROM daily")
        try db.run("DELETE FROM daily_pending")
        let rows = try db.statement("SELECT \(secondsColumn), kilograms FROM entries ORDER BY taken_at, id")
        var days: [DayRow] = []
        while try rows.step() {
            let day = LocalCalendar.dayNumber(unixSeconds: rows.int64(0))
            let kilograms = rows.double(1)
            if days.last?.day == day {
                days[days.count - 1].add(kilograms)
            } else {
                // Entries sort by UTC time, so a local day can only recur when the zone's
                // offset went back across midnight; such a day is merged below.
                days.append(DayRow(day: day, kilograms: kilograms))
            }
        }
        days = DayRow.merged(days)
        let points = TrendModel.smooth(days.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        let insert = try db.statement(
            "INSERT INTO daily (day, entries, sum_kg, min_kg, max_kg, trend_kg) VALUES (?, ?, ?, ?, ?, ?)")
        for (row, point) in zip(days, points) {
            try insert.bind([
                .integer(Int64(row.day)), .integer(Int64(row.count)), .real(row.sum), .real(row.minimum),
                .real(row.maximum), .real(point.trendKilograms),
            ])
            _ = try insert.step()
            insert.reset()
        }
        try db.run(
            "INSERT INTO daily_zone (only, zone) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET zone = excluded.zone",
            [.text(zone)])
    }

    /// Recounts one local day from its entries: a row with its mean, or no row.
    private static func recount(_ day: Int, in db: SQLiteDatabase) throws(StorageError) {
        // A local day lies within a day either side of the same UTC day (offsets are under
        // 26 hours); the index narrows the rows to those, and the local day picks.
        let from = StoredTime.text(Date(timeIntervalSince1970: Double(day - 1) * 86_400))
        let to = StoredTime.text(Date(timeIntervalSince1970: Double(day + 2) * 86_400))
        let rows = try db.statement(
            "SELECT \(secondsColumn), kilograms FROM entries WHERE taken_at >= ? AND taken_at < ? ORDER BY taken_at, id"
        )
        try rows.bind([.text(from), .text(to)])
        var found: DayRow?
        while try rows.step() {
            guard LocalCalendar.dayNumber(unixSeconds: rows.int64(0)) == day else { continue }
            if found == nil { found = DayRow(day: day, kilograms: rows.double(1)) } else { found?.add(rows.double(1)) }
        }
        guard let found else {
            try db.run("DELETE FROM daily WHERE day = ?", [.integer(Int64(day))])
            return
        }
        try store(found, in: db)
    }

    /// Writes a day's counts, keeping its trend until `retrend` sets it.
    private static func store(_ row: DayRow, in db: SQLiteDatabase) throws(StorageError) {
        try db.run(
            """
            INSERT INTO daily (day, entries, sum_kg, min_kg, max_kg, trend_kg) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (day) DO UPDATE SET entries = excluded.entries, sum_kg = excluded.sum_kg,
                min_kg = excluded.min_kg, max_kg = excluded.max_kg
            """,
            [
                .integer(Int64(row.day)), .integer(Int64(row.count)), .real(row.sum), .real(row.minimum),
                .real(row.maximum), .real(row.mean),
            ])
    }

    /// Recomputes the trend of every day from `day` on, starting from the day before it.
    private static func retrend(from day: Int, in db: SQLiteDatabase) throws(StorageError) {
        let before = try db.statement(
            "SELECT \(pointColumns) FROM daily WHERE day < ? ORDER BY day DESC LIMIT 1")
        try before.bind([.integer(Int64(day))])
        let previous = try before.step() ? point(from: before) : nil
        let after = try db.statement("SELECT \(pointColumns) FROM daily WHERE day >= ? ORDER BY day")
        try after.bind([.integer(Int64(day))])
        var stored: [TrendPoint] = []
        while try after.step() { stored.append(point(from: after)) }
        let fresh = TrendModel.smooth(
            stored.map { DailyWeight(day: $0.day, meanKilograms: $0.meanKilograms) }, after: previous)
        let update = try db.statement("UPDATE daily SET trend_kg = ? WHERE day = ?")
        for (old, new) in zip(stored, fresh) where old.trendKilograms != new.trendKilograms {
            try update.bind([.real(new.trendKilograms), .integer(Int64(new.day))])
            _ = try update.step()
            update.reset()
        }
    }

    /// The columns `point(from:)` reads: the day, its mean weight and its trend.
    static let pointColumns = "day, sum_kg / entries, trend_kg"

    static func point(from row: SQLiteStatement) -> TrendPoint {
        TrendPoint(day: Int(row.int64(0)), meanKilograms: row.double(1), trendKilograms: row.double(2))
    }
}

/// One local day's entries, summed as they are read.
struct DayRow {
    var day: Int
    var count: Int
    var sum: Double
    var minimum: Double
    var maximum: Double

    init(day: Int, count: Int, sum: Double, minimum: Double, maximum: Double) {
        self.day = day
        self.count = count
        self.sum = sum
        self.minimum = minimum
        self.maximum = maximum
    }

    init(day: Int, kilograms: Double) {
        self.day = day
        count = 1
        sum = kilograms
        minimum = kilograms
        maximum = kilograms
    }

    mutating func add(_ kilograms: Double) {
        count += 1
        sum += kilograms
        minimum = min(minimum, kilograms)
        maximum = max(maximum, kilograms)
    }

    var mean: Double { sum / Double(count) }

    /// Days in order with each day once: rows of a day that recurred are combined.
    static func merged(_ rows: [DayRow]) -> [DayRow] {
        guard zip(rows, rows.dropFirst()).contains(where: { $0.day >= $1.day }) else { return rows }
        var byDay: [Int: DayRow] = [:]
        for row in rows {
            if var existing = byDay[row.day] {
                existing.count += row.count
                existing.sum += row.sum
                existing.minimum = min(existing.minimum, row.minimum)
                existing.maximum = max(existing.maximum, row.maximum)
                byDay[row.day] = existing
            } else {
                byDay[row.day] = row
            }
        }
        return byDay.values.sorted { $0.day < $1.day }
    }
}

/// The weights added to and removed from one day since the table last caught up.
struct DayChange {
    let day: Int
    var added: [Double] = []
    var removed: [Double] = []

    mutating func note(kilograms: Double, added isAdded: Bool) {
        if isAdded { added.append(kilograms) } else { removed.append(kilograms) }
    }
}

import FoundationEssentials

/// The per-day table of a kind other than weight (`KindDailySchema`): each person's days of
/// each kind in each zone a session of theirs read them in (up to `DailyTable.keptZones`
/// zones a person and kind), built at the first read and then caught up from the notes the
/// triggers write for that person. It counts a value when it is within its kind's range; the
/// reads leave out the days after today. Every query asks for the connection's person.
enum KindDailyTable {
    /// One kind's days kept in one zone.
    struct KeptZone: Equatable {
        var id: Int64
        var identity: String
        var applied: Int64
    }

    /// The person's last note of `kind` (0 when none is left): days caught up or built now
    /// count it and every one before it, and every later note has a higher number.
    private static let lastNoteSQL =
        "SELECT coalesce(max(seq), 0) FROM kind_daily_pending WHERE person = ? AND kind = ?"

    /// The local day of an entry's time, from its seconds since 1970.
    static func secondsColumn(_ dialect: SQLDialect) -> String { dialect.unixSeconds("e.taken_at") }

    /// The id of `kind`'s days in `zone` when they are current: built, with no note they
    /// have not counted.
    static func current(_ kind: MeasurementKind, _ zone: TrendZone, in db: any SQLConnection) throws(StorageError)
        -> Int64?
    {
        let row = try db.statement(
            """
            SELECT id FROM kind_daily_zones AS z WHERE person = ?3 AND kind = ?1 AND zone = ?2
            AND NOT EXISTS (SELECT 1 FROM kind_daily_pending WHERE person = ?3 AND kind = ?1 AND seq > z.applied)
            """)
        defer { row.reset() }
        try row.bind([.text(kind.id.rawValue), .text(zone.identity), .text(db.person)])
        return try row.step() ? row.int64(0) : nil
    }

    /// Brings `kind`'s days in `zone` up to date, building them when no zone keeps them yet
    /// (or rebuilding them when more days changed than recounting one by one suits). Returns
    /// their id.
    @discardableResult
    static func catchUp(_ kind: MeasurementKind, zone: TrendZone, in db: any SQLConnection) throws(StorageError)
        -> Int64
    {
        let kindText = SQLValue.text(kind.id.rawValue)
        let person = SQLValue.text(db.person)
        let zones = try db.statement(
            "SELECT id, zone, applied FROM kind_daily_zones WHERE person = ? AND kind = ? ORDER BY applied")
        try zones.bind([person, kindText])
        var kept: [KeptZone] = []
        while try zones.step() {
            kept.append(KeptZone(id: zones.int64(0), identity: zones.text(1) ?? "", applied: zones.int64(2)))
        }
        zones.reset()
        let lastNote = try db.integer(lastNoteSQL, [person, kindText])
        let id: Int64
        if let mine = kept.first(where: { $0.identity == zone.identity }) {
            id = mine.id
            let notes = try db.statement(
                """
                SELECT \(db.dialect.unixSeconds("taken_at")) FROM kind_daily_pending
                WHERE person = ? AND kind = ? AND seq > ?
                """)
            try notes.bind([person, kindText, .integer(mine.applied)])
            var days = Set<Int>()
            while try notes.step() { days.insert(zone.day(unixSeconds: notes.int64(0))) }
            notes.reset()
            if days.count > Int(DailyTable.rebuildThreshold) {
                try rebuild(id, kind, zone, in: db)
            } else if let first = days.min() {
                for day in days { try recount(day, of: id, kind, zone, in: db) }
                try retrend(id, from: first, in: db)
            }
            try db.run(
                "UPDATE kind_daily_zones SET applied = ? WHERE person = ? AND id = ?",
                [.integer(lastNote), person, .integer(id)])
        } else {
            // Room for this zone: the zones that counted the fewest notes go first.
            for other in kept.dropLast(max(0, DailyTable.keptZones - 1)) { try drop(other.id, in: db) }
            id = try db.insertRow(
                "INSERT INTO kind_daily_zones (person, kind, zone, applied) VALUES (?, ?, ?, ?)",
                [person, kindText, .text(zone.identity), .integer(lastNote)])
            try rebuild(id, kind, zone, in: db)
        }
        // A note leaves once every zone that keeps the kind's days has counted it.
        try db.run(
            """
            DELETE FROM kind_daily_pending
            WHERE person = ?2 AND kind = ?1
            AND seq <= (SELECT min(applied) FROM kind_daily_zones WHERE person = ?2 AND kind = ?1)
            """,
            [kindText, person])
        return id
    }

    /// Removes one kind's days in one zone.
    private static func drop(_ id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM kind_daily WHERE person = ? AND zone = ?", [.text(db.person), .integer(id)])
        try db.run("DELETE FROM kind_daily_zones WHERE person = ? AND id = ?", [.text(db.person), .integer(id)])
    }

    /// Every day of `kind` in one zone from the measurements, then the trend through them.
    static func rebuild(_ id: Int64, _ kind: MeasurementKind, _ zone: TrendZone, in db: any SQLConnection)
        throws(StorageError)
    {
        try db.run("DELETE FROM kind_daily WHERE person = ? AND zone = ?", [.text(db.person), .integer(id)])
        let rows = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), m.value FROM measurements AS m JOIN entries AS e ON e.id = m.entry_id
            WHERE m.person = ? AND m.kind = ? AND m.value BETWEEN ? AND ? ORDER BY e.taken_at, e.id
            """)
        try rows.bind([
            .text(db.person), .text(kind.id.rawValue), .real(kind.range.lowerBound), .real(kind.range.upperBound),
        ])
        var days: [DayRow] = []
        while try rows.step() {
            let day = zone.day(unixSeconds: rows.int64(0))
            if days.last?.day == day {
                days[days.count - 1].add(rows.double(1))
            } else {
                days.append(DayRow(day: day, kilograms: rows.double(1)))
            }
        }
        rows.reset()
        days = DayRow.merged(days)
        let points = TrendModel.smooth(days.map { DailyWeight(day: $0.day, meanKilograms: $0.mean) })
        for (row, point) in zip(days, points) { try store(row, trend: point.trendKilograms, of: id, in: db) }
    }

    /// Recounts one local day of `kind` from its measurements: a row with its mean, or no row.
    static func recount(_ day: Int, of id: Int64, _ kind: MeasurementKind, _ zone: TrendZone, in db: any SQLConnection)
        throws(StorageError)
    {
        let (from, to) = DayRow.storedTimes(around: day)
        let rows = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), m.value FROM entries AS e JOIN measurements AS m ON m.entry_id = e.id AND m.kind = ?
            WHERE e.person = ? AND m.person = e.person AND e.taken_at >= ? AND e.taken_at < ? AND m.value BETWEEN ? AND ?
            ORDER BY e.taken_at, e.id
            """)
        try rows.bind([
            .text(kind.id.rawValue), .text(db.person), .text(from), .text(to), .real(kind.range.lowerBound),
            .real(kind.range.upperBound),
        ])
        guard let found = try DayRow.counted(day, in: zone, from: rows) else {
            try db.run(
                "DELETE FROM kind_daily WHERE person = ? AND zone = ? AND day = ?",
                [.text(db.person), .integer(id), .integer(Int64(day))])
            return
        }
        try store(found, trend: found.mean, of: id, in: db)
    }

    /// Writes a day's counts and a trend (`retrend` sets the true one).
    static func store(_ row: DayRow, trend: Double, of id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run(
            """
            INSERT INTO kind_daily (person, zone, day, entries, sum_value, min_value, max_value, trend_value)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (person, zone, day) DO UPDATE SET entries = excluded.entries, sum_value = excluded.sum_value,
                min_value = excluded.min_value, max_value = excluded.max_value, trend_value = excluded.trend_value
            """,
            [
                .text(db.person), .integer(id), .integer(Int64(row.day)), .integer(Int64(row.count)),
                .real(row.sum), .real(row.minimum), .real(row.maximum), .real(trend),
            ])
    }

    /// Recomputes the trend of every day of one kind's zone from `day` on.
    static func retrend(_ id: Int64, from day: Int, in db: any SQLConnection) throws(StorageError) {
        let previous = try point(of: id, before: day, in: db)
        let person = SQLValue.text(db.person)
        let after = try db.statement(
            "SELECT \(pointColumns) FROM kind_daily WHERE person = ? AND zone = ? AND day >= ? ORDER BY day")
        try after.bind([person, .integer(id), .integer(Int64(day))])
        var stored: [TrendPoint] = []
        while try after.step() { stored.append(DailyTable.point(from: after)) }
        after.reset()
        let fresh = TrendModel.smooth(
            stored.map { DailyWeight(day: $0.day, meanKilograms: $0.meanKilograms) }, after: previous)
        let update = try db.statement(
            "UPDATE kind_daily SET trend_value = ? WHERE person = ? AND zone = ? AND day = ?")
        for point in fresh {
            try update.bind([.real(point.trendKilograms), person, .integer(id), .integer(Int64(point.day))])
            _ = try update.step()
            update.reset()
        }
    }

    /// The columns `DailyTable.point(from:)` reads: the day, its mean and its trend.
    static let pointColumns = "day, sum_value / entries, trend_value"

    /// The last day of one kind's zone before `day`, with its trend.
    static func point(of id: Int64, before day: Int, in db: any SQLConnection) throws(StorageError) -> TrendPoint? {
        let row = try db.statement(
            "SELECT \(pointColumns) FROM kind_daily WHERE person = ? AND zone = ? AND day < ? ORDER BY day DESC LIMIT 1"
        )
        defer { row.reset() }
        try row.bind([.text(db.person), .integer(id), .integer(Int64(day))])
        return try row.step() ? DailyTable.point(from: row) : nil
    }

    /// The days of one kind's zone from `firstDay` through `lastDay`.
    static func days(of id: Int64, from firstDay: Int, through lastDay: Int, in db: any SQLConnection)
        throws(StorageError) -> [TrendDay]
    {
        let rows = try db.statement(
            """
            SELECT \(pointColumns), entries, min_value, max_value FROM kind_daily
            WHERE person = ? AND zone = ? AND day >= ? AND day <= ? ORDER BY day
            """)
        try rows.bind([.text(db.person), .integer(id), .integer(Int64(firstDay)), .integer(Int64(lastDay))])
        var days: [TrendDay] = []
        while try rows.step() {
            days.append(
                TrendDay(
                    point: DailyTable.point(from: rows), entries: Int(rows.int64(3)), minimumKilograms: rows.double(4),
                    maximumKilograms: rows.double(5)))
        }
        rows.reset()
        return days
    }

    /// How many of the person's values of `kind` the trend leaves out at `latest` (the end of
    /// today): each outside the kind's range, and each dated later.
    static func leftOut(_ kind: MeasurementKind, asOf latest: Date, in db: any SQLConnection) throws(StorageError)
        -> Int
    {
        Int(
            try db.integer(
                """
                SELECT count(*) FROM measurements AS m JOIN entries AS e ON e.id = m.entry_id
                WHERE m.person = ? AND m.kind = ? AND (m.value NOT BETWEEN ? AND ? OR e.taken_at > ?)
                """,
                [
                    .text(db.person), .text(kind.id.rawValue), .real(kind.range.lowerBound),
                    .real(kind.range.upperBound),
                    .text(StoredTime.text(latest)),
                ]))
    }
}

import FoundationEssentials

/// What the trend's reads need beyond the stored days: the point before a day, today as it
/// stands at a moment, and how many entries break a rule.
extension DailyTable {
    /// The last day of zone `id` before `day`, with its trend; nil when there is none.
    static func point(of id: Int64, before day: Int, in db: any SQLConnection) throws(StorageError) -> TrendPoint? {
        let row = try db.statement(
            "SELECT \(pointColumns) FROM daily WHERE person = ? AND zone = ? AND day < ? ORDER BY day DESC LIMIT 1")
        defer { row.reset() }
        try row.bind([.text(db.person), .integer(id), .integer(Int64(day))])
        return try row.step() ? point(from: row) : nil
    }

    /// Today (`day`, in `zone`) as it stands at `now`. The stored row counts every entry of
    /// the day, and one dated later than now breaks `EntryRule.notInFuture`: then the day is
    /// counted again from its entries up to now, its trend carried from the day before
    /// (`.some(nil)` when none are left). Nil when no entry of the day is later than now, so
    /// the stored row stands.
    static func today(_ id: Int64, _ zone: TrendZone, day: Int, asOf now: Date, in db: any SQLConnection)
        throws(StorageError) -> TrendDay??
    {
        // A local day lies within a day either side of the same UTC day.
        let nowText = StoredTime.text(now)
        let from = StoredTime.text(Date(timeIntervalSince1970: Double(day - 1) * 86_400))
        let to = StoredTime.text(Date(timeIntervalSince1970: Double(day + 2) * 86_400))
        let later = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)) FROM entries
            WHERE person = ? AND taken_at > ? AND taken_at < ? AND NOT \(EntryRule.weightOutOfRangeSQL)
            """)
        try later.bind([.text(db.person), .text(nowText), .text(to)])
        var laterToday = false
        while !laterToday, try later.step() { laterToday = zone.day(unixSeconds: later.int64(0)) == day }
        later.reset()
        guard laterToday else { return nil }
        let rows = try db.statement(
            """
            SELECT \(secondsColumn(db.dialect)), kilograms FROM entries
            WHERE person = ? AND taken_at >= ? AND taken_at <= ? AND NOT \(EntryRule.weightOutOfRangeSQL)
            ORDER BY taken_at, id
            """)
        try rows.bind([.text(db.person), .text(from), .text(nowText)])
        var found: DayRow?
        while try rows.step() {
            guard zone.day(unixSeconds: rows.int64(0)) == day else { continue }
            if found == nil { found = DayRow(day: day, kilograms: rows.double(1)) } else { found?.add(rows.double(1)) }
        }
        rows.reset()
        guard let found else { return .some(nil) }
        let previous = try point(of: id, before: day, in: db)
        let trend = TrendModel.smooth([DailyWeight(day: day, meanKilograms: found.mean)], after: previous)
        guard let point = trend.last else { return .some(nil) }
        return .some(
            TrendDay(
                point: point, entries: found.count, minimumKilograms: found.minimum, maximumKilograms: found.maximum))
    }

    /// How many of the person's entries break a rule at `now` (`EntryRule`): each weight
    /// outside the rule, read from its partial index, and each other entry dated later than now.
    static func leftOut(asOf now: Date, in db: any SQLConnection) throws(StorageError) -> Int {
        Int(try db.integer(leftOutSQL, [.text(db.person), .text(StoredTime.text(now))]))
    }

    /// `leftOut`'s query: neither count reads more of `entries` than the person's rows it counts.
    static let leftOutSQL = """
        SELECT (SELECT count(*) FROM entries WHERE person = ?1 AND \(EntryRule.weightOutOfRangeSQL))
            + (SELECT count(*) FROM entries WHERE person = ?1 AND taken_at > ?2 AND NOT \(EntryRule.weightOutOfRangeSQL))
        """
}

import FoundationEssentials

/// The trend's reads, from the per-day table the weights feature keeps: the connection's
/// person's days and entries only (`SQLConnection.person`). When the table holds no days of
/// theirs for this time zone yet, the first read builds them; when entries changed since
/// they were counted (by a session in another zone, or another program), it catches them up.
///
/// The table counts every entry whose weight keeps the rule, whatever its date; the reads
/// leave out what is dated after today (`EntryRule.latestCountedDate`): no day after today
/// is read, and today's row would be recounted from its entries up to that moment when one
/// of today's were later (`DailyTable.today`), which the rule's day boundary never leaves.
@MainActor
public final class SQLTrendRepository: TrendRepository {
    public let store: any RecordStore

    public init(store: any RecordStore) { self.store = store }

    public func window(from firstDay: Int, through lastDay: Int, asOf now: Date) throws(StorageError) -> TrendWindow {
        let zone = TrendZone.local
        let today = zone.day(unixSeconds: Self.seconds(now))
        return try readCurrent(zone) { db, id throws(StorageError) in
            let counted = try DailyTable.today(
                id, zone, day: today, asOf: EntryRule.latestCountedDate(asOf: now), in: db)
            var previous = try DailyTable.point(of: id, before: min(firstDay, today + 1), in: db)
            if let counted, previous?.day == today {
                previous = counted?.point
                if previous == nil { previous = try DailyTable.point(of: id, before: today, in: db) }
            }
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns), entries, min_kg, max_kg FROM daily
                WHERE person = ? AND zone = ? AND day >= ? AND day <= ? ORDER BY day
                """)
            try rows.bind([
                .text(db.person), .integer(id), .integer(Int64(firstDay)), .integer(Int64(min(lastDay, today))),
            ])
            var days: [TrendDay] = []
            while try rows.step() {
                days.append(
                    TrendDay(
                        point: DailyTable.point(from: rows), entries: Int(rows.int64(3)),
                        minimumKilograms: rows.double(4), maximumKilograms: rows.double(5)))
            }
            rows.reset()
            if let counted, days.last?.day == today {
                days.removeLast()
                if let counted { days.append(counted) }
            }
            return TrendWindow(
                firstDay: firstDay, lastDay: lastDay, before: previous, days: days,
                leftOut: try DailyTable.leftOut(asOf: EntryRule.latestCountedDate(asOf: now), in: db))
        }
    }

    public func latestGoalCrossing(goal: Double, inside: Double, outside: Double, asOf now: Date)
        throws(StorageError) -> TrendPoint?
    {
        let zone = TrendZone.local
        let today = zone.day(unixSeconds: Self.seconds(now))
        return try readCurrent(zone) { db, id throws(StorageError) in
            var latest = today
            if let counted = try DailyTable.today(
                id, zone, day: today, asOf: EntryRule.latestCountedDate(asOf: now), in: db)
            {
                // Today's stored trend counts a later entry: judge today as it stands now.
                if let point = counted?.point {
                    let distance = abs(point.trendKilograms - goal)
                    if distance <= inside || distance > outside { return point }
                }
                latest = today - 1
            }
            // Newest first, so the scan stops at the first crossing it meets.
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns) FROM daily
                WHERE person = ?6 AND zone = ?4 AND day <= ?5 AND (abs(trend_kg - ?1) <= ?2 OR abs(trend_kg - ?1) > ?3)
                ORDER BY day DESC LIMIT 1
                """)
            defer { rows.reset() }
            try rows.bind([
                .real(goal), .real(inside), .real(outside), .integer(id), .integer(Int64(latest)), .text(db.person),
            ])
            return try rows.step() ? DailyTable.point(from: rows) : nil
        }
    }

    public func latestCountedEntry(asOf now: Date) throws(StorageError) -> WeightEntry? {
        try store.read(.trend, loading: true) { db throws(StorageError) in
            let row = try db.statement(
                """
                SELECT \(SQLWeightRepository.columns) FROM entries
                WHERE person = ? AND taken_at <= ? AND NOT \(EntryRule.weightOutOfRangeSQL)
                ORDER BY taken_at DESC, id DESC LIMIT 1
                """)
            defer { row.reset() }
            try row.bind([.text(db.person), .text(StoredTime.text(EntryRule.latestCountedDate(asOf: now)))])
            guard try row.step() else { return nil }
            var entry = SQLWeightRepository.entry(from: row)
            row.reset()
            // Its other measurements: `stats` derives fat and lean mass from its body fat.
            entry.measurements = try SQLWeightRepository.measurements(of: entry.id, in: db)
            return entry
        }
    }

    /// Whole seconds since 1970, rounded down, as SQLite reads a stored time.
    private static func seconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        return value.isFinite ? Int64(max(-1e15, min(1e15, value))) : 0
    }

    /// Reads this zone's days (`body` gets their zone id) once they are current: when they
    /// were never built, or entries changed that they have not counted (another session or
    /// another program wrote them), they catch up first, in a write transaction of its own.
    private func readCurrent<T>(_ zone: TrendZone, _ body: (any SQLConnection, Int64) throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        let current: T? = try store.read(.trend, loading: true) { db throws(StorageError) in
            if let id = try DailyTable.current(zone, in: db) { return try body(db, id) }
            // With no entries there is nothing to count, so a new log is read without a write.
            guard
                try db.integer(
                    "SELECT CAST(NOT EXISTS (SELECT 1 FROM entries WHERE person = ?) AS INTEGER)", [.text(db.person)])
                    == 1
            else { return nil }
            return try body(db, DailyTable.noZone)
        }
        if let current { return current }
        do {
            return try store.write(.trend) { db throws(StorageError) in
                try body(db, try DailyTable.catchUp(zone: zone, in: db))
            }
        } catch {
            guard case .notYourLog = error else { throw error }
            return try readAside(shadowing: DailySchema.dayTables) { db throws(StorageError) in
                try body(db, try DailyTable.catchUp(zone: zone, in: db))
            }
        }
    }

    /// Catches up and reads a log this session may read and not write (on a server, one
    /// shared with its role): in temporary copies of the per-day tables, which hide the log's
    /// own for one transaction (PostgreSQL looks in a session's temporary tables first), built
    /// from the entries and then rolled back. Nothing of the log's is written; the log's own
    /// tables catch up in its person's next session.
    func readAside<T>(shadowing tables: [String], _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        var value: T?
        do {
            _ = try store.write(.trend) { db throws(StorageError) -> Void in
                for table in tables { try db.execute("CREATE TEMPORARY TABLE \(table) (LIKE \(table) INCLUDING ALL)") }
                value = try body(db)
                // Nothing of it is to be kept: the transaction ends here, rolled back.
                throw .abandoned
            }
        } catch {
            guard case .abandoned = error else { throw error }
        }
        guard let value else { throw .abandoned }
        return value
    }
}

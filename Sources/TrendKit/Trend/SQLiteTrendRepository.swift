/// The trend's reads, from the per-day table the weights feature keeps. When the table was
/// built in another time zone (or not yet), the first read rebuilds it.
@MainActor
public final class SQLiteTrendRepository: TrendRepository {
    public let store: Store

    public init(store: Store) { self.store = store }

    public func window(from firstDay: Int, through lastDay: Int) throws(StorageError) -> TrendWindow {
        try readCurrent { db throws(StorageError) in
            let before = try db.statement(
                "SELECT \(DailyTable.pointColumns) FROM daily WHERE day < ? ORDER BY day DESC LIMIT 1")
            try before.bind([.integer(Int64(firstDay))])
            let previous = try before.step() ? DailyTable.point(from: before) : nil
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns), entries, min_kg, max_kg FROM daily
                WHERE day >= ? AND day <= ? ORDER BY day
                """)
            try rows.bind([.integer(Int64(firstDay)), .integer(Int64(lastDay))])
            var days: [TrendDay] = []
            while try rows.step() {
                days.append(
                    TrendDay(
                        point: DailyTable.point(from: rows), entries: Int(rows.int64(3)),
                        minimumKilograms: rows.double(4), maximumKilograms: rows.double(5)))
            }
            return TrendWindow(firstDay: firstDay, lastDay: lastDay, before: previous, days: days)
        }
    }

    public func latestGoalCrossing(goal: Double, inside: Double, outside: Double) throws(StorageError)
        -> TrendPoint?
    {
        try readCurrent { db throws(StorageError) in
            // Newest first, so the scan stops at the first crossing it meets.
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns) FROM daily
                WHERE abs(trend_kg - ?1) <= ?2 OR abs(trend_kg - ?1) > ?3 ORDER BY day DESC LIMIT 1
                """)
            try rows.bind([.real(goal), .real(inside), .real(outside)])
            return try rows.step() ? DailyTable.point(from: rows) : nil
        }
    }

    /// Reads from a table that is current for this zone: when it was built for another, or
    /// entries changed that it has not counted (another program wrote them), it catches up
    /// first, in a write transaction of its own.
    private func readCurrent<T>(_ body: (SQLiteDatabase) throws(StorageError) -> T) throws(StorageError) -> T {
        let zone = LocalCalendar.zoneIdentity()
        let current: T? = try store.read(.trend, loading: true) { db throws(StorageError) in
            guard try DailyTable.isCurrent(zone: zone, in: db) else { return nil }
            return try body(db)
        }
        if let current { return current }
        return try store.write(.trend) { db throws(StorageError) in
            try DailyTable.catchUp(zone: zone, in: db)
            return try body(db)
        }
    }
}

/// The trend's reads, from the per-day table the weights feature keeps. When the table holds
/// no days for this time zone yet, the first read builds them; when entries changed since
/// they were counted (by a session in another zone, or another program), it catches them up.
@MainActor
public final class SQLiteTrendRepository: TrendRepository {
    public let store: Store

    public init(store: Store) { self.store = store }

    public func window(from firstDay: Int, through lastDay: Int) throws(StorageError) -> TrendWindow {
        try readCurrent { db, zone throws(StorageError) in
            let before = try db.statement(
                "SELECT \(DailyTable.pointColumns) FROM daily WHERE zone = ? AND day < ? ORDER BY day DESC LIMIT 1")
            try before.bind([.integer(zone), .integer(Int64(firstDay))])
            let previous = try before.step() ? DailyTable.point(from: before) : nil
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns), entries, min_kg, max_kg FROM daily
                WHERE zone = ? AND day >= ? AND day <= ? ORDER BY day
                """)
            try rows.bind([.integer(zone), .integer(Int64(firstDay)), .integer(Int64(lastDay))])
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
        try readCurrent { db, zone throws(StorageError) in
            // Newest first, so the scan stops at the first crossing it meets.
            let rows = try db.statement(
                """
                SELECT \(DailyTable.pointColumns) FROM daily
                WHERE zone = ?4 AND (abs(trend_kg - ?1) <= ?2 OR abs(trend_kg - ?1) > ?3) ORDER BY day DESC LIMIT 1
                """)
            try rows.bind([.real(goal), .real(inside), .real(outside), .integer(zone)])
            return try rows.step() ? DailyTable.point(from: rows) : nil
        }
    }

    /// Reads this zone's days (`body` gets their zone id) once they are current: when they
    /// were never built, or entries changed that they have not counted (another session or
    /// another program wrote them), they catch up first, in a write transaction of its own.
    private func readCurrent<T>(_ body: (SQLiteDatabase, Int64) throws(StorageError) -> T) throws(StorageError) -> T {
        let zone = TrendZone.local
        let current: T? = try store.read(.trend, loading: true) { db throws(StorageError) in
            guard let id = try DailyTable.current(zone, in: db) else { return nil }
            return try body(db, id)
        }
        if let current { return current }
        return try store.write(.trend) { db throws(StorageError) in
            try body(db, try DailyTable.catchUp(zone: zone, in: db))
        }
    }
}

import FoundationEssentials

/// The trend of a kind other than weight, read from its own per-day table (`KindDailyTable`),
/// which the first read in a zone builds and each later read catches up: the connection's
/// person's values only.
extension SQLTrendRepository {
    public func window(of kind: MeasurementKind, from firstDay: Int, through lastDay: Int, asOf now: Date)
        throws(StorageError) -> TrendWindow
    {
        let zone = TrendZone.local
        let latest = EntryRule.latestCountedDate(asOf: now)
        let today = zone.day(unixSeconds: Int64(latest.timeIntervalSince1970.rounded(.down)))
        return try readCurrent(kind, zone) { db, id throws(StorageError) in
            TrendWindow(
                firstDay: firstDay, lastDay: lastDay,
                before: try KindDailyTable.point(of: id, before: min(firstDay, today + 1), in: db),
                days: try KindDailyTable.days(of: id, from: firstDay, through: min(lastDay, today), in: db),
                leftOut: try KindDailyTable.leftOut(kind, asOf: latest, in: db))
        }
    }

    public func latestCountedEntry(with kind: MeasurementKind, asOf now: Date) throws(StorageError) -> WeightEntry? {
        try store.read(.trend, loading: true) { db throws(StorageError) in
            let id = try db.statement(
                """
                SELECT e.id FROM measurements AS m JOIN entries AS e ON e.id = m.entry_id
                WHERE m.person = ? AND m.kind = ? AND m.value BETWEEN ? AND ? AND e.taken_at <= ?
                ORDER BY e.taken_at DESC, e.id DESC LIMIT 1
                """)
            try id.bind([
                .text(db.person), .text(kind.id.rawValue), .real(kind.range.lowerBound), .real(kind.range.upperBound),
                .text(StoredTime.text(EntryRule.latestCountedDate(asOf: now))),
            ])
            guard try id.step() else {
                id.reset()
                return nil
            }
            let found = id.int64(0)
            id.reset()
            return try SQLWeightRepository.entry(id: found, in: db)
        }
    }

    /// Reads `kind`'s days in `zone` once they are current, catching them up first (in a
    /// write transaction of its own) when they were never built or values changed since.
    private func readCurrent<T>(
        _ kind: MeasurementKind, _ zone: TrendZone, _ body: (any SQLConnection, Int64) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let current: T? = try store.read(.trend, loading: true) { db throws(StorageError) in
            if let id = try KindDailyTable.current(kind, zone, in: db) { return try body(db, id) }
            // With no values of the kind there is nothing to count: read without a write.
            guard
                try db.integer(
                    "SELECT CAST(NOT EXISTS (SELECT 1 FROM measurements WHERE person = ? AND kind = ?) AS INTEGER)",
                    [.text(db.person), .text(kind.id.rawValue)])
                    == 1
            else { return nil }
            return try body(db, DailyTable.noZone)
        }
        if let current { return current }
        do {
            return try store.write(.trend) { db throws(StorageError) in
                try body(db, try KindDailyTable.catchUp(kind, zone: zone, in: db))
            }
        } catch {
            guard case .notYourLog = error else { throw error }
            return try readAside(shadowing: KindDailySchema.dayTables) { db throws(StorageError) in
                try body(db, try KindDailyTable.catchUp(kind, zone: zone, in: db))
            }
        }
    }
}

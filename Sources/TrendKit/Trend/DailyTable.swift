import FoundationEssentials

/// The per-day table's SQL. For each zone kept (`daily_zones`), `daily` has one row for each
/// local day with weigh-ins: how many, the sum of their weights, the lowest and highest, and
/// the trend at the end of the day. Triggers note each entry added or removed (an edit of its
/// time or weight is both) in `daily_pending`, whoever wrote it, numbered by `seq`. Each zone
/// remembers the last note its days count (`applied`); `catchUp` applies the notes after it
/// to that zone's days and recomputes its trend forward from the earliest of them (never
/// before it), and a note leaves the log once every zone kept has counted it. The weights
/// feature calls it inside its own write transactions, so after a trendsh write the table
/// never disagrees with the entries in the writer's zone; another zone's days catch up at
/// the next read or write of a session in it, without being rebuilt.
///
/// `applied` is written only while another zone still needs the notes: with one zone, the
/// notes it has counted are removed at once, so every note left in the log is one it has
/// not counted, whatever its `applied` says. That keeps a save to the pages it wrote with a
/// single zone. (A zone's `applied` may therefore lag; read it as at least the first note
/// left, less one: `uncounted(by:in:)`.)
enum DailyTable {
    /// Above this many noted changes, one rebuild beats applying them day by day.
    static let rebuildThreshold: Int64 = 5_000
    /// How many zones keep their days: the one a session is in and the two caught up before
    /// it. Building a fourth drops the one caught up longest ago; a zone more notes behind
    /// than `rebuildThreshold` is dropped too (it would be rebuilt anyway). A dropped zone is
    /// built again, once, when a session in it comes back.
    static let keptZones = 3

    /// A zone id no zone has (ids start at 1): its days are none.
    static let noZone: Int64 = 0

    /// One zone whose days the table holds.
    struct KeptZone: Equatable {
        var id: Int64
        var identity: String
        /// The last note its days count (see the type's note: it may lag).
        var applied: Int64
        /// Raised each time its days are caught up after another zone's: the lowest is the
        /// zone caught up longest ago.
        var used: Int64
    }

    /// The zones kept, in no particular order.
    static func keptZones(in db: any SQLConnection) throws(StorageError) -> [KeptZone] {
        let rows = try db.statement("SELECT id, zone, applied, used FROM daily_zones")
        var zones: [KeptZone] = []
        while try rows.step() {
            zones.append(
                KeptZone(id: rows.int64(0), identity: rows.text(1) ?? "", applied: rows.int64(2), used: rows.int64(3)))
        }
        return zones
    }

    /// The first and last note in the log; nil when it is empty.
    static func noteRange(in db: any SQLConnection) throws(StorageError) -> ClosedRange<Int64>? {
        let row = try db.statement(
            """
            SELECT coalesce((SELECT min(seq) FROM daily_pending), 0), coalesce((SELECT max(seq) FROM daily_pending), 0)
            """)
        defer { row.reset() }
        guard try row.step(), row.int64(0) > 0 else { return nil }
        return row.int64(0)...max(row.int64(0), row.int64(1))
    }

    /// How many notes in the log `zone` has not counted: every note after its `applied`
    /// (notes leave the log only as a run from the first, so those after it are all there).
    static func uncounted(by zone: KeptZone, in notes: ClosedRange<Int64>?) -> Int64 {
        guard let notes else { return 0 }
        return max(0, notes.upperBound - max(zone.applied, notes.lowerBound - 1))
    }

    /// The highest note number ever given (0 before the first): a zone built now counts them all.
    /// On a server the sequences are read after the writers' turn (`StoreServerSchema.takeTurn`),
    /// so no other writer moves them.
    private static func lastNoteGiven(in db: any SQLConnection) throws(StorageError) -> Int64 {
        try db.integer(lastNoteGivenText[db.dialect])
    }

    private static let lastNoteGivenText = DialectText(
        sqlite: "SELECT seq FROM sqlite_sequence WHERE name = 'daily_pending'",
        postgresql: "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM daily_pending_seq_seq")

    /// The highest entry id ever given (0 before the first).
    static func lastEntryIDGiven(in db: any SQLConnection) throws(StorageError) -> Int64 {
        try db.integer(lastEntryIDGivenText[db.dialect])
    }

    private static let lastEntryIDGivenText = DialectText(
        sqlite: "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'entries'",
        postgresql: "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM entries_id_seq")

    /// On a server the triggers that note entries are set aside by a setting of the
    /// transaction, which their `WHEN` reads (`DailySchema.notesRun`), not dropped.
    private static func setNotesAside(_ aside: Bool, in db: any SQLConnection) throws(StorageError) {
        _ = try db.text("SELECT set_config('trendsh.bulk', ?, true)", [.text(aside ? "on" : "off")])
    }

    /// Brings `zone`'s days up to date: applies the notes it has not counted, or builds its
    /// days when it has none (or rebuilds them when more entries changed than applying them
    /// one by one suits). Other zones' days are left as they are; the notes they still need
    /// stay in the log. Returns the zone's id in the table.
    @discardableResult
    static func catchUp(zone: TrendZone, in db: any SQLConnection) throws(StorageError) -> Int64 {
        var others = try keptZones(in: db)
        let notes = try noteRange(in: db)
        // Plain loops here: a generic sort, a key path or `first(where:)` would cost a
        // first-use lookup in every save.
        var index = others.count - 1
        while index >= 0 && others[index].identity != zone.identity { index -= 1 }
        guard index >= 0 else { return try build(zone, besides: others, notes: notes, in: db) }
        let mine = others.remove(at: index)
        let behind = uncounted(by: mine, in: notes)
        guard behind > 0, let notes else { return mine.id }
        var kept: [KeptZone] = []
        for other in others {
            if uncounted(by: other, in: notes) > rebuildThreshold {
                try drop(other.id, in: db)
            } else {
                kept.append(other)
            }
        }
        if behind > rebuildThreshold {
            try rebuild(mine.id, zone, in: db)
        } else {
            try apply(notesAfter: mine.applied, to: mine.id, zone, in: db)
        }
        var newestUse = mine.used
        var counted = notes.upperBound
        for other in kept {
            newestUse = max(newestUse, other.used)
            counted = min(counted, max(other.applied, notes.lowerBound - 1))
        }
        let used = newestUse > mine.used ? newestUse + 1 : mine.used
        try forgetNotes(through: counted, in: db)
        // Another zone still needs notes this one has counted: record how far it counted.
        let applied = counted < notes.upperBound ? notes.upperBound : mine.applied
        if applied != mine.applied || used != mine.used {
            try db.run(
                "UPDATE daily_zones SET applied = ?, used = ? WHERE id = ?",
                [.integer(applied), .integer(used), .integer(mine.id)])
        }
        return mine.id
    }

    /// Builds the days of a zone the table does not keep, making room first: the zones caught
    /// up longest ago beyond `keptZones`, and any too far behind, are dropped.
    private static func build(
        _ zone: TrendZone, besides others: [KeptZone], notes: ClosedRange<Int64>?, in db: any SQLConnection
    ) throws(StorageError) -> Int64 {
        let newestFirst = others.sorted { $0.used > $1.used }
        var kept: [KeptZone] = []
        for other in newestFirst {
            if kept.count < keptZones - 1 && uncounted(by: other, in: notes) <= rebuildThreshold {
                kept.append(other)
            } else {
                try drop(other.id, in: db)
            }
        }
        let used = (newestFirst.first?.used ?? 0) + 1
        let id = try db.insertRow(
            "INSERT INTO daily_zones (zone, applied, used) VALUES (?, ?, ?)",
            [.text(zone.identity), .integer(try lastNoteGiven(in: db)), .integer(used)])
        try rebuild(id, zone, in: db)
        if let notes {
            var counted = notes.upperBound
            for other in kept { counted = min(counted, max(other.applied, notes.lowerBound - 1)) }
            try forgetNotes(through: counted, in: db)
        }
        return id
    }

    /// Removes a zone and its days.
    private static func drop(_ id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM daily WHERE zone = ?", [.integer(id)])
        try db.run("DELETE FROM daily_zones WHERE id = ?", [.integer(id)])
    }

    /// Removes the notes up to `seq`, which every zone kept has counted.
    private static func forgetNotes(through seq: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM daily_pending WHERE seq <= ?", [.integer(seq)])
    }

    /// For a bulk insert: sets the added-entry trigger aside until `resumeNotes`, in the
    /// caller's transaction, and returns the first id the new rows can have.
    static func suspendNotes(in db: any SQLConnection) throws(StorageError) -> Int64 {
        switch db.dialect {
        case .sqlite: try db.execute("DROP TRIGGER entries_added")
        case .postgresql: try setNotesAside(true, in: db)
        }
        return try lastEntryIDGiven(in: db) + 1
    }

    /// Puts the trigger back and notes every entry from `firstID` on, or, when they are more
    /// than noting one by one suits, drops every zone's days: each zone would rebuild them
    /// anyway, and the caller's catch-up builds its own zone's at once.
    static func resumeNotes(from firstID: Int64, in db: any SQLConnection) throws(StorageError) {
        switch db.dialect {
        case .sqlite: try db.execute(DailySchema.addedTrigger)
        case .postgresql: try setNotesAside(false, in: db)
        }
        let added = try db.integer("SELECT count(*) FROM entries WHERE id >= ?", [.integer(firstID)])
        if added > rebuildThreshold {
            try db.run("DELETE FROM daily")
            try db.run("DELETE FROM daily_zones")
            try db.run("DELETE FROM daily_pending")
        } else if added > 0 {
            try db.run(
                """
                INSERT INTO daily_pending (taken_at, kilograms, change)
                SELECT taken_at, kilograms, 1 FROM entries WHERE id >= ? AND kilograms IS NOT NULL ORDER BY id
                """,
                [.integer(firstID)])
        }
    }

    /// Runs `write`, a write of `count` entries at once in the caller's transaction (an undo
    /// or redo of an import). Above `rebuildThreshold`, where every zone's next catch-up
    /// would rebuild its days anyway, the triggers that note each entry are set aside while
    /// it runs and put back as they were, and every zone's days are dropped, as after a large
    /// import (`resumeNotes`): the caller's catch-up builds its own zone's at once, and the
    /// notes, one for each entry, are never written.
    static func writingMany(_ count: Int64, in db: any SQLConnection, _ write: () throws(StorageError) -> Void)
        throws(StorageError)
    {
        guard count > rebuildThreshold else { return try write() }
        if db.dialect == .postgresql {
            try setNotesAside(true, in: db)
            try write()
            try setNotesAside(false, in: db)
            try db.run("DELETE FROM daily")
            try db.run("DELETE FROM daily_zones")
            try db.run("DELETE FROM daily_pending")
            return
        }
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
        try db.run("DELETE FROM daily")
        try db.run("DELETE FROM daily_zones")
        try db.run("DELETE FROM daily_pending")
    }

    /// The id of `zone`'s days when they are current: built, with no note they have not counted.
    static func current(_ zone: TrendZone, in db: any SQLConnection) throws(StorageError) -> Int64? {
        let row = try db.statement(
            """
            SELECT id FROM daily_zones
            WHERE zone = ? AND NOT EXISTS (SELECT 1 FROM daily_pending WHERE seq > daily_zones.applied)
            """)
        defer { row.reset() }
        try row.bind([.text(zone.identity)])
        return try row.step() ? row.int64(0) : nil
    }
}

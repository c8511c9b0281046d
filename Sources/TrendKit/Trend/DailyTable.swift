import FoundationEssentials

/// The per-day table's SQL. Each person has their own: every table names its `person`, and
/// every query here asks for the connection's (`SQLConnection.person`), so one person's
/// catch-up reads and writes only their own notes, zones and days, through indexes that lead
/// with `person` (format 16). What follows holds for each person apart.
///
/// For each zone kept (`daily_zones`), `daily` has one row for each local day with
/// weigh-ins: how many, the sum of their weights, the lowest and highest, and the trend at
/// the end of the day. Triggers note each entry added or removed (an edit of its time,
/// weight or person is both) in `daily_pending`, for the entry's person, whoever wrote it,
/// numbered by `seq` (one sequence for everyone, so a person's notes skip numbers). Each
/// zone remembers the last note its days count (`applied`); `catchUp` applies the notes
/// after it to that zone's days and recomputes its trend forward from the earliest of them
/// (never before it), and a note leaves the log once every zone kept has counted it. The
/// weights feature calls it inside its own write transactions, so after a trendsh write the
/// table never disagrees with the writer's entries in the writer's zone; another zone's days
/// catch up at the next read or write of a session in it, without being rebuilt.
///
/// `applied` is written only while another zone still needs the notes: with one zone, the
/// notes it has counted are removed at once, so every note of the person left in the log is
/// one it has not counted, whatever its `applied` says. That keeps a save to the pages it
/// wrote with a single zone. (A zone's `applied` may therefore lag; read it as at least the
/// first note left, less one: `uncounted(by:in:in:)`.)
enum DailyTable {
    /// Above this many noted changes, one rebuild beats applying them day by day.
    static let rebuildThreshold: Int64 = 5_000
    /// How many zones keep a person's days: the one a session is in and the two caught up
    /// before it. Building a fourth drops the one caught up longest ago; a zone more notes behind
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

    /// The person's notes in the log: the first and last by number, and how many.
    struct Notes: Equatable {
        var first: Int64
        var last: Int64
        var count: Int64
    }

    /// The person's zones kept, in no particular order.
    static func keptZones(in db: any SQLConnection) throws(StorageError) -> [KeptZone] {
        let rows = try db.statement("SELECT id, zone, applied, used FROM daily_zones WHERE person = ?")
        try rows.bind([.text(db.person)])
        var zones: [KeptZone] = []
        while try rows.step() {
            zones.append(
                KeptZone(id: rows.int64(0), identity: rows.text(1) ?? "", applied: rows.int64(2), used: rows.int64(3)))
        }
        return zones
    }

    /// The person's notes in the log; nil when they have none.
    static func notes(in db: any SQLConnection) throws(StorageError) -> Notes? {
        let row = try db.statement("SELECT min(seq), max(seq), count(*) FROM daily_pending WHERE person = ?")
        defer { row.reset() }
        try row.bind([.text(db.person)])
        guard try row.step(), row.int64(2) > 0 else { return nil }
        return Notes(first: row.int64(0), last: row.int64(1), count: row.int64(2))
    }

    /// How many of the person's notes `zone` has not counted: every one after its `applied`
    /// (a person's notes leave the log only as a run from their first, so those after it are
    /// all there). Counted from the log only when `applied` falls among the notes, which only
    /// a person with more than one zone kept meets.
    static func uncounted(by zone: KeptZone, in notes: Notes?, in db: any SQLConnection) throws(StorageError)
        -> Int64
    {
        guard let notes, zone.applied < notes.last else { return 0 }
        guard zone.applied >= notes.first else { return notes.count }
        return try db.integer(
            "SELECT count(*) FROM daily_pending WHERE person = ? AND seq > ?",
            [.text(db.person), .integer(zone.applied)])
    }

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

    /// Brings the person's days in `zone` up to date: applies the notes it has not counted,
    /// or builds its days when it has none (or rebuilds them when more entries changed than
    /// applying them one by one suits). Other zones' days, and every other person's, are left
    /// as they are; the notes they still need stay in the log. Returns the zone's id in the table.
    @discardableResult
    static func catchUp(zone: TrendZone, in db: any SQLConnection) throws(StorageError) -> Int64 {
        var others = try keptZones(in: db)
        let notes = try notes(in: db)
        // Plain loops here: a generic sort, a key path or `first(where:)` would cost a
        // first-use lookup in every save.
        var index = others.count - 1
        while index >= 0 && others[index].identity != zone.identity { index -= 1 }
        guard index >= 0 else { return try build(zone, besides: others, notes: notes, in: db) }
        let mine = others.remove(at: index)
        let behind = try uncounted(by: mine, in: notes, in: db)
        guard behind > 0, let notes else { return mine.id }
        var kept: [KeptZone] = []
        for other in others {
            if try uncounted(by: other, in: notes, in: db) > rebuildThreshold {
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
        var counted = notes.last
        for other in kept {
            newestUse = max(newestUse, other.used)
            counted = min(counted, max(other.applied, notes.first - 1))
        }
        let used = newestUse > mine.used ? newestUse + 1 : mine.used
        try forgetNotes(through: counted, in: db)
        // Another zone still needs notes this one has counted: record how far it counted.
        let applied = counted < notes.last ? notes.last : mine.applied
        if applied != mine.applied || used != mine.used {
            try db.run(
                "UPDATE daily_zones SET applied = ?, used = ? WHERE person = ? AND id = ?",
                [.integer(applied), .integer(used), .text(db.person), .integer(mine.id)])
        }
        return mine.id
    }

    /// Builds the person's days in a zone the table does not keep, making room first: their
    /// zones caught up longest ago beyond `keptZones`, and any too far behind, are dropped.
    /// The days built count every note of the person's so far.
    private static func build(
        _ zone: TrendZone, besides others: [KeptZone], notes: Notes?, in db: any SQLConnection
    ) throws(StorageError) -> Int64 {
        let newestFirst = others.sorted { $0.used > $1.used }
        var kept: [KeptZone] = []
        for other in newestFirst {
            let room = kept.count < keptZones - 1
            if room, try uncounted(by: other, in: notes, in: db) <= rebuildThreshold {
                kept.append(other)
            } else {
                try drop(other.id, in: db)
            }
        }
        let used = (newestFirst.first?.used ?? 0) + 1
        let id = try db.insertRow(
            "INSERT INTO daily_zones (person, zone, applied, used) VALUES (?, ?, ?, ?)",
            [.text(db.person), .text(zone.identity), .integer(notes?.last ?? 0), .integer(used)])
        try rebuild(id, zone, in: db)
        if let notes {
            var counted = notes.last
            for other in kept { counted = min(counted, max(other.applied, notes.first - 1)) }
            try forgetNotes(through: counted, in: db)
        }
        return id
    }

    /// Removes one of the person's zones and its days.
    private static func drop(_ id: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM daily WHERE person = ? AND zone = ?", [.text(db.person), .integer(id)])
        try db.run("DELETE FROM daily_zones WHERE person = ? AND id = ?", [.text(db.person), .integer(id)])
    }

    /// Removes the person's notes up to `seq`, which every zone of theirs kept has counted.
    private static func forgetNotes(through seq: Int64, in db: any SQLConnection) throws(StorageError) {
        try db.run("DELETE FROM daily_pending WHERE person = ? AND seq <= ?", [.text(db.person), .integer(seq)])
    }

    /// Removes every one of the person's zones, their days and their notes, after a write
    /// of more entries than any zone would apply one by one.
    private static func forgetEveryZone(in db: any SQLConnection) throws(StorageError) {
        let person = SQLValue.text(db.person)
        try db.run("DELETE FROM daily WHERE person = ?", [person])
        try db.run("DELETE FROM daily_zones WHERE person = ?", [person])
        try db.run("DELETE FROM daily_pending WHERE person = ?", [person])
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

    /// Puts the trigger back and notes every entry of the person's from `firstID` on, or,
    /// when they are more than noting one by one suits, drops every one of the person's
    /// zones: each would rebuild its days anyway, and the caller's catch-up builds its own
    /// zone's at once.
    static func resumeNotes(from firstID: Int64, in db: any SQLConnection) throws(StorageError) {
        switch db.dialect {
        case .sqlite: try db.execute(DailySchema.personsAddedTrigger)
        case .postgresql: try setNotesAside(false, in: db)
        }
        let person = SQLValue.text(db.person)
        let added = try db.integer(
            "SELECT count(*) FROM entries WHERE person = ? AND id >= ?", [person, .integer(firstID)])
        if added > rebuildThreshold {
            try forgetEveryZone(in: db)
        } else if added > 0 {
            try db.run(
                """
                INSERT INTO daily_pending (person, taken_at, kilograms, change)
                SELECT person, taken_at, kilograms, 1 FROM entries
                WHERE person = ? AND id >= ? AND kilograms IS NOT NULL ORDER BY id
                """,
                [person, .integer(firstID)])
        }
    }

    /// Runs `write`, a write of `count` of the person's entries at once in the caller's
    /// transaction (an undo or redo of an import). Above `rebuildThreshold`, where every zone's
    /// next catch-up would rebuild its days anyway, the triggers that note each entry are set
    /// aside while it runs and put back as they were, and every one of the person's zones is
    /// dropped, as after a large import (`resumeNotes`): the caller's catch-up builds its own
    /// zone's at once, and the notes, one for each entry, are never written. Other people's
    /// days stay: the write changed none of their entries.
    static func writingMany(_ count: Int64, in db: any SQLConnection, _ write: () throws(StorageError) -> Void)
        throws(StorageError)
    {
        guard count > rebuildThreshold else { return try write() }
        if db.dialect == .postgresql {
            try setNotesAside(true, in: db)
            try write()
            try setNotesAside(false, in: db)
            try forgetEveryZone(in: db)
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
        try forgetEveryZone(in: db)
    }

    /// The id of the person's days in `zone` when they are current: built, with no note of
    /// theirs they have not counted.
    static func current(_ zone: TrendZone, in db: any SQLConnection) throws(StorageError) -> Int64? {
        let row = try db.statement(
            """
            SELECT id FROM daily_zones AS z
            WHERE person = ?1 AND zone = ?2
            AND NOT EXISTS (SELECT 1 FROM daily_pending WHERE person = ?1 AND seq > z.applied)
            """)
        defer { row.reset() }
        try row.bind([.text(db.person), .text(zone.identity)])
        return try row.step() ? row.int64(0) : nil
    }
}

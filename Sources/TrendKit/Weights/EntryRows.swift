/// How the change history photographs and puts back entries with their measurements. Undo and
/// redo write `entries` and `measurements` only through this SQL, and keep the per-day trend
/// in the same transaction, as every other write of entries does.
///
/// An entry's measurements other than weight travel in its photograph as one JSON object in
/// `entry_images.measurements` (`MeasurementImage`), so that an entry and its measurements are
/// one row of a step, compared and put back together. The photograph copies the entry's person
/// (`entry_images.person`, format 18), and a row put back is theirs again, with its measurements.
extension UndoableTable {
    public static let entries = UndoableTable(
        name: "entries", feature: .weights, imagesTable: "entry_images",
        captureSQL: DialectText { dialect in
            """
            INSERT INTO entry_images (
                change, position, side, id, taken_at, kilograms, note, draft_id, revision, measurements, person)
            SELECT ?1, ?2, ?3, id, taken_at, kilograms, note, draft_id, revision, \(MeasurementImage.of("entries.id", dialect)),
                person
            FROM entries WHERE id = ?4
            """
        },
        existsSQL: "SELECT count(*) FROM entries WHERE id = ?1",
        revisionSQL: "SELECT revision FROM entries WHERE id = ?1",
        matchesSQL: DialectText { dialect in
            """
            SELECT count(*) FROM entries e JOIN entry_images i ON e.id = i.id
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3
                AND e.taken_at IS NOT DISTINCT FROM i.taken_at AND e.kilograms IS NOT DISTINCT FROM i.kilograms
                AND e.note IS NOT DISTINCT FROM i.note AND e.draft_id IS NOT DISTINCT FROM i.draft_id
                AND e.person = i.person AND \(MeasurementImage.of("e.id", dialect)) IS NOT DISTINCT FROM i.measurements
            """
        },
        clashSQL: nil,
        insertSQL: """
            INSERT INTO entries (id, taken_at, kilograms, note, draft_id, revision, person)
            SELECT id, taken_at, kilograms, note, draft_id, ?4, person FROM entry_images
            WHERE change = ?1 AND position = ?2 AND side = ?3
            """,
        updateSQL: """
            UPDATE entries SET (taken_at, kilograms, note, draft_id) = (
                SELECT taken_at, kilograms, note, draft_id FROM entry_images
                WHERE change = ?1 AND position = ?2 AND side = ?3),
                revision = revision + 1
            WHERE id = ?4
            """,
        deleteSQL: "DELETE FROM entries WHERE id = ?1",
        restoreSQL: MeasurementImage.restoreOne,
        missingUses: (table: "kinds", sql: MeasurementImage.missingKindsSQL),
        // An import's step holds thousands of entries: they are checked and put back together.
        bulk: BulkSQL(
            firstChangedSQL: DialectText { dialect in
                """
                SELECT coalesce(min(r.position), -1) FROM step_rows r
                LEFT JOIN entries e ON e.id = CAST(r.key AS BIGINT)
                LEFT JOIN entry_images i ON i.change = ?1 AND i.position = r.position AND i.side = ?2
                WHERE r.position > ?4 AND ((e.id IS NOT NULL) != r.must_exist OR (e.id IS NOT NULL AND NOT (
                    e.taken_at IS NOT DISTINCT FROM i.taken_at AND e.kilograms IS NOT DISTINCT FROM i.kilograms
                    AND e.note IS NOT DISTINCT FROM i.note AND e.draft_id IS NOT DISTINCT FROM i.draft_id
                    AND e.person = i.person
                    AND \(MeasurementImage.of("e.id", dialect)) IS NOT DISTINCT FROM i.measurements)))
                """
            },
            updateSQL: """
                UPDATE entries SET (taken_at, kilograms, note, draft_id) = (i.taken_at, i.kilograms, i.note, i.draft_id),
                    revision = entries.revision + 1
                FROM step_rows r JOIN entry_images i ON i.change = ?1 AND i.position = r.position AND i.side = ?3
                WHERE r.must_exist AND r.will_exist AND entries.id = CAST(r.key AS BIGINT)
                """,
            insertSQL: """
                INSERT INTO entries (id, taken_at, kilograms, note, draft_id, revision, person)
                SELECT i.id, i.taken_at, i.kilograms, i.note, i.draft_id, r.last_revision + 1, i.person
                FROM step_rows r JOIN entry_images i ON i.change = ?1 AND i.position = r.position AND i.side = ?3
                WHERE NOT r.must_exist AND r.will_exist ORDER BY r.position
                """,
            restoreSQL: MeasurementImage.restoreMany,
            deleteSQL: """
                DELETE FROM entries WHERE id IN (
                    SELECT CAST(r.key AS BIGINT) FROM step_rows r WHERE r.must_exist AND NOT r.will_exist)
                """,
            revisionsSQL:
                "SELECT r.position, e.revision FROM step_rows r JOIN entries e ON e.id = CAST(r.key AS BIGINT)",
            currentSQL: DialectText { dialect in
                """
                SELECT e.id, e.taken_at, e.kilograms, e.note, e.draft_id, e.revision, r.position,
                    \(MeasurementImage.of("e.id", dialect))
                FROM step_rows r JOIN entries e ON e.id = CAST(r.key AS BIGINT) ORDER BY r.position
                """
            },
            current: { row in
                var entry = SQLWeightRepository.entry(from: row)
                entry.measurements = MeasurementImage.values(row.text(7))
                return (row.int64(6), .entry(entry))
            },
            writing: { db, count, write throws(StorageError) in try DailyTable.writingMany(count, in: db, write) }),
        afterChange: { db throws(StorageError) in try SQLWeightRepository.keepTrend(in: db) },
        current: { db, key throws(StorageError) in
            guard case .integer(let id)? = key.values.first else { return nil }
            return try SQLWeightRepository.entry(id: id, in: db).map(RowValue.entry)
        },
        image: { db, step, position, side throws(StorageError) in
            let statement = try db.statement(
                """
                SELECT id, taken_at, kilograms, note, draft_id, revision, measurements FROM entry_images
                WHERE change = ? AND position = ? AND side = ?
                """)
            defer { statement.reset() }
            try statement.bind([.integer(step), .integer(position), .integer(side)])
            guard try statement.step() else { return nil }
            var entry = SQLWeightRepository.entry(from: statement)
            entry.measurements = MeasurementImage.values(statement.text(6))
            return .entry(entry)
        },
        key: { text in Int64(text).map(ChangedRowKey.id) })
}

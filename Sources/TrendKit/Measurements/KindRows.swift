/// How the change history photographs and puts back the kinds a person added (format 13):
/// `measure add` and `measure remove` are steps, and so is an import that added the kinds its
/// file declares. A kind is put back exactly as it was declared, and is not removed while an
/// entry would still hold a value of it.
extension UndoableTable {
    public static let kinds = UndoableTable(
        name: "kinds", feature: .weights, imagesTable: "kind_images",
        captureSQL: """
            INSERT INTO kind_images (change, position, side, \(KindRecords.columns), revision)
            SELECT ?1, ?2, ?3, \(KindRecords.columns), revision FROM kinds WHERE id = ?4
            """,
        existsSQL: "SELECT count(*) FROM kinds WHERE id = ?1",
        revisionSQL: "SELECT revision FROM kinds WHERE id = ?1",
        matchesSQL: """
            SELECT count(*) FROM kinds k JOIN kind_images i ON k.id = i.id
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3
                AND k.name IS NOT DISTINCT FROM i.name AND k.quantity IS NOT DISTINCT FROM i.quantity
                AND k.unit IS NOT DISTINCT FROM i.unit AND k.min_value IS NOT DISTINCT FROM i.min_value
                AND k.max_value IS NOT DISTINCT FROM i.max_value AND k.decimals IS NOT DISTINCT FROM i.decimals
                AND k.trend IS NOT DISTINCT FROM i.trend
            """,
        clashSQL: nil,
        insertSQL: """
            INSERT INTO kinds (\(KindRecords.columns), revision)
            SELECT \(KindRecords.columns), ?4 FROM kind_images WHERE change = ?1 AND position = ?2 AND side = ?3
            """,
        updateSQL: """
            UPDATE kinds SET (name, quantity, unit, min_value, max_value, decimals, trend) = (
                SELECT name, quantity, unit, min_value, max_value, decimals, trend FROM kind_images
                WHERE change = ?1 AND position = ?2 AND side = ?3),
                revision = revision + 1
            WHERE id = ?4
            """,
        deleteSQL: "DELETE FROM kinds WHERE id = ?1",
        // The kind's values the entries would hold once the step is put back: those of entries
        // the step leaves alone, as they are, and those of its own entries, as their
        // photographs on that side hold them (an import's undo takes its entries' values too).
        usersSQL: DialectText { dialect in
            """
            SELECT (SELECT count(*) FROM measurements m WHERE m.kind = ?3 AND m.entry_id NOT IN (
                    SELECT CAST(key AS BIGINT) FROM step_keys WHERE row_table = 'entries'))
                + (SELECT count(*) FROM entry_images i WHERE i.change = ?1 AND i.side = ?2
                    AND \(MeasurementImage.holdsKind(dialect)))
            """
        },
        afterChange: { _ throws(StorageError) in },
        current: { db, key throws(StorageError) in
            guard case .text(let id)? = key.values.first else { return nil }
            return try KindRecords.kind(KindID(id), in: db).map(RowValue.kind)
        },
        image: { db, step, position, side throws(StorageError) in
            let statement = try db.statement(
                "SELECT \(KindRecords.columns) FROM kind_images WHERE change = ? AND position = ? AND side = ?")
            defer { statement.reset() }
            try statement.bind([.integer(step), .integer(position), .integer(side)])
            guard try statement.step() else { return nil }
            return KindRecords.kind(from: statement).map(RowValue.kind)
        },
        key: { text in text.isEmpty ? nil : .word(text) })
}

/// An entry's measurements other than weight as its photograph in the history keeps them:
/// one JSON object in `entry_images.measurements`, each kind's value as text of 17
/// significant digits (`{"fat":"21.5","waist":"82"}`), so it reads back exactly; NULL for an
/// entry with none. SQL builds, compares and puts back the object; `values(_:)` reads it.
/// PostgreSQL writes each value as its shortest exact text, not SQLite's 17 digits, so a
/// photograph is only ever compared with one the same engine made.
enum MeasurementImage {
    /// The object for the entry whose id is `id` (an SQL expression), keys in order, so two
    /// images of the same measurements are the same text.
    static func of(_ id: String, _ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            return """
                (SELECT nullif(json_group_object(kind, printf('%!.17g', value)), '{}') FROM (
                    SELECT kind, value FROM measurements WHERE entry_id = \(id) ORDER BY kind))
                """
        case .postgresql:
            return """
                (SELECT '{' || string_agg(format('"%s":"%s"', kind, CAST(value AS text)), ',' ORDER BY kind) || '}'
                    FROM measurements WHERE entry_id = \(id))
                """
        }
    }

    /// The pairs of an object as rows `j (key, value)`, after `FROM … i,`.
    private static func pairs(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: return "json_each(i.measurements) j"
        case .postgresql: return "json_each_text(CAST(i.measurements AS json)) AS j (key, value)"
        }
    }

    /// After one entry was written from its image (?1–?3): its measurements become the image's.
    static let restoreOne: [DialectText] = [
        """
        DELETE FROM measurements WHERE entry_id = (
            SELECT id FROM entry_images WHERE change = ?1 AND position = ?2 AND side = ?3)
        """,
        DialectText { dialect in
            """
            INSERT INTO measurements (entry_id, kind, value, person)
            SELECT i.id, j.key, CAST(j.value AS DOUBLE PRECISION), i.person FROM entry_images i, \(pairs(dialect))
            WHERE i.change = ?1 AND i.position = ?2 AND i.side = ?3
            """
        },
    ]

    /// The same for every entry of a step written in bulk (after `HistorySQL.stepRows`).
    static let restoreMany: [DialectText] = [
        """
        DELETE FROM measurements WHERE entry_id IN (
            SELECT CAST(r.key AS BIGINT) FROM step_rows r WHERE r.will_exist)
        """,
        DialectText { dialect in
            """
            INSERT INTO measurements (entry_id, kind, value, person)
            SELECT i.id, j.key, CAST(j.value AS DOUBLE PRECISION), i.person
            FROM step_rows r JOIN entry_images i ON i.change = ?1 AND i.position = r.position AND i.side = ?3,
                \(pairs(dialect))
            WHERE r.will_exist AND i.measurements IS NOT NULL
            """
        },
    ]

    /// The kinds that the step's entries (?1) would hold values of on side ?2 and that are
    /// neither built in nor added and left alone by the step (the history leaves out those the
    /// step puts back itself). Another step removed them after this one photographed the values.
    static let missingKindsSQL = DialectText { dialect in
        """
        SELECT j.key FROM entry_images i, \(pairs(dialect))
        WHERE i.change = ?1 AND i.side = ?2 AND i.measurements IS NOT NULL
            AND j.key NOT IN (\(MeasurementKind.builtIn.map { "'\($0.id.rawValue)'" }.joined(separator: ", ")))
            AND j.key NOT IN (SELECT id FROM kinds WHERE id NOT IN (
                SELECT key FROM step_keys WHERE row_table = 'kinds'))
        ORDER BY i.position
        """
    }

    /// True (on either engine) when the photograph `i` holds a value of kind ?3.
    static func holdsKind(_ dialect: SQLDialect) -> String {
        "EXISTS (SELECT 1 FROM \(pairs(dialect)) WHERE j.key = ?3)"
    }

    /// The values an object holds. The object is the one `of(_:)` built: kind words and
    /// numbers only, so no key or value holds a quote, a comma or a colon; a pair that does
    /// not read as one is left out.
    static func values(_ text: String?) -> [KindID: Double] {
        guard let text, text.hasPrefix("{"), text.hasSuffix("}") else { return [:] }
        var values: [KindID: Double] = [:]
        for pair in text.dropFirst().dropLast().split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingQuotes
            let value = parts[1].trimmingQuotes
            guard !key.isEmpty, let number = Double(value) else { continue }
            values[KindID(String(key))] = number
        }
        return values
    }
}

extension Substring {
    fileprivate var trimmingQuotes: Substring {
        guard count >= 2, first == "\"", last == "\"" else { return self }
        return dropFirst().dropLast()
    }
}

import TrendPostgres
import TrendshTestSupport

/// What the tests compare between the two backends: each table's columns in order (name,
/// type, NOT NULL), its keys (the primary key and every UNIQUE, as column lists), its named
/// indexes (columns, and whether partial), and the triggers. Read from SQLite's own catalog
/// (`pragma_table_info`, `pragma_index_list`, `sqlite_master`) and from PostgreSQL's
/// (`pg_attribute`, `pg_index`, `pg_trigger`), into one shape.
struct SchemaDescription: Equatable {
    struct Column: Equatable, CustomStringConvertible {
        var name: String
        /// SQLite's declared type (INTEGER, REAL, TEXT), or the server's type with its
        /// collation, mapped back to SQLite's word: `bigint` is INTEGER, `double precision`
        /// REAL, and `text` TEXT only when its collation is "C". Anything else stays as the
        /// server has it, and so differs.
        var type: String
        var notNull: Bool
        var description: String { "\(name) \(type)\(notNull ? " NOT NULL" : "")" }
    }

    struct Index: Hashable, CustomStringConvertible {
        var name: String
        var columns: [String]
        var partial: Bool
        var description: String { "\(name)(\(columns.joined(separator: ", ")))\(partial ? " WHERE …" : "")" }
    }

    struct Table: Equatable {
        var columns: [Column]
        var keys: Set<[String]>
        var indexes: Set<Index>
    }

    var tables: [String: Table]
    var triggers: Set<String>

    /// A SQLite store's schema. A primary key's columns count as NOT NULL: SQLite gives an
    /// `INTEGER PRIMARY KEY` a value and refuses NULL in a `WITHOUT ROWID` table's key, which
    /// are the only primary keys trendsh's tables have.
    init(sqlite store: OtherProgram) throws {
        var tables: [String: Table] = [:]
        let names = try store.strings(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for case let name? in names {
            let info = try store.rows(
                "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid", .text(name))
            let columns = info.map { row in
                Column(name: row[0] ?? "", type: row[1] ?? "", notNull: row[2] == "1" || row[3] != "0")
            }
            var keys: Set<[String]> = []
            let primary = info.filter { $0[3] != "0" }.sorted { Int($0[3] ?? "") ?? 0 < Int($1[3] ?? "") ?? 0 }
            if !primary.isEmpty { keys.insert(primary.map { $0[0] ?? "" }) }
            var indexes: Set<Index> = []
            for row in try store.rows("SELECT name, origin, partial FROM pragma_index_list(?)", .text(name)) {
                let index = row[0] ?? ""
                let indexColumns = try store.strings(
                    "SELECT name FROM pragma_index_info(?) ORDER BY seqno", .text(index)
                ).map { $0 ?? "" }
                switch row[1] {
                case "u": keys.insert(indexColumns)
                case "c": indexes.insert(Index(name: index, columns: indexColumns, partial: row[2] == "1"))
                default: break
                }
            }
            tables[name] = Table(columns: columns, keys: keys, indexes: indexes)
        }
        self.tables = tables
        triggers = Set(try store.strings("SELECT name FROM sqlite_master WHERE type = 'trigger'").compactMap { $0 })
    }

    /// A PostgreSQL database's schema, the tables of its current schema (`public`).
    init(server connection: PostgresConnection) throws {
        var tables: [String: Table] = [:]
        let names = try connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
        for case let name? in names.rows.map({ $0[0] }) {
            let columns = try connection.execute(
                """
                SELECT a.attname, format_type(a.atttypid, a.atttypmod), coalesce(c.collname, ''), a.attnotnull
                FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation
                WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
                """, [name]
            ).rows.map { row in
                Column(
                    name: row[0] ?? "", type: Self.sqliteType(row[1] ?? "", collation: row[2] ?? ""),
                    notNull: row[3] == "t")
            }
            var keys: Set<[String]> = []
            var indexes: Set<Index> = []
            let found = try connection.execute(
                """
                SELECT i.indexrelid::regclass::text, i.indisunique, i.indpred IS NOT NULL,
                    (SELECT string_agg(a.attname, ',' ORDER BY k.n)
                     FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum)
                FROM pg_index i WHERE i.indrelid = $1::regclass
                """, [name])
            for row in found.rows {
                let indexColumns = (row[3] ?? "").split(separator: ",").map(String.init)
                if row[1] == "t" {
                    keys.insert(indexColumns)
                } else {
                    indexes.insert(Index(name: row[0] ?? "", columns: indexColumns, partial: row[2] == "t"))
                }
            }
            tables[name] = Table(columns: columns, keys: keys, indexes: indexes)
        }
        self.tables = tables
        triggers = Set(
            try connection.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal").rows.compactMap { $0[0] })
    }

    /// The SQLite type a server column stands for, by the schema's mapping.
    static func sqliteType(_ type: String, collation: String) -> String {
        switch (type, collation) {
        case ("bigint", _): return "INTEGER"
        case ("double precision", _): return "REAL"
        case ("text", "C"): return "TEXT"
        default: return collation.isEmpty ? type : "\(type) COLLATE \(collation)"
        }
    }
}

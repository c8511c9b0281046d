/// How a table comes to name the person each of its rows belongs to: the step that adds the
/// `person` column, fills it for an existing store's rows (which all become the store's
/// first person, the one the upgrade named), and gives a row another program inserted
/// without one the person its parent row has, or the store's first person.
public enum PersonColumns {
    /// The store's first person, in SQL: whoever an existing store's rows belong to.
    public static let firstPersonSQL = "(SELECT name FROM people ORDER BY added_at, name LIMIT 1)"

    /// The person a row another program inserted without one belongs to: `owner` (SQL that
    /// may read `NEW`), else the store's first person.
    static func assigningTrigger(table: String, key: String, owner: String? = nil) -> String {
        let person = owner.map { "coalesce(\($0), \(firstPersonSQL))" } ?? firstPersonSQL
        return """
            CREATE TRIGGER \(table)_take_a_person AFTER INSERT ON \(table) WHEN NEW.person = '' BEGIN
                UPDATE \(table) SET person = \(person) WHERE \(key);
            END
            """
    }

    /// Adds `person` to `table` on SQLite, filled with `fill` (SQL for the existing rows).
    static func add(to table: String, fill: String = firstPersonSQL, in db: any SQLConnection)
        throws(StorageError)
    {
        try db.execute(
            """
            ALTER TABLE \(table) ADD COLUMN person TEXT NOT NULL DEFAULT '';
            UPDATE \(table) SET person = \(fill);
            """)
    }

    /// On a server, the store's first person: whose log an existing store's rows become, as
    /// the administrator's run names it (`trendsh --set-up`, in the transaction-local setting
    /// `trendsh.first_person`), else the role running the step.
    public static let firstPersonOnServer =
        "coalesce(nullif(current_setting('trendsh.first_person', true), ''), current_user)"

    /// Adds `person` to `table` on a server: an existing store's rows belong to its first
    /// person (`firstPersonOnServer`, filled in without rewriting the table), and from then
    /// on a row belongs to the role that inserts it unless it says otherwise.
    static func serverAdd(to table: String) -> [String] {
        [
            "ALTER TABLE \(table) ADD COLUMN person text COLLATE \"C\" NOT NULL DEFAULT \(firstPersonOnServer)",
            "ALTER TABLE \(table) ALTER COLUMN person SET DEFAULT current_user",
        ]
    }

    /// The server's counterpart of `assigningTrigger`: a row inserted with an empty person
    /// (the column's default is the inserting role) takes `owner`, else the inserting role.
    static func serverAssigningTrigger(table: String, owner: String? = nil) -> [String] {
        let person = owner.map { "coalesce(\($0), current_user)" } ?? "current_user"
        return [
            """
            CREATE FUNCTION \(table)_take_a_person() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.person = '' THEN NEW.person := \(person); END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER \(table)_take_a_person BEFORE INSERT ON \(table)
            FOR EACH ROW EXECUTE FUNCTION \(table)_take_a_person()
            """,
        ]
    }
}

/// Who may read and write what on a server (format 19): the server, not trendsh, enforces
/// that a person reads their own log and the logs shared with them, and writes only their own.
///
/// - Every table is owned by `trendsh_owner`, a role that cannot log in, and so are the
///   functions. A person's role gets `SELECT`, `INSERT`, `UPDATE` and `DELETE` on the tables
///   (through `PUBLIC`: any role that may connect to the database is a person), never
///   `TRUNCATE`, `REFERENCES` or `TRIGGER`.
/// - Every table with a `person` column (and `people`, by `name`) has row-level security,
///   forced: a row is read by its person and by the readers its person shares with
///   (`shares`), and written only by its person. The tables are found in the catalog, not
///   listed here, so a later step's table with a `person` column is covered by running
///   `guard` again; `ServerRulesTests` fails on a table that holds a person's data and is
///   not covered.
/// - A delete of a row that is readable but not one's own is refused with SQLSTATE 42501 (a
///   policy alone would skip it without a word), as an insert or update of such a row is.
/// - A row that points at a parent row by id (a completion at its habit, a value at its
///   entry, a photograph at its step) may be written only when the parent is one's own: a
///   unique key or a foreign key can then never answer for another person's row.
/// - The draft ids and the operations' ids are unique within a person, not across people.
///   Entry, habit and step numbers come from one sequence each and are the store's: a gap
///   shows that someone else wrote (docs/security.md says so).
/// - The change counter is raised by a `SECURITY DEFINER` function owned by `trendsh_owner`;
///   people may read it and take the writers' turn on it, not set it.
public enum ServerRules {
    /// The format that brought the rules.
    public static let version = 19
    /// What the step does; on SQLite, which has no rules to keep, it changes nothing.
    public static let summary =
        "each person's log readable by them and whom they share it with, written only by them (on a server)"
    /// The role that owns every table and function of a store; it cannot log in.
    public static let owner = "trendsh_owner"

    /// Who may read a row whose person is in `column`: its person, and whoever they share with.
    static func readable(_ column: String) -> String {
        "(\(column) = current_user OR \(column) IN (SELECT s.person FROM shares s WHERE s.reader = current_user))"
    }

    /// The rows that point at a parent: (table, column, the parent's table and key). A row may
    /// be written only when the parent it names is the writer's own.
    static let parents: [(table: String, column: String, parent: String, key: String)] = [
        ("completions", "habit_id", "habits", "id"),
        ("measurements", "entry_id", "entries", "id"),
        ("entry_images", "change", "changes", "id"),
        ("habit_images", "change", "changes", "id"),
        ("completion_images", "change", "changes", "id"),
        ("kind_images", "change", "changes", "id"),
        ("change_rows", "change", "changes", "id"),
    ]

    /// The keys that are unique within a person's log on a server, where on SQLite they are
    /// the store's: a key another person's row holds would otherwise refuse yours, and say so.
    public static let scopedKeys: [(table: String, constraint: String, column: String, primary: Bool)] = [
        ("entries", "entries_draft_id_key", "draft_id", false),
        ("habits", "habits_draft_id_key", "draft_id", false),
        ("operations", "operations_pkey", "id", true),
    ]

    /// The tables that hold no person's data: the store's own, and the kinds, which are shared.
    public static let storeWideTables: Set<String> = ["trendsh_store", "trendsh_change_count", "kinds"]

    /// Makes the owner role when the cluster lacks it, and the running role a member of it:
    /// the role that sets the store up hands the tables over to it. The role is the
    /// cluster's, shared by every trendsh database in it, and two databases set up at once
    /// may both try to make it.
    public static let ownerRoleSQL = """
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(owner)') THEN
                BEGIN
                    CREATE ROLE \(owner) NOLOGIN;
                EXCEPTION WHEN duplicate_object OR unique_violation THEN
                    -- Another database of the cluster made it at the same moment.
                    NULL;
                END;
            END IF;
            IF NOT pg_has_role(current_user, '\(owner)', 'MEMBER') THEN
                BEGIN
                    EXECUTE format('GRANT \(owner) TO %I', current_user);
                EXCEPTION WHEN unique_violation THEN
                    NULL;
                END;
            END IF;
        END
        $$
        """

    static let sql: [String] =
        [
            ownerRoleSQL,
            """
            CREATE TABLE shares (
                person text COLLATE "C" NOT NULL DEFAULT current_user,
                reader text COLLATE "C" NOT NULL CHECK (length(reader) BETWEEN 1 AND 63),
                added_at text COLLATE "C" NOT NULL,
                PRIMARY KEY (person, reader)
            )
            """,
            StoreServerSchema.countingChanges(to: "shares"),
        ]
        + scopedKeys.flatMap { key in
            [
                "ALTER TABLE \(key.table) DROP CONSTRAINT \(key.constraint)",
                "ALTER TABLE \(key.table) ADD CONSTRAINT \(key.constraint) \(key.primary ? "PRIMARY KEY" : "UNIQUE") (person, \(key.column))",
            ]
        }
        + [
            "ALTER FUNCTION trendsh_count_change() SECURITY DEFINER SET search_path FROM CURRENT",
            // Whether anyone else's log holds values of a kind, which `measure remove` may
            // say and no policy lets a person count: the answer is one yes or no.
            """
            CREATE FUNCTION trendsh_kind_held_elsewhere(kind_id text) RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
                SELECT EXISTS (SELECT 1 FROM measurements WHERE kind = kind_id AND person <> session_user)
            $$
            """,
            """
            CREATE FUNCTION trendsh_refuse_others_rows() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF OLD.person IS DISTINCT FROM current_user AND current_user <> '\(owner)' AND NOT EXISTS (
                    SELECT FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolbypassrls)
                ) THEN
                    RAISE EXCEPTION 'only % may remove rows of % from %', OLD.person, OLD.person, TG_TABLE_NAME
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                RETURN OLD;
            END
            $$
            """,
        ] + guardStatements

    /// Hands every table and function to the owner, grants people what they may do, and puts
    /// every table with a `person` column under its rules. Runs again safely: a table whose
    /// rules are in place is left as it is.
    public static let guardStatements: [String] =
        [
            """
            DO $$
            DECLARE
                t record;
                f record;
            BEGIN
                FOR t IN SELECT c.relname FROM pg_class c
                    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
                LOOP
                    EXECUTE format('ALTER TABLE %I OWNER TO \(owner)', t.relname);
                    EXECUTE format('REVOKE ALL ON %I FROM PUBLIC', t.relname);
                END LOOP;
                FOR f IN SELECT p.oid::regprocedure AS signature FROM pg_proc p
                    WHERE p.pronamespace = current_schema()::regnamespace
                LOOP
                    EXECUTE format('ALTER FUNCTION %s OWNER TO \(owner)', f.signature);
                END LOOP;
                EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO PUBLIC', current_schema());
                GRANT SELECT ON trendsh_store TO PUBLIC;
                GRANT SELECT, UPDATE (id) ON trendsh_change_count TO PUBLIC;
                GRANT SELECT, INSERT, UPDATE, DELETE ON kinds TO PUBLIC;
                GRANT SELECT, INSERT, DELETE ON shares TO PUBLIC;
                GRANT SELECT, INSERT ON people TO PUBLIC;
                FOR t IN SELECT c.relname, c.relrowsecurity FROM pg_class c
                    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
                      AND c.relname NOT IN ('shares', 'people')
                      AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'person' AND NOT a.attisdropped)
                LOOP
                    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO PUBLIC', t.relname);
                    CONTINUE WHEN t.relrowsecurity;
                    -- The owner reads every row: what a SECURITY DEFINER function may answer.
                    EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO \(owner) USING (true)', t.relname || '_owner', t.relname);
                    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
                    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
                    EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING \(readable("person"))', t.relname || '_read', t.relname);
                    EXECUTE format('CREATE POLICY %I ON %I FOR INSERT WITH CHECK (person = current_user)', t.relname || '_add', t.relname);
                    EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING \(readable("person")) WITH CHECK (person = current_user)', t.relname || '_change', t.relname);
                    EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING \(readable("person"))', t.relname || '_remove', t.relname);
                    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION trendsh_refuse_others_rows()', t.relname || '_only_its_person', t.relname);
                END LOOP;
            END
            $$
            """,
            """
            DO $$
            BEGIN
                IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = 'shares'::regclass) THEN
                    ALTER TABLE shares ENABLE ROW LEVEL SECURITY;
                    ALTER TABLE shares FORCE ROW LEVEL SECURITY;
                    CREATE POLICY shares_read ON shares FOR SELECT USING (person = current_user OR reader = current_user);
                    CREATE POLICY shares_add ON shares FOR INSERT WITH CHECK (person = current_user);
                    CREATE POLICY shares_remove ON shares FOR DELETE USING (person = current_user);
                END IF;
                IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = 'people'::regclass) THEN
                    ALTER TABLE people ENABLE ROW LEVEL SECURITY;
                    ALTER TABLE people FORCE ROW LEVEL SECURITY;
                    CREATE POLICY people_read ON people FOR SELECT USING \(readable("name"));
                    CREATE POLICY people_add ON people FOR INSERT WITH CHECK (name = current_user);
                END IF;
            END
            $$
            """,
        ]
        + parents.map { link in
            """
            DO $$
            BEGIN
                IF NOT EXISTS (SELECT FROM pg_policy WHERE polname = '\(link.table)_own_parent') THEN
                    CREATE POLICY \(link.table)_own_parent ON \(link.table) AS RESTRICTIVE FOR INSERT
                        WITH CHECK (\(link.column) IN (SELECT p.\(link.key) FROM \(link.parent) p WHERE p.person = current_user));
                    CREATE POLICY \(link.table)_own_parent_kept ON \(link.table) AS RESTRICTIVE FOR UPDATE USING (true)
                        WITH CHECK (\(link.column) IN (SELECT p.\(link.key) FROM \(link.parent) p WHERE p.person = current_user));
                END IF;
            END
            $$
            """
        }
}

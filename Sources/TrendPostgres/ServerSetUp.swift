import TrendKit

/// The two ways a trendsh meets a server's database: a person's session, which only checks
/// that the store is there, at this trendsh's format, and that its role is a person's; and
/// the administrator's run (`trendsh --set-up`), which sets the store up or brings it up to
/// date, every step in one transaction under an advisory lock (two runs wait for each other;
/// the second finds the work done). A person's session never changes the schema: the
/// server's rules hold only for people, so the role that makes and owns the tables must not
/// be one. There is no copy, as SQLite's upgrade makes: the guide says to run `pg_dump`
/// first. A database that holds other tables and no trendsh store is another program's, and
/// is left alone; one a newer trendsh wrote is refused.
enum ServerSetUp {
    /// The advisory lock the set-up holds: "TRND", the SQLite store's application id.
    static let lockKey: Int64 = 0x5452_4E44

    /// The transaction-local setting the steps read for whose log an older store's rows
    /// become (`PersonColumns.firstPersonOnServer`); empty for none.
    static let firstPersonSetting = "trendsh.first_person"

    /// A person's session: refuses a role the server's rules do not hold for, and a database
    /// whose store is missing or at another format; returns the store's identity and the
    /// session's role. Reads only, in two round trips (the role with whether there is a store,
    /// then the store's row).
    static func check(_ db: ServerSQLConnection, schema: ServerSchema) throws(StorageError)
        -> (identity: String, role: String)
    {
        let role = try db.statement(
            """
            SELECT r.rolname, r.rolsuper, r.rolbypassrls,
                EXISTS (SELECT FROM pg_roles o WHERE o.rolname = ? AND pg_has_role(r.oid, o.oid, 'MEMBER')),
                EXISTS (SELECT FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'trendsh_store')
            FROM pg_roles r WHERE r.rolname = current_user
            """)
        try role.bind([.text(ServerRules.owner)])
        guard try role.step() else { throw .other(message: "the server does not know the session's role") }
        let name = role.text(0) ?? ""
        if role.text(1) == "t" { throw .administratorRole(role: name, power: .superuser) }
        if role.text(2) == "t" { throw .administratorRole(role: name, power: .bypassesRowSecurity) }
        if role.text(3) == "t" { throw .administratorRole(role: name, power: .ownerMember) }
        let hasStore = role.text(4) == "t"
        role.reset()
        guard hasStore else {
            // Another program's tables, or an empty database.
            _ = try storeFormat(db)
            throw .serverStoreNotSetUp(server: db.server)
        }
        let store = try db.statement(StoreServerSchema.readStore)
        guard try store.step(), let identity = store.text(0), store.int64(1) == StoreServerSchema.applicationID else {
            throw .foreignServerDatabase(server: db.server)
        }
        let format = Int(store.int64(2))
        store.reset()
        if format > schema.latestVersion { throw .newerFormat(version: format) }
        if format < schema.latestVersion {
            throw .serverStoreOlder(server: db.server, format: format, latest: schema.latestVersion)
        }
        return (identity, name)
    }

    /// The administrator's run: sets the store up in an empty database, or runs the steps an
    /// older store lacks, all in one transaction. `firstPerson` is whose log the rows of a
    /// store older than people become (the role that owns its tables when nil).
    static func administer(_ db: ServerSQLConnection, schema: ServerSchema, firstPerson: PersonName?)
        throws(StorageError) -> ServerSetUpOutcome
    {
        try db.run("BEGIN ISOLATION LEVEL READ COMMITTED", [])
        do throws(StorageError) {
            _ = try db.integer("SELECT count(*) FROM (SELECT pg_advisory_xact_lock(?)) AS held", [.integer(lockKey)])
            let format = try storeFormat(db)
            if let format, format > schema.latestVersion { throw .newerFormat(version: format) }
            if format == schema.latestVersion {
                try db.run("ROLLBACK", [])
                return ServerSetUpOutcome(
                    change: .upToDate, format: schema.latestVersion, owner: ServerRules.owner, firstPerson: nil,
                    steps: [])
            }
            let tablesOwner = try prepareAdministration(db, hasStore: format != nil)
            // Whose log an existing store's rows become: only a store older than people has
            // rows that belong to nobody yet.
            var person: String?
            if let format, format < PeopleSchema.firstVersion { person = firstPerson?.rawValue ?? tablesOwner }
            _ = try db.text("SELECT set_config(?, ?, true)", [.text(firstPersonSetting), .text(person ?? "")])
            // An upgrade is not cut short by the timeout meant for a person's commands.
            try db.run("SET LOCAL statement_timeout = 0", [])
            // Schema text runs as it is written: no placeholder is numbered in a function body.
            for statement in schema.statements(upgradingFrom: format ?? 0) { try db.execute(statement) }
            _ = try identity(db)
            try db.commit()
            return ServerSetUpOutcome(
                change: format.map { .upgraded(from: $0) } ?? .created, format: schema.latestVersion,
                owner: ServerRules.owner, firstPerson: person, steps: schema.summaries(upgradingFrom: format ?? 0))
        } catch {
            // The failure that stopped the set-up is the one to report; the server ends the
            // transaction itself if the rollback cannot reach it.
            do { try db.run("ROLLBACK", []) } catch { _ = error }
            throw error
        }
    }

    /// The store's format; nil when the database holds no store. A database with other
    /// tables and no store is another program's.
    private static func storeFormat(_ db: ServerSQLConnection) throws(StorageError) -> Int? {
        let hasStore =
            try db.integer(
                "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'trendsh_store'", []
            )
            > 0
        if hasStore { return Int(try db.integer("SELECT format FROM trendsh_store", [])) }
        if try db.integer("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", []) > 0 {
            throw .foreignServerDatabase(server: db.server)
        }
        return nil
    }

    /// The store's identity, after checking its mark.
    private static func identity(_ db: ServerSQLConnection) throws(StorageError) -> String {
        let store = try db.statement(StoreServerSchema.readStore)
        guard try store.step(), let identity = store.text(0), store.int64(1) == StoreServerSchema.applicationID else {
            throw .foreignServerDatabase(server: db.server)
        }
        store.reset()
        return identity
    }

    /// Checks, inside the set-up's transaction, that the role running it may: act as the
    /// owner of an existing store's tables (with that role's privileges, or, for
    /// `trendsh_owner`, by `SET ROLE` to it, which then runs the steps), have the owner role
    /// (made here when the role may create roles) and make itself a member, and create tables
    /// in the schema, which the owner role is given too so that the tables can be handed to
    /// it. Returns the role that owns an existing store's tables.
    private static func prepareAdministration(_ db: ServerSQLConnection, hasStore: Bool) throws(StorageError)
        -> String?
    {
        let me = try db.text("SELECT current_user", []) ?? ""
        let powers = try db.statement("SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user")
        guard try powers.step() else { throw .other(message: "the server does not know the session's role") }
        let mayCreateRoles = powers.text(0) == "t" || powers.text(1) == "t"
        powers.reset()
        let owner = ServerRules.owner
        var tablesOwner: String?
        // A member of the owner without its privileges (NOINHERIT) runs the steps as it.
        var actAsOwner = false
        if hasStore {
            tablesOwner = try db.text(
                "SELECT tableowner FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'trendsh_store'",
                [])
            if let tablesOwner, try !holds(db, tablesOwner, "USAGE") {
                guard tablesOwner == owner, try holds(db, owner, "MEMBER") else {
                    throw .cannotAdminister(role: me, lacking: .ownerMembership(owner: tablesOwner))
                }
                actAsOwner = true
            }
        }
        let ownerExists = try db.integer("SELECT count(*) FROM pg_roles WHERE rolname = ?", [.text(owner)]) > 0
        if !ownerExists && !mayCreateRoles {
            throw .cannotAdminister(role: me, lacking: .createOwnerRole(owner: owner))
        }
        if ownerExists, try !holds(db, owner, "MEMBER"), !mayCreateRoles {
            throw .cannotAdminister(role: me, lacking: .ownerMembership(owner: owner))
        }
        let schema = try db.text("SELECT current_schema()", []) ?? "public"
        if !actAsOwner,
            try db.integer("SELECT count(*) WHERE has_schema_privilege(current_schema(), 'CREATE')", []) == 0
        {
            throw .cannotAdminister(role: me, lacking: .createInSchema(schema: schema))
        }
        // The owner role, and this role a member of it (the rules' step does both when
        // needed, and two databases of one cluster may race to make the role).
        try db.execute(ServerRules.ownerRoleSQL)
        if try db.integer(
            "SELECT count(*) WHERE has_schema_privilege(?::name, current_schema(), 'CREATE')", [.text(owner)]) == 0
        {
            do {
                try db.execute("GRANT CREATE ON SCHEMA \(quotedIdentifier(schema)) TO \(owner)")
            } catch {
                throw .cannotAdminister(role: me, lacking: .createInSchema(schema: schema))
            }
        }
        if actAsOwner { try db.execute("SET LOCAL ROLE \(owner)") }
        return tablesOwner
    }

    /// True when the session's role has `privilege` (`USAGE`: acts with its privileges;
    /// `MEMBER`: may `SET ROLE` to it) on `role`.
    private static func holds(_ db: ServerSQLConnection, _ role: String, _ privilege: String) throws(StorageError)
        -> Bool
    {
        try db.integer(
            "SELECT count(*) WHERE pg_has_role(current_user, ?::name, ?)", [.text(role), .text(privilege)]) > 0
    }

    /// `name` as a quoted SQL identifier.
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}

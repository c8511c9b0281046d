import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real PostgreSQL 15 server of the tests' own: a scratch cluster under /tmp, listening on a
/// socket in its folder and on a free loopback port, with trust authentication for both. One
/// server serves a whole test process (`shared()`, started on first use); each test makes its
/// own database from a template (`makeDatabase(named:)`), which is cheap.
///
/// As on a real server, the store is set up by an administrator's run (`trendsh --set-up` as
/// the superuser, once, in a template every test database copies) and each session logs in
/// as a person's own role: `makeDatabase(named:)` returns a URI that logs in as `person`, a
/// role that is neither a superuser nor the tables' owner, since trendsh refuses to run a
/// person's session as either. `makeEmptyDatabase(named:)` gives a database with no store,
/// and the superuser's URI, for the tests of the set-up itself.
///
///     let server = try PostgresServer.shared()
///     let uri = try server.makeDatabase(named: "saves_once")
///     #expect(server.psql(database: "saves_once", sql: "select count(*) from entries").stdout == "1\n")
///
/// A watchdog started beside the server stops it and deletes its folder once the owning
/// process is gone, however it ended, so a killed test run leaves no server behind. The
/// server keeps `fsync` and `synchronous_commit` on: trendsh's promise that "saved" means
/// on disk is what the PostgreSQL tests check.
public final class PostgresServer: Sendable {
    /// Where Debian's `postgresql-15` puts the server programs; they are not on PATH.
    public static let binaries = "/usr/lib/postgresql/15/bin"
    /// The database every test's database is copied from.
    public static let template = "trendsh_template"
    /// The superuser, whatever the operating-system user: initdb names it.
    public static let superuser = "postgres"
    /// The person the tests' sessions log in as: a login role with no other power.
    public static let person = "me"
    /// The database every test's store is copied from: the template with a store set up in it.
    public static let storeTemplate = "trendsh_store_template"

    /// The scratch folder: the cluster (`data/`), the server's log and its socket.
    public let folder: String
    /// The folder the server's unix socket is in (psql's and libpq's `host`).
    public var socketFolder: String { folder }
    /// The loopback TCP port the server listens on.
    public let port: UInt16
    /// The process whose end stops the server.
    public let owner: pid_t
    /// The cluster's data folder.
    let dataFolder: String
    /// The server's log, which `pg_ctl` writes.
    let logFile: String
    /// What goes before each server program so it runs as the server's user: `runuser -u
    /// postgres --` when the tests run as root (initdb refuses root), nothing otherwise.
    let runAs: [String]
    /// Whether the store template is made yet (`makeStoreTemplate`), or why it could not be.
    private let storeTemplateMade = Mutex<Result<Bool, PostgresServerFailure>>(.success(false))

    /// The server of this test process, started the first time any test asks for it.
    public static func shared() throws(PostgresServerFailure) -> PostgresServer {
        try sharedServer.get()
    }

    private static let sharedServer = Result { () throws(PostgresServerFailure) in
        try PostgresServer(owner: getpid())
    }

    /// Starts a server of its own, stopped and deleted when `owner` ends. Returns once it
    /// accepts connections and the template database exists.
    public init(owner: pid_t) throws(PostgresServerFailure) {
        for program in ["initdb", "pg_ctl", "pg_isready"] where access(Self.binaries + "/" + program, X_OK) != 0 {
            throw .notInstalled(Self.binaries + "/" + program)
        }
        for program in [Self.psqlPath] + (getuid() == 0 ? [Self.runuserPath] : []) where access(program, X_OK) != 0 {
            throw .notInstalled(program)
        }
        do {
            port = try LoopbackSocket.freePort()
        } catch {
            throw .systemCall("bind", errno: error.errno)
        }
        self.owner = owner
        folder = try Self.makeFolder()
        dataFolder = folder + "/data"
        logFile = folder + "/server.log"
        runAs = getuid() == 0 ? [Self.runuserPath, "-u", Self.superuser, "--"] : []
        do {
            try startWatchdog()
            try run(["initdb", "-D", dataFolder, "-U", Self.superuser, "-A", "trust", "-E", "UTF8", "--locale=C"])
            try configure()
            try run(["pg_ctl", "start", "-D", dataFolder, "-l", logFile, "-w", "-t", "60", "-s"])
            try waitUntilReady()
            try createTemplate()
            try makePerson(Self.person)
        } catch {
            stop()
            throw error
        }
    }

    /// A new database `name` (lower-case letters, digits and `_`) holding a store set up by
    /// the administrator's run, with an identity of its own, and the URI that reaches it over
    /// TCP as `person`. `socketURI(database:)` reaches it over the socket.
    @discardableResult
    public func makeDatabase(named name: String) throws(PostgresServerFailure) -> String {
        try makeStoreTemplate()
        try copy(Self.storeTemplate, to: name)
        // A copy keeps the template's identity; each store has its own, as one set up anew.
        try check(psql(database: name, sql: "UPDATE trendsh_store SET identity = gen_random_uuid()"))
        return uri(database: name, role: Self.person)
    }

    /// A new empty database `name`, with no store, and the URI that reaches it as the
    /// superuser, who may set a store up in it (`trendsh --set-up`); `person` may log in too.
    @discardableResult
    public func makeEmptyDatabase(named name: String) throws(PostgresServerFailure) -> String {
        try copy(Self.template, to: name)
        return uri(database: name)
    }

    /// `postgresql://ROLE@127.0.0.1:PORT/NAME`: the database over loopback TCP, as `role`
    /// (the superuser unless told).
    public func uri(database: String, port: UInt16? = nil, role: String = superuser) -> String {
        "postgresql://\(role)@127.0.0.1:\(port ?? self.port)/\(database)"
    }

    /// The database over the unix socket in `socketFolder`, as `role`.
    public func socketURI(database: String, role: String = superuser) -> String {
        "postgresql:///\(database)?host=\(socketFolder)&port=\(port)&user=\(role)"
    }

    /// Makes a login role of a person's, with no other power; one that exists is left as it is.
    public func makePerson(_ role: String) throws(PostgresServerFailure) {
        try check(
            psql(
                database: "postgres",
                sql: "DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"))
    }

    /// Sets a store up in the empty `database` as the administrator does, with the built
    /// trendsh's `--set-up` as the superuser, and returns the URI that reaches the store as
    /// `person` (a role the server has from its start).
    @discardableResult
    public func setUpStore(in database: String) throws(PostgresServerFailure) -> String {
        let home = folder + "/set-up-home"
        mkdir(home, 0o700)
        let setUp = TrendshProcess.run(
            ["--store", uri(database: database), "--set-up"], environment: TrendshProcess.environment(home: home))
        guard setUp.status == 0 else { throw .commandFailed([TrendshProcess.binaryPath, "--set-up"], setUp) }
        return uri(database: database, role: Self.person)
    }

    private func copy(_ template: String, to name: String) throws(PostgresServerFailure) {
        precondition(
            name.utf8.count < 64 && !name.isEmpty
                && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" },
            "a test database is named with lower-case letters, digits and _: \(name)")
        try check(psql(database: "postgres", sql: "CREATE DATABASE \(name) TEMPLATE \(template)"))
    }

    /// The store template, made on first use: an empty database the built trendsh sets up as
    /// the superuser (`--set-up`), then marked a template, and the role `person`. Made once
    /// for the server; a failure is kept and thrown to every later caller.
    private func makeStoreTemplate() throws(PostgresServerFailure) {
        try storeTemplateMade.withLock { made throws(PostgresServerFailure) in
            if case .success(true) = made { return }
            if case .failure(let failure) = made { throw failure }
            do throws(PostgresServerFailure) {
                try copy(Self.template, to: Self.storeTemplate)
                try setUpStore(in: Self.storeTemplate)
                try check(
                    psql(database: "postgres", sql: "ALTER DATABASE \(Self.storeTemplate) IS_TEMPLATE true"))
                made = .success(true)
            } catch {
                made = .failure(error)
                throw error
            }
        }
    }

    /// The postmaster's process id, read from its pid file; nil when the server is not running.
    public var serverProcessID: pid_t? {
        guard let bytes = fileBytes(dataFolder + "/postmaster.pid") else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.flatMap { pid_t($0) }
    }

    static let psqlPath = "/usr/bin/psql"
    /// Where util-linux puts runuser: /sbin, which is /usr/sbin on a merged /usr.
    private static let runuserPath = "/sbin/runuser"

    /// A fresh folder under /tmp that the server's user owns, mode 0711: the socket in it is
    /// reachable by the tests' user, the cluster inside (0700) is not.
    private static func makeFolder() throws(PostgresServerFailure) -> String {
        var template = Array("/tmp/trendsh-pg-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let made else { throw .systemCall("mkdtemp", errno: errno) }
        if getuid() == 0 {
            guard let user = getpwnam(superuser) else {
                rmdir(made)
                throw .noServerUser
            }
            guard chown(made, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                let failure = PostgresServerFailure.systemCall("chown", errno: errno)
                rmdir(made)
                throw failure
            }
        }
        guard chmod(made, 0o711) == 0 else { throw .systemCall("chmod", errno: errno) }
        return made
    }

    /// Writes the tests' settings and authentication rules into the cluster.
    private func configure() throws(PostgresServerFailure) {
        // Durability stays as in production (fsync, synchronous_commit and full-page writes
        // on); only memory and connections are kept small.
        let settings = """

            # The tests' settings (Tests/TestSupport/PostgresServer.swift).
            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(folder)'
            fsync = on
            synchronous_commit = on
            full_page_writes = on
            shared_buffers = 16MB
            max_connections = 50
            log_min_messages = warning

            """
        let rules = """
            # The tests' own server: anyone on this machine may connect as any role, over the
            # socket or over loopback TCP (Tests/TestSupport/PostgresServer.swift).
            local all all trust
            host all all 127.0.0.1/32 trust

            """
        let configuration = dataFolder + "/postgresql.conf"
        // Writing into the files initdb made keeps them the server user's.
        guard let existing = fileBytes(configuration), writeFile(configuration, existing + Array(settings.utf8)),
            writeFile(dataFolder + "/pg_hba.conf", Array(rules.utf8))
        else { throw .systemCall("write \(dataFolder)", errno: errno) }
    }

    /// Waits until `pg_isready` says the server accepts connections (`pg_ctl -w` already
    /// waited for its pid file to say so).
    func waitUntilReady() throws(PostgresServerFailure) {
        for _ in 0..<100 {
            let ready = TrendshProcess.run(
                ["-q", "-h", socketFolder, "-p", String(port), "-t", "5"], environment: Self.environment,
                program: Self.binaries + "/pg_isready")
            if ready.status == 0 { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            nanosleep(&pause, nil)
        }
        let log = fileBytes(logFile).map { String(decoding: $0.suffix(2000), as: UTF8.self) } ?? ""
        throw .notReady(log: log)
    }

    private func createTemplate() throws(PostgresServerFailure) {
        try check(psql(database: "postgres", sql: "CREATE DATABASE \(Self.template) IS_TEMPLATE true"))
    }

    /// Runs a server program (`initdb`, `pg_ctl`) as the server's user, in the folder.
    func run(_ arguments: [String]) throws(PostgresServerFailure) {
        let argv = runAs + [Self.binaries + "/" + arguments[0]] + arguments.dropFirst()
        let result = TrendshProcess.run(
            Array(argv.dropFirst()), environment: Self.environment, program: argv[0], directory: folder)
        guard result.status == 0 else { throw .commandFailed(argv, result) }
    }

    /// Fails with what psql printed unless it succeeded.
    @discardableResult
    func check(_ result: ProcessResult) throws(PostgresServerFailure) -> ProcessResult {
        guard result.status == 0 else { throw .commandFailed([Self.psqlPath], result) }
        return result
    }

    /// The environment of the server programs and of psql: nothing of the test runner's.
    static let environment = [
        "PATH": binaries + ":/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C", "TZ": "UTC", "PGCONNECT_TIMEOUT": "10",
    ]
}

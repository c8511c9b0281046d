import Testing
import TrendshTestSupport

/// The server's rules (`ServerRules`, format 19), shown as a matrix: every table that holds a
/// person's data × three roles (alice, whose log it is; bob, whom alice shares it with; carol,
/// a stranger) × each operation, through psql and pg_dump as each role, and through trendsh.
/// The tables come from the server's catalog, so a new table with a `person` column joins the
/// matrix by itself, and one without rules fails it (docs/security.md names these tests).
@Suite struct ServerRulesTests {
    /// A database whose log is alice's, shared with bob; carol is another login of the server.
    struct Household {
        let server: PostgresServer
        let database: String
        let home = TemporaryDirectory()
        var alice: String { database + "_alice" }
        var bob: String { database + "_bob" }
        var carol: String { database + "_carol" }

        init(_ database: String) throws {
            server = try PostgresServer.shared()
            self.database = database
            _ = try server.makeDatabase(named: database)
            let made = server.psql(
                database: database,
                sql:
                    "CREATE ROLE \(database)_alice LOGIN; CREATE ROLE \(database)_bob LOGIN; CREATE ROLE \(database)_carol LOGIN"
            )
            #expect(made.status == 0, "\(made)")
            // The administrator's run set the store up (`makeDatabase`); a person's role may
            // create nothing.
        }

        /// The store's address for `role`, over the socket.
        func uri(_ role: String) -> String {
            "postgresql:///\(database)?host=\(server.socketFolder)&port=\(server.port)&user=\(role)"
        }

        /// trendsh as `role`, with `arguments` before the commands.
        func trendsh(_ role: String, _ commands: [String], arguments: [String] = []) -> ProcessResult {
            TrendshProcess.run(
                ["--store", uri(role), "--now", Fixtures.now] + arguments + commands.flatMap { ["-c", $0] },
                environment: TrendshProcess.environment(home: home.path), directory: home.path)
        }

        /// psql as `role` (the superuser when nil), errors with their SQLSTATE.
        func sql(_ role: String?, _ statement: String) -> ProcessResult {
            server.psql(
                database: role.map(uri) ?? database, arguments: ["-v", "VERBOSITY=verbose", "-c", statement])
        }

        /// One value the superuser reads, trimmed.
        func value(_ statement: String) -> String {
            sql(nil, statement).stdout.trimmedLines
        }

        /// Alice's log: a goal, weights with measurements, a kind of her own, a habit done,
        /// an import, an undone save, a kind's trend, shared with bob.
        func fill() throws {
            let csv = home.write("date,weight\n2026-11-01,70.5\n2026-11-02,70.2\n", to: "two.csv")
            let filled = trendsh(
                alice,
                [
                    "goal 65", "value 70", "waist 80", "note first of alice's", "save", "measure add neck cm 20 80",
                    "value 71",
                    "neck 30", "save", "new habit", "name walk", "save", "done walk", "import \(csv)", "save",
                    "value 72",
                    "save", "undo", "trend waist", "share with \(bob)",
                ])
            #expect(filled.status == 0, "\(filled)")
            // The notes a save leaves for the per-day trend are taken as soon as it is read:
            // two the trend has not read yet, so that those tables hold a row of alice's too.
            let noted = sql(
                nil,
                """
                INSERT INTO daily_pending (person, taken_at, kilograms, change) VALUES ('\(alice)', '2026-11-03T08:00:00.000Z', 70, 1);
                INSERT INTO kind_daily_pending (person, kind, taken_at) VALUES ('\(alice)', 'waist', '2026-11-03T08:00:00.000Z')
                """)
            #expect(noted.status == 0, "\(noted)")
            _ = trendsh(carol, ["status"])
        }

        /// Every row of alice's, as the superuser sees it: what no other role may change.
        func alicesRows(_ tables: [PersonTable]) -> String {
            tables.map { table in
                value(
                    "SELECT coalesce(string_agg(row_to_json(t)::text, E'\\n' ORDER BY row_to_json(t)::text), '') FROM \(table.name) t WHERE \(table.column) = '\(alice)'"
                )
            }.joined(separator: "\n--\n")
        }
    }

    /// A table that holds a person's data, and the column that names the person.
    struct PersonTable {
        let name: String
        let column: String
    }

    /// The tables with a person's data, from the catalog: a `person` column, or `people`.
    static func personTables(_ household: Household) -> [PersonTable] {
        household.value(
            """
            SELECT string_agg(c.relname, ' ' ORDER BY c.relname) FROM pg_class c
            WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND (c.relname = 'people' OR EXISTS (
                SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'person' AND NOT a.attisdropped))
            """
        ).split(separator: " ").map { PersonTable(name: String($0), column: $0 == "people" ? "name" : "person") }
    }

    static func refused(_ result: ProcessResult) -> Bool { result.status != 0 && result.stderr.contains("42501") }

    @Test func everyTableIsAPersonsUnderForcedRulesOrTheStoresOwnAndTheOwnerCannotLogIn() throws {
        let household = try Household("rules_catalog")
        defer { household.home.remove() }
        try household.fill()
        let all = household.value(
            "SELECT string_agg(relname, ' ' ORDER BY relname) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'"
        ).split(separator: " ").map(String.init)
        let personal = Set(Self.personTables(household).map(\.name))
        #expect(Set(all).subtracting(personal) == ["trendsh_store", "trendsh_change_count", "kinds"])
        for table in all {
            #expect(
                household.value("SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = '\(table)'::regclass")
                    == "trendsh_owner", "\(table)")
            let rules = household.value(
                "SELECT relrowsecurity::text || relforcerowsecurity::text FROM pg_class WHERE oid = '\(table)'::regclass"
            )
            #expect(rules == (personal.contains(table) ? "truetrue" : "falsefalse"), "\(table)")
        }
        #expect(household.value("SELECT rolcanlogin FROM pg_roles WHERE rolname = 'trendsh_owner'") == "f")
        // Every function is the owner's; only the counter and the kinds' one yes-or-no run as it.
        #expect(
            household.value(
                "SELECT string_agg(proname, ' ' ORDER BY proname) FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prosecdef"
            ) == "trendsh_count_change trendsh_kind_held_elsewhere")
        #expect(
            household.value(
                "SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND pg_get_userbyid(proowner) <> 'trendsh_owner'"
            ) == "0")
    }

    @Test func aReaderReadsAndAStrangerSeesNothingAndNeitherChangesAnyRowOfAnotherLog() throws {
        let household = try Household("rules_matrix")
        defer { household.home.remove() }
        try household.fill()
        let tables = Self.personTables(household)
        #expect(tables.count >= 18)
        let before = household.alicesRows(tables)
        let (alice, bob, carol) = (household.alice, household.bob, household.carol)
        for table in tables {
            let mine = "\(table.column) = '\(alice)'"
            let total = household.value("SELECT count(*) FROM \(table.name) WHERE \(mine)")
            #expect(Int(total) ?? 0 > 0, "alice has a row in \(table.name) to protect")
            let row = household.value("SELECT row_to_json(t) FROM \(table.name) t WHERE \(mine) LIMIT 1")
                .quotedForSQL
            // read
            let read: (String) -> String = { role in
                household.sql(role, "SELECT count(*) FROM \(table.name) WHERE \(mine)").stdout
                    .trimmedLines
            }
            #expect(read(alice) == total, "alice reads her \(table.name)")
            if table.name != "shares" {
                #expect(read(bob) == total, "bob reads alice's \(table.name)")
            }
            #expect(read(carol) == "0", "carol reads none of alice's \(table.name)")
            for role in [bob, carol] {
                // insert a row of alice's
                let added = household.sql(
                    role, "INSERT INTO \(table.name) SELECT * FROM json_populate_record(NULL::\(table.name), '\(row)')")
                #expect(Self.refused(added), "\(role) adds to alice's \(table.name): \(added)")
                // truncate
                #expect(Self.refused(household.sql(role, "TRUNCATE \(table.name)")), "\(role) truncates \(table.name)")
            }
            // update and delete: a reader is refused aloud, a stranger finds nothing.
            let changed = household.sql(bob, "UPDATE \(table.name) SET \(table.column) = \(table.column) WHERE \(mine)")
            let removed = household.sql(bob, "DELETE FROM \(table.name) WHERE \(mine)")
            if table.name == "people" || table.name == "shares" {
                // bob may not update or delete in these at all; a share's reader finds none to remove.
                #expect(changed.status != 0, "\(changed)")
                #expect(removed.status != 0 || removed.stdout.contains("DELETE 0"), "\(removed)")
            } else {
                #expect(Self.refused(changed), "bob updates alice's \(table.name): \(changed)")
                #expect(Self.refused(removed), "bob deletes alice's \(table.name): \(removed)")
                #expect(
                    household.sql(carol, "UPDATE \(table.name) SET person = person WHERE \(mine)").stdout.contains(
                        "UPDATE 0"))
                #expect(household.sql(carol, "DELETE FROM \(table.name) WHERE \(mine)").stdout.contains("DELETE 0"))
                // Alice cannot give a row away.
                let given = household.sql(alice, "UPDATE \(table.name) SET person = '\(carol)' WHERE \(mine)")
                #expect(Self.refused(given), "alice gives away her \(table.name): \(given)")
            }
            #expect(Self.refused(household.sql(alice, "TRUNCATE \(table.name)")), "alice truncates \(table.name)")
        }
        #expect(household.alicesRows(tables) == before, "no role changed a row of alice's")
    }

    @Test func aRowPointingAtAnotherPersonsParentIsRefusedBeforeAnyKeyCanAnswer() throws {
        let household = try Household("rules_parents")
        defer { household.home.remove() }
        try household.fill()
        let (alice, carol) = (household.alice, household.carol)
        // A completion of alice's habit, a value on alice's entry, a photograph in alice's step:
        // a copy re-personed as carol's would otherwise meet alice's key (a unique violation
        // telling carol the row exists) or link carol's row to alice's.
        for table in [
            "completions", "measurements", "entry_images", "habit_images", "completion_images", "kind_images",
            "change_rows",
        ] {
            let row = household.value(
                "SELECT jsonb_set(row_to_json(t)::jsonb, '{person}', '\"\(carol)\"') FROM \(table) t WHERE person = '\(alice)' LIMIT 1"
            ).quotedForSQL
            let added = household.sql(
                carol, "INSERT INTO \(table) SELECT * FROM json_populate_record(NULL::\(table), '\(row)')")
            #expect(Self.refused(added), "\(table): \(added)")
            #expect(!added.stderr.contains("already exists"), "\(table): \(added)")
        }
        // A draft id is unique within its person's log only: carol's row with alice's draft id
        // is carol's, and no error says that alice has one.
        let draft = household.value(
            "SELECT draft_id FROM entries WHERE person = '\(alice)' AND draft_id IS NOT NULL LIMIT 1")
        let same = household.sql(
            carol,
            "INSERT INTO entries (taken_at, kilograms, draft_id) VALUES ('2026-11-20T08:00:00.000Z', 60, '\(draft)')")
        #expect(same.status == 0, "\(same)")
        // Nor can carol name a reference to a table of alice's, or empty one.
        #expect(household.sql(nil, "CREATE SCHEMA \(carol)_space AUTHORIZATION \(carol)").status == 0)
        let probe = household.sql(carol, "CREATE TABLE \(carol)_space.probe (id bigint REFERENCES public.entries (id))")
        #expect(Self.refused(probe), "\(probe)")
        #expect(Self.refused(household.sql(carol, "UPDATE trendsh_change_count SET counter = 0")))
        #expect(Self.refused(household.sql(carol, "UPDATE trendsh_store SET format = 1")))
    }

    @Test func pgDumpAndTheStatisticsShowAStrangerNothingOfAnotherLog() throws {
        let household = try Household("rules_dump")
        defer { household.home.remove() }
        try household.fill()
        #expect(household.sql(nil, "ANALYZE").status == 0)
        #expect(Int(household.value("SELECT count(*) FROM pg_stats WHERE tablename = 'entries'")) ?? 0 > 0)
        let stats = household.sql(household.carol, "SELECT count(*) FROM pg_stats WHERE tablename = 'entries'")
        #expect(stats.stdout.trimmedLines == "0", "\(stats)")
        let dump: ([String]) -> ProcessResult = { extra in
            TrendshProcess.run(
                ["--data-only", "-t", "entries", "-t", "measurements", "-t", "entry_images"] + extra
                    + [household.uri(household.carol)],
                environment: [:], program: "/usr/bin/pg_dump")
        }
        // pg_dump refuses to dump what the rules would hide, unless told to dump what they show.
        let plain = dump([])
        #expect(plain.status != 0, "\(plain)")
        let shown = dump(["--enable-row-security"])
        #expect(shown.status == 0, "\(shown)")
        #expect(!shown.stdout.contains("first of alice's"))
        #expect(!shown.stdout.contains(household.alice))
        let asBob = TrendshProcess.run(
            ["--data-only", "--enable-row-security", "-t", "entries", household.uri(household.bob)],
            environment: [:], program: "/usr/bin/pg_dump")
        #expect(asBob.stdout.contains("first of alice's"), "\(asBob)")
    }

    @Test func aCoachReadsASharedLogAndItsWriteIsRefusedAloudWithTheDraftKept() throws {
        let household = try Household("rules_coach")
        defer { household.home.remove() }
        try household.fill()
        let (alice, bob, carol) = (household.alice, household.bob, household.carol)
        // Alice's per-day trend is behind (a note it has not read): bob's reads catch it up
        // aside, in a transaction that writes nothing of alice's.
        let pending = household.value("SELECT count(*) FROM daily_pending WHERE person = '\(alice)'")
        let listed = household.trendsh(bob, ["list", "trend waist", "stats 30"], arguments: ["--person", alice])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("first of alice's"), "\(listed)")
        #expect(listed.stdout.contains("Waist trend 80.0 cm"), "\(listed)")
        #expect(listed.stdout.contains("trend          70."), "\(listed)")
        #expect(household.value("SELECT count(*) FROM daily_pending WHERE person = '\(alice)'") == pending)
        let people = household.trendsh(bob, ["people"])
        #expect(people.stdout.contains(alice) && people.stdout.contains("\(bob) (you)"), "\(people)")
        #expect(!people.stdout.contains(carol), "\(people)")
        #expect(!household.trendsh(carol, ["people"]).stdout.contains(alice))

        let before = household.value("SELECT count(*) FROM entries WHERE person = '\(alice)'")
        let wrote = household.trendsh(bob, ["person \(alice)", "value 99", "save", "status"])
        #expect(
            wrote.stderr.contains(
                "The server refused the change: this session reads \(alice)'s log, which only \(alice) may write, so nothing was written."
            ), "\(wrote)")
        #expect(wrote.stdout.contains("draft: new entry, unsaved changes, last save failed"), "\(wrote)")
        #expect(household.value("SELECT count(*) FROM entries WHERE person = '\(alice)'") == before)
        // No error names a draft id of alice's.
        let drafts = household.value("SELECT string_agg(draft_id, ' ') FROM entries WHERE person = '\(alice)'")
        for draft in drafts.split(separator: " ") { #expect(!wrote.stderr.contains(String(draft))) }
        // An amend is refused for good, not kept as a pending change that no retry could apply.
        let amended = household.trendsh(bob, ["amend 1 note x", "status"], arguments: ["--person", alice])
        #expect(amended.stderr.contains("only \(alice) may write"), "\(amended)")
        #expect(!amended.stderr.contains("pending"), "\(amended)")
        #expect(!amended.stdout.contains("pending: 1 change"), "\(amended)")
        let removed = household.trendsh(bob, ["delete 1"], arguments: ["--person", alice])
        #expect(removed.stderr.contains("only \(alice) may write"), "\(removed)")
        #expect(household.value("SELECT count(*) FROM entries WHERE person = '\(alice)'") == before)

        // A stranger is told which logs it may read, and alice's is not among them.
        let stranger = household.trendsh(carol, ["list"], arguments: ["--person", alice])
        #expect(stranger.status != 0)
        #expect(
            stranger.stderr.contains(
                "This session may read no log of \(alice)'s, so nothing was read or written; it may read \(carol)."),
            "\(stranger)")
        #expect(!stranger.stdout.contains("first of alice's"))

        // Unsharing takes the reading back.
        let unshared = household.trendsh(alice, ["unshare \(bob)", "share"])
        #expect(unshared.stdout.contains("\(bob) may no longer read your log."), "\(unshared)")
        #expect(unshared.stdout.contains("Your log is shared with nobody"), "\(unshared)")
        let gone = household.trendsh(bob, ["list"], arguments: ["--person", alice])
        #expect(gone.stderr.contains("This session may read no log of \(alice)'s"), "\(gone)")
    }

    @Test func aCoachReadsTheSharedLogsSettingsAndAChangeOfThemIsRefusedWithNothingLeftWaiting() throws {
        let household = try Household("rules_coach_settings")
        defer { household.home.remove() }
        try household.fill()
        let (alice, bob) = (household.alice, household.bob)
        let before = household.value("SELECT string_agg(key || '=' || value, ' ' ORDER BY key) FROM settings")

        let read = household.trendsh(bob, ["goal", "unit"], arguments: ["--person", alice])
        #expect(read.stdout == "goal: 65.0 kg\nunit: kg\n", "bob reads alice's goal: \(read)")

        let changed = household.trendsh(
            bob, ["goal 70", "unit lb", "set chart-style ascii", "goal", "status"], arguments: ["--person", alice])
        let refusal =
            "error: The server refused the change: this session reads \(alice)'s log, and only \(alice) may change \(alice)'s settings, so nothing was changed."
        #expect(changed.stderr.components(separatedBy: refusal).count == 3, "\(changed)")
        #expect(changed.stdout.contains("chart-style: ascii."), "this machine's own setting: \(changed)")
        #expect(changed.stdout.contains("goal: 65.0 kg\n"), "\(changed)")
        #expect(!changed.stdout.contains("not in the store yet"), "\(changed)")
        #expect(changed.status == 1)
        #expect(household.value("SELECT string_agg(key || '=' || value, ' ' ORDER BY key) FROM settings") == before)
        // Bob's own settings are his, on his own log.
        let own = household.trendsh(bob, ["goal 90", "goal"])
        #expect(own.stdout == "goal: 90.0 kg.\ngoal: 90.0 kg\n", "\(own)")
        #expect(household.value("SELECT count(*) FROM settings WHERE person = '\(bob)'") == "1")
    }

    @Test func anUndoOfAForgedStepNamingAnotherPersonsRowLeavesThatRowAlone() throws {
        let household = try Household("rules_undo")
        defer { household.home.remove() }
        try household.fill()
        let (alice, carol) = (household.alice, household.carol)
        let entry = household.value("SELECT min(id) FROM entries WHERE person = '\(alice)'")
        let row = household.value("SELECT row_to_json(e)::text FROM entries e WHERE id = \(entry)")
        // Carol writes a step of her own that claims to have changed alice's entry, with a
        // photograph of it as it was before, and undoes it: the undo would put the photograph
        // back over alice's row.
        let forged = household.sql(
            carol,
            """
            INSERT INTO changes (operation, feature, kind, subject, made_at, row_table, row_key, before_exists, after_exists, last_revision)
            VALUES ('00000000-0000-4000-8000-000000000001', 'weights', 'amend', '', '2026-11-29T09:00:00.000Z', 'entries', '\(entry)', 1, 1, 1);
            INSERT INTO entry_images (change, position, side, id, taken_at, kilograms, note, revision, person)
            SELECT max(id), 0, 0, \(entry), '2026-11-29T08:00:00.000Z', 50, 'forged', 1, '\(carol)' FROM changes
            """)
        #expect(forged.status == 0, "\(forged)")
        let undone = household.trendsh(carol, ["undo", "list"])
        #expect(!undone.stdout.contains("first of alice's"), "\(undone)")
        #expect(household.value("SELECT row_to_json(e)::text FROM entries e WHERE id = \(entry)") == row)
        #expect(household.value("SELECT count(*) FROM entries WHERE note = 'forged' AND person = '\(alice)'") == "0")
        // Alice's own photographs are hers: carol reads none of them.
        let images = household.sql(carol, "SELECT count(*) FROM entry_images WHERE person = '\(alice)'")
        #expect(images.stdout.trimmedLines == "0")
    }
}

extension String {
    /// Without the blank space psql leaves around a value.
    fileprivate var trimmedLines: String {
        String(String(drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
    }

    /// With each single quote doubled, for a literal in SQL.
    fileprivate var quotedForSQL: String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
    }
}

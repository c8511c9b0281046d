import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL at random moments while piped sessions amend entries, some amends failing so that
/// they wait as pending changes and apply later: every amend trendsh acknowledged, as applied
/// or as pending, is in the store in the end, none is applied twice, and the store stays sound.
///
/// "Applied twice" is watched by the store itself: a trigger the test adds logs every write of
/// a note, so a change applied again would log its note again.
@Suite struct AmendKillStormTests {
    static let kills = 60
    static let amendsPerSession = 20
    static let entries = kills * amendsPerSession + 10

    @Test func killsDuringAmendsLoseNoAcknowledgedChangeAndApplyNoneTwice() throws {
        let fixture = try StoreFixture()
        try Self.prepare(fixture)
        var random = SeededGenerator(seed: UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x2000_0003 | 1)
        let seed = random.state
        var typed = 0
        var killedMidway = 0
        /// Notes trendsh said it stored, and notes it said it kept as pending.
        var applied: Set<String> = []
        var pending: Set<String> = []

        for round in 0..<Self.kills {
            var lines = ["retry"]
            for index in 0..<Self.amendsPerSession {
                // Every fourth amend fails once and waits; the next amend applies both in order.
                if index % 4 == 1 { lines.append("simulate save-failure once") }
                lines.append("amend \(typed + 1) note \(Self.token(typed))")
                typed += 1
            }
            let shell = fixture.start(echo: false)
            shell.send(lines)
            if round % 3 != 0 { try shell.waitForFirstOutput() }
            usleep(UInt32(random.next() % 30_001))
            let end = shell.finish(killingWith: SIGKILL)
            if end.status == 128 + SIGKILL { killedMidway += 1 }
            applied.formUnion(Self.tokens(in: end.output.stdout, after: "Amended #"))
            pending.formUnion(Self.tokens(in: end.output.stderr, after: "kept as pending (amend #"))
        }
        // The next session applies whatever the last kill left waiting.
        let after = fixture.run(["retry", "status"])

        let audit = try OtherProgram(path: fixture.storePath).rows("SELECT note FROM audit").compactMap { $0[0] }
        let notes = try OtherProgram(path: fixture.storePath).rows("SELECT note FROM entries").compactMap { $0[0] }
        #expect(killedMidway == Self.kills, "only \(killedMidway) sessions were still running when killed")
        #expect(killedMidway >= 50)
        #expect(try fixture.integrity() == "ok", "seed \(seed)")
        #expect(!after.stdout.contains("pending:"), "nothing is left waiting: \(after.stdout)")
        #expect(after.stdout.contains("weights: ready"), "\(after.stdout)\(after.stderr)")
        #expect(Set(audit).count == audit.count, "a change was applied twice; seed \(seed)")
        let stored = Set(notes)
        let lost = applied.union(pending).subtracting(stored).sorted()
        #expect(lost.isEmpty, "acknowledged changes never stored: \(lost); seed \(seed)")
        #expect(!applied.isEmpty && !pending.isEmpty, "the storm exercised both paths")
        #expect(Set(audit).isSubset(of: (0..<typed).map(Self.token)), "only typed notes were written")
    }

    /// A store with an entry for every amend the storm can type, and the audit trigger.
    static func prepare(_ fixture: StoreFixture) throws {
        guard fixture.run(["status"]).status == 0 else { throw SeedFailure(result: fixture.run(["status"])) }
        let other = try OtherProgram(path: fixture.storePath)
        try other.execute(
            """
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(entries))
            INSERT INTO entries (taken_at, kilograms, note)
                SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes'), 70 + i % 10, '' FROM n;
            CREATE TABLE audit (note TEXT NOT NULL);
            CREATE TRIGGER audit_notes AFTER UPDATE OF note ON entries BEGIN
                INSERT INTO audit (note) VALUES (NEW.note);
            END;
            COMMIT;
            """)
        other.close()
    }

    /// The note the storm's `index`-th amend types.
    static func token(_ index: Int) -> String { "storm-\(index)" }

    /// The notes named after `marker` in `text`: `Amended #3: … note "storm-2".`
    static func tokens(in text: String, after marker: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n") where line.contains(marker) {
            guard let start = line.ranges(of: "note \"storm-").first else { continue }
            let rest = line[line.index(start.lowerBound, offsetBy: 6)...]
            found.insert(String(rest.prefix { $0 != "\"" }))
        }
        return found
    }
}

import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Formats 14 and 15: a store from before people becomes one person's log, after the
/// backup copy, and the person a session asks for must be one the store holds.
@MainActor
@Suite struct PeopleMigrationTests {
    static func named(_ text: String) -> PersonRequest {
        PersonRequest(name: PersonName(text)!, source: .named)
    }

    /// A format-13 store with three entries, one with a measurement, written as format 13 did.
    static func formatThirteenStore(at path: String) throws {
        let old = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 13 }))
        try old.write(.weights) { db throws(StorageError) in
            try db.execute(
                """
                INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES
                    ('2026-11-01T08:00:00.000Z', 80.0, '', 'a'), ('2026-11-02T08:00:00.000Z', 79.5, '', 'b'),
                    ('2026-11-03T08:00:00.000Z', 79.0, 'x', NULL);
                INSERT INTO measurements (entry_id, kind, value) VALUES (2, 'fat', 21.5);
                """)
        }
        old.close()
    }

    @Test func anOlderStoreBecomesTheLogOfThePersonTheUpgradingSessionNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.formatThirteenStore(at: path)

        let store = Store(location: .file(path: path), schema: .trendsh, person: Self.named("alice"))
        #expect(try store.people() == [PersonName("alice")!])
        #expect(store.personName == "alice")
        #expect(
            store.takeNotices().contains(
                .upgraded(from: 13, to: Schema.trendsh.latestVersion, backup: path + ".v13-backup")))
        store.close()
        let other = try OtherProgramConnection(path: path)
        #expect(try other.rows("SELECT DISTINCT person FROM entries") == [["alice"]])
        #expect(try other.rows("SELECT DISTINCT person FROM measurements") == [["alice"]])
        #expect(try other.integer("SELECT count(*) FROM entries") == 3)
        #expect(try OtherProgramConnection(path: path + ".v13-backup").integer("PRAGMA user_version") == 13)
        // A row another program inserts without a person is the first person's.
        try other.execute("INSERT INTO entries (taken_at, kilograms) VALUES ('2026-11-04T08:00:00.000Z', 78.0)")
        #expect(try other.rows("SELECT person FROM entries WHERE id = 4") == [["alice"]])
    }

    @Test func aNamedPersonMustBeInTheStoreButTheEnvironmentsGuessFallsBackOnTheOnlyOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = Store(location: .file(path: path), schema: .trendsh, person: Self.named("alice"))
        #expect(try first.people() == [PersonName("alice")!])
        first.close()

        let bob = Store(location: .file(path: path), schema: .trendsh, person: Self.named("bob"))
        #expect(throws: StorageError.unknownPerson(name: "bob", known: ["alice"])) { try bob.people() }
        bob.close()
        let guessed = Store(
            location: .file(path: path), schema: .trendsh,
            person: PersonRequest(name: PersonName("bob")!, source: .environment))
        #expect(try guessed.people() == [PersonName("alice")!])
        #expect(guessed.personName == "alice")
        // With two people, the environment's guess no longer picks one.
        #expect(try guessed.addPerson(PersonName("carol")!))
        #expect(try !guessed.addPerson(PersonName("carol")!))
        guessed.close()
        let again = Store(
            location: .file(path: path), schema: .trendsh,
            person: PersonRequest(name: PersonName("bob")!, source: .environment))
        #expect(throws: StorageError.unknownPerson(name: "bob", known: ["alice", "carol"])) { try again.people() }
        // Choosing refuses an unknown name and stays; a known one is chosen.
        let carol = Store(location: .file(path: path), schema: .trendsh, person: Self.named("carol"))
        #expect(throws: StorageError.unknownPerson(name: "dave", known: ["alice", "carol"])) {
            try carol.choosePerson(PersonName("dave")!)
        }
        #expect(carol.personName == "carol")
        try carol.choosePerson(PersonName("alice")!)
        #expect(carol.personName == "alice")
        carol.close()
    }

    @Test func namesAreWordsARoleCouldHave() {
        for good in ["alice", "_x", "Sam.Jones", "a-1", String(repeating: "a", count: 63)] {
            #expect(PersonName(good) != nil, "\(good)")
        }
        for bad in ["", "1x", "a b", "é", "a;b", "-a", String(repeating: "a", count: 64), "a\u{1B}"] {
            #expect(PersonName(bad) == nil, "\(bad)")
        }
        #expect(PersonName.fromEnvironment { ["LOGNAME": "", "USER": "kim"][$0] } == PersonName("kim"))
        #expect(PersonName.fromEnvironment { ["LOGNAME": "lee", "USER": "kim"][$0] } == PersonName("lee"))
        #expect(PersonName.fromEnvironment { _ in "not a name" } == nil)
    }
}

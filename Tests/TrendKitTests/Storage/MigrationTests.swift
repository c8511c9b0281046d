import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Stores written by trendsh 0.1 (format 1: `taken_at` as REAL seconds since 2001, no
/// revisions) are brought up to date on open, after a copy is made.
@MainActor
@Suite struct MigrationTests {
    /// One row of a format 1 store.
    struct VersionOneRow {
        var id: Int64
        var secondsSince2001: Double
        var kilograms: Double
        var note: String
        var draftID: String?
    }

    /// 2026-11-29T07:59:59.123 UTC, as trendsh 0.1 stored it, with a little more than a
    /// millisecond of precision.
    static let takenAt = 817_631_999.123_4

    static let rows = [
        VersionOneRow(id: 3, secondsSince2001: takenAt, kilograms: 75.5, note: "kept", draftID: "draft-v1"),
        VersionOneRow(id: 5, secondsSince2001: takenAt - 86_400, kilograms: 76.25, note: "", draftID: nil),
    ]

    /// Writes a format 1 store as trendsh 0.1 left it: WAL mode, marked as a trendsh store,
    /// and an AUTOINCREMENT counter past the highest id (an entry 9 was deleted).
    static func makeVersionOneStore(at path: String, rows: [VersionOneRow] = rows, journal: String = "WAL") throws {
        let other = try OtherProgram(path: path, creating: true)
        try other.execute(
            """
            PRAGMA journal_mode = \(journal);
            PRAGMA application_id = 1414680132;
            PRAGMA user_version = 1;
            CREATE TABLE entries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                taken_at REAL NOT NULL,
                kilograms REAL NOT NULL CHECK (kilograms > 0),
                note TEXT NOT NULL DEFAULT '',
                draft_id TEXT UNIQUE
            );
            CREATE INDEX entries_newest_first ON entries (taken_at DESC, id DESC);
            INSERT INTO entries (id, taken_at, kilograms, note) VALUES (9, 0, 70, 'deleted');
            DELETE FROM entries WHERE id = 9;
            """)
        for row in rows {
            let draftID = row.draftID.map { "'\($0)'" } ?? "NULL"
            try other.execute(
                """
                INSERT INTO entries (id, taken_at, kilograms, note, draft_id)
                VALUES (\(row.id), \(row.secondsSince2001), \(row.kilograms), '\(row.note)', \(draftID))
                """)
        }
        // The last connection to close checkpoints the log into the file.
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        other.close()
    }

    @Test func aVersionOneStoreIsUpgradedKeepingEveryEntryToTheMillisecond() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path)
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)

        let entries = try repository.recentEntries(limit: 10)

        #expect(
            entries == [
                WeightEntry(
                    id: 3, date: Date(timeIntervalSince1970: 1_795_939_199.123), kilograms: 75.5, note: "kept",
                    draftID: DraftID(rawValue: "draft-v1"), revision: 1),
                WeightEntry(
                    id: 5, date: Date(timeIntervalSince1970: 1_795_852_799.123), kilograms: 76.25, note: "",
                    draftID: nil, revision: 1),
            ])
        #expect(entries.map { StoredTime.text($0.date) } == ["2026-11-29T07:59:59.123Z", "2026-11-28T07:59:59.123Z"])
        #expect(
            store.takeNotices().contains(
                .upgraded(from: 1, to: Schema.trendsh.latestVersion, backup: path + ".v1-backup")))

        let other = try OtherProgram(path: path)
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        #expect(try other.text("SELECT taken_at FROM entries WHERE id = 3") == "2026-11-29T07:59:59.123Z")
        #expect(try other.integer("SELECT count(*) FROM operations") == 0)
        #expect(try other.integrity() == "ok")
    }

    @Test func anUpgradeKeepsTheIDsAndNeverGivesADeletedOneAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path)
        let repository = Fixtures.repository(at: path)

        let next = try repository.insert(Fixtures.newEntries[0]).written

        #expect(next.id == 10)
        #expect(try repository.recentEntries(limit: 10).map(\.id).sorted() == [3, 5, 10])
        #expect(
            try repository.insert(Fixtures.newEntry("draft-v1"))
                == .alreadySaved(try #require(try repository.entry(id: 3))))
    }

    @Test func theUpgradedEntriesTakeRevisionsAndEdits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path)
        let repository = Fixtures.repository(at: path)
        let old = try #require(try repository.entry(id: 3))

        let outcome = try repository.update(
            EntryChange(
                id: 3, date: old.date, kilograms: 75, note: "edited", expectedRevision: 1, operation: .make()))

        #expect(
            outcome
                == .updated(
                    WeightEntry(id: 3, date: old.date, kilograms: 75, note: "edited", draftID: old.draftID, revision: 2)
                ))
    }

    @Test func aCopyOfTheVersionOneStoreIsMadeFirstAndOnlyTheOwnerCanReadIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path)

        _ = try Fixtures.repository(at: path).recentEntries(limit: 1)

        let backup = path + ".v1-backup"
        #expect(permissions(of: backup) == 0o600)
        let copy = try OtherProgram(path: backup)
        #expect(try copy.integer("PRAGMA user_version") == 1)
        #expect(try copy.integer("PRAGMA application_id") == 0x5452_4E44)
        #expect(try copy.text("SELECT typeof(taken_at) FROM entries WHERE id = 3") == "real")
        #expect(
            try copy.rows("SELECT id, taken_at FROM entries ORDER BY id") == [
                ["3", "817631999.1234"], ["5", "817545599.1234"],
            ])
        #expect(try copy.integer("SELECT seq FROM sqlite_sequence WHERE name = 'entries'") == 9)
    }

    /// A format-1 row dated past the year 9999, which no ISO 8601 text of four digits holds:
    /// format 1 stored any number of seconds, so such a row can only be refused.
    static let unconvertibleRow = VersionOneRow(
        id: 7, secondsSince2001: 1e12, kilograms: 70, note: "far future", draftID: nil)

    @Test(arguments: ["WAL", "DELETE"])
    func anUpgradeThatFailsLeavesTheStoreExactlyAsItWasAndSaysSo(journal: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path, rows: Self.rows + [Self.unconvertibleRow], journal: journal)
        let before = try #require(fileBytes(path))
        let store = Fixtures.store(at: path)

        let error = #expect(throws: StorageError.self) {
            try SQLWeightRepository(store: store).recentEntries(limit: 1)
        }

        guard case .upgradeFailed(let from, let to, let backup, let reason)? = error else {
            Issue.record("expected a failed upgrade, got \(String(describing: error))")
            return
        }
        #expect(from == 1)
        #expect(to == Schema.trendsh.latestVersion)
        #expect(backup == nil, "the store is as it was, so no copy is kept")
        #expect(!fileExists(path + ".v1-backup"))
        #expect(reason.contains("constraint failed"), "\(reason)")
        #expect(error?.retryMayHelp == false)
        #expect(store.isOpen == false)
        store.close()
        #expect(fileBytes(path) == before, "every byte, the journal mode included")
        #expect(fileExists(path + "-wal") == false)
        let other = try OtherProgram(path: path)
        #expect(try other.integer("PRAGMA user_version") == 1)
        #expect(try other.text("PRAGMA journal_mode") == journal.lowercased())
        #expect(try other.integer("SELECT count(*) FROM entries") == 3)
        #expect(try other.integer("SELECT count(*) FROM sqlite_master WHERE name IN ('entries_v2', 'operations')") == 0)
    }

    @Test func anUpgradeTriedAgainLeavesNoCopiesBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try Self.makeVersionOneStore(at: path, rows: Self.rows + [Self.unconvertibleRow])
        let repository = Fixtures.repository(at: path)
        #expect(throws: StorageError.self) { try repository.recentEntries(limit: 1) }
        #expect(throws: StorageError.self) { try repository.recentEntries(limit: 1) }

        #expect(filesUnder(directory.path).filter { $0.contains("backup") } == [])
    }

    @Test func aFormatOneWeightOutsideTodaysRuleIsStillUpgraded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let light = VersionOneRow(
            id: 7, secondsSince2001: Self.takenAt, kilograms: 10, note: "typed by hand", draftID: nil)
        try Self.makeVersionOneStore(at: path, rows: Self.rows + [light])

        let entries = try Fixtures.repository(at: path).recentEntries(limit: 10)

        #expect(entries.contains { $0.id == 7 && $0.kilograms == 10 }, "the data is kept as it was; nothing is dropped")
    }
}

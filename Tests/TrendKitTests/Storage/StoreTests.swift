import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
@Suite struct StoreTests {
    /// Keeps lock tests short: a write waits this long for another program's lock.
    static let shortBusyTimeout: Duration = .milliseconds(300)

    @Test func aNewStoreOpensEmptyOnItsFirstOperation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path)
        #expect(repository.store.sqlite.isOpen == false)
        #expect(fileExists(path) == false)

        #expect(try repository.recentEntries(limit: 10).isEmpty)

        #expect(repository.store.sqlite.isOpen)
        #expect(fileExists(path))
    }

    /// A copied or crafted store's triggers and views may not call functions with side
    /// effects: the connection does not trust the file's schema (docs/security.md).
    @Test func theConnectionDoesNotTrustTheFilesSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let repository = Fixtures.repository(at: directory.file("trend.sqlite"))
        let trusted = try repository.store.read(.weights) { db throws(StorageError) in
            try db.integer("PRAGMA trusted_schema")
        }
        #expect(trusted == 0)
    }

    @Test func theStoreAndItsLogAreCreatedReadableOnlyByTheOwner() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path)

        _ = try repository.recentEntries(limit: 1)
        #expect(permissions(of: path) == 0o600)

        _ = try repository.insert(Fixtures.newEntries[0])
        #expect(permissions(of: path) == 0o600)
        #expect(permissions(of: path + "-wal") == 0o600)
        #expect(repository.store.sqlite.takeNotices().isEmpty)
    }

    @Test func theSchemaIsTheLatestVersionInWALModeAndMarkedAsATrendshStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        _ = try Fixtures.repository(at: path).recentEntries(limit: 1)

        let other = try OtherProgramConnection(path: path)
        #expect(Schema.trendsh.latestVersion == 20)
        #expect(Schema.trendsh.migrations.map(\.version) == Array(1...20))
        #expect(try other.integer("PRAGMA user_version") == 20)
        #expect(try other.integer("PRAGMA application_id") == 0x5452_4E44)
        #expect(try other.text("PRAGMA journal_mode") == "wal")
        #expect(
            try other.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0[0] } == [
                "change_rows", "changes", "completion_images", "completions", "daily", "daily_pending",
                "daily_zones", "entries", "entry_images", "habit_images", "habits", "kind_daily", "kind_daily_pending",
                "kind_daily_zones", "kind_images", "kinds", "measurements", "operations", "people", "settings",
                "sqlite_sequence",
            ])
        #expect(
            try other.rows("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").map { $0[0] } == [
                "change_rows_take_a_person", "changes_take_a_person", "completion_images_take_a_person",
                "completions_take_a_person", "entries_added", "entries_changed",
                "entries_moved_note_their_measurements",
                "entries_removed", "entries_removed_keep_their_save", "entries_removed_take_their_measurements",
                "entries_removing_note_their_measurements", "entries_take_a_person", "entry_images_take_a_person",
                "habit_images_take_a_person", "habits_take_a_person", "kind_images_take_a_person",
                "measurements_added_note_their_day", "measurements_changed_note_their_day",
                "measurements_removed_note_their_day", "measurements_take_a_person", "operations_take_a_person",
                "settings_take_a_person",
            ])
        #expect(
            try other.rows("SELECT name FROM pragma_table_info('entries')").map { $0[0] } == [
                "id", "taken_at", "kilograms", "note", "draft_id", "revision", "person",
            ])
    }

    @Test func aNewStoreIsNotUpgradedAndNotesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        _ = try SQLWeightRepository(store: store).recentEntries(limit: 1)

        #expect(store.takeNotices() == [])
        #expect(filesUnder(directory.path).contains { $0.contains("backup") } == false)
    }

    @Test func aFileOfRandomBytesIsNotADatabaseAndIsLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try directory.write(Array("not a database: ".utf8) + noise, to: "trend.sqlite")
        let repository = Fixtures.repository(at: path)

        #expect(throws: StorageError.notADatabase(path: path)) { try repository.recentEntries(limit: 10) }
        #expect(throws: StorageError.notADatabase(path: path)) { try repository.insert(Fixtures.newEntries[0]) }

        #expect(fileBytes(path) == Array("not a database: ".utf8) + noise)
        #expect(fileExists(path + "-wal") == false)
    }

    @Test func anotherProgramsDatabaseIsForeignAndIsLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.sqlite")
        let other = try OtherProgramConnection(path: path)
        try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        other.close()
        let before = fileBytes(path)

        #expect(throws: StorageError.foreignDatabase(path: path)) {
            try Fixtures.repository(at: path).recentEntries(limit: 1)
        }

        #expect(fileBytes(path) == before)
        #expect(fileExists(path + ".v0-backup") == false)
    }

    /// Another program's `user_version` means nothing to trendsh: the application id is
    /// checked first, so a foreign file is never mistaken for a newer trendsh store.
    @Test func anotherProgramsDatabaseWithAHigherUserVersionIsForeignNotNewer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("other.sqlite")
        let other = try OtherProgramConnection(path: path)
        try other.execute(
            """
            PRAGMA application_id = 42;
            PRAGMA user_version = 7;
            CREATE TABLE things (name TEXT);
            INSERT INTO things VALUES ('keep me');
            """)
        other.close()
        let before = fileBytes(path)

        #expect(throws: StorageError.foreignDatabase(path: path)) {
            try Fixtures.repository(at: path).insert(Fixtures.newEntries[0])
        }

        #expect(fileBytes(path) == before)
    }

    @Test func aStoreFromANewerVersionIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let other = try OtherProgramConnection(path: path)
        try other.execute(
            """
            PRAGMA application_id = 1414680132;
            PRAGMA user_version = 99;
            CREATE TABLE entries (id INTEGER PRIMARY KEY, taken_at TEXT, kilograms REAL, shape BLOB);
            """)
        other.close()
        let before = fileBytes(path)

        #expect(throws: StorageError.newerFormat(version: 99)) {
            try Fixtures.repository(at: path).recentEntries(limit: 1)
        }

        #expect(fileBytes(path) == before)
    }

    @Test func aStoreInAMissingFolderCannotOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/trend.sqlite")
        let repository = Fixtures.repository(at: path)

        #expect(throws: StorageError.cannotOpen(path: path)) { try repository.recentEntries(limit: 10) }
        #expect(repository.store.sqlite.isOpen == false)
    }

    @Test func aFailedOpenIsTriedAgainOnTheNextCall() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.file("later")
        let repository = Fixtures.repository(at: folder + "/trend.sqlite")
        #expect(throws: StorageError.self) { try repository.recentEntries(limit: 1) }

        #expect(mkdir(folder, 0o700) == 0)

        #expect(try repository.insert(Fixtures.newEntries[0]).written.id == 1)
    }

    @Test func aFolderAtTheStoresPathIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        #expect(mkdir(path, 0o700) == 0)

        #expect(throws: StorageError.notARegularFile(path: path, kind: .directory)) {
            try Fixtures.repository(at: path).recentEntries(limit: 1)
        }
        #expect(filesUnder(directory.path) == ["trend.sqlite"])
    }

    @Test func aSymbolicLinkAtTheStoresPathIsRefusedAndWhatItNamesIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("real.sqlite")
        let real = Fixtures.repository(at: target)
        _ = try real.insert(Fixtures.newEntries[0])
        real.store.close()
        let before = fileBytes(target)
        let path = directory.file("trend.sqlite")
        #expect(symlink(target, path) == 0)

        let repository = Fixtures.repository(at: path)

        #expect(throws: StorageError.notARegularFile(path: path, kind: .symbolicLink)) {
            try repository.recentEntries(limit: 1)
        }
        #expect(throws: StorageError.notARegularFile(path: path, kind: .symbolicLink)) {
            try repository.insert(Fixtures.newEntries[1])
        }
        #expect(fileBytes(target) == before)
        // The real store keeps its emptied log and index when it closes; nothing else appears.
        #expect(filesUnder(directory.path) == ["real.sqlite", "real.sqlite-shm", "real.sqlite-wal", "trend.sqlite"])
        #expect(fileBytes(target + "-wal") == [])
    }

    @Test func aStoreReadableByOthersIsNotedOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        _ = try Fixtures.repository(at: path).insert(Fixtures.newEntries[0])
        #expect(chmod(path, 0o644) == 0)
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)

        _ = try repository.recentEntries(limit: 1)
        #expect(store.takeNotices() == [.readableByOthers(path: path, mode: 0o644)])

        store.close()
        _ = try repository.recentEntries(limit: 1)
        #expect(store.takeNotices() == [])
    }

    @Test func changedElsewhereIsFalseAfterOurOwnWriteAndTrueAfterAnotherConnectionCommits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)
        #expect(store.changedElsewhere() == false)  // not open yet

        _ = try repository.insert(Fixtures.newEntries[0])
        #expect(store.changedElsewhere() == false)
        _ = try repository.insert(Fixtures.newEntries[1])
        #expect(store.changedElsewhere() == false)

        let other = try OtherProgram(path: path)
        try other.execute(
            "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-29T07:00:00.000Z', 74, 'elsewhere')")

        #expect(store.changedElsewhere())
        #expect(store.changedElsewhere() == false)  // seen once
        #expect(try repository.recentEntries(limit: 10).map(\.note).contains("elsewhere"))
    }

    @Test func aReadOnlyLookAtTheStoreByAnotherConnectionIsNotAChange() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        _ = try SQLWeightRepository(store: store).insert(Fixtures.newEntries[0])

        let other = try OtherProgram(path: path)
        #expect(try other.integer("SELECT count(*) FROM entries") == 1)

        #expect(store.changedElsewhere() == false)
    }

    @Test func closingEmptiesTheLogAndTheFileAloneHoldsEveryEntry() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)
        var saved: [WeightEntry] = []
        for new in Fixtures.newEntries { saved.append(try repository.insert(new).written) }
        #expect(fileExists(path + "-wal"))

        store.close()

        #expect(store.isOpen == false)
        #expect(fileBytes(path + "-wal") == [], "the log is kept for the next start, emptied into the store")
        let copy = try directory.write(try #require(fileBytes(path)), to: "copy.sqlite")
        let reopened = Fixtures.repository(at: copy)
        #expect(try reopened.recentEntries(limit: 10) == saved.reversed())
    }

    /// Saves cost what the log's sync costs: a log cut back to nothing after every checkpoint
    /// grows again with each commit, and each sync must then write the file's new size too.
    @Test func theLogKeepsItsSizeAcrossCheckpointsWhileOpenAndIsEmptiedOnClose() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        let repository = SQLWeightRepository(store: store)
        var sizes: [Int] = []
        for index in 0..<400 {
            _ = try repository.insert(Fixtures.newEntry("e\(index)", daysAgo: Double(index) / 24))
            sizes.append(fileSize(path + "-wal") ?? 0)
        }
        // SQLite checkpoints at 1,000 pages of log (about 4 MB); 400 saves write more than that.
        let largest = try #require(sizes.max())
        #expect(largest > 4_000_000, "no checkpoint happened, so this test shows nothing")
        let shrank = zip(sizes, sizes.dropFirst()).filter { $0 > $1 }
        #expect(shrank.isEmpty, "the log was cut back while the store was open: \(shrank.prefix(3))")

        store.close()

        #expect(fileBytes(path + "-wal") == [])
    }

    @Test func aClosedStoreOpensAgainOnTheNextOperation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = Fixtures.store(at: directory.file("trend.sqlite"))
        let repository = SQLWeightRepository(store: store)
        let first = try repository.insert(Fixtures.newEntries[0]).written
        store.close()
        store.close()

        let second = try repository.insert(Fixtures.newEntries[1]).written

        #expect(store.isOpen)
        #expect(try repository.recentEntries(limit: 10) == [second, first])
    }

    @Test func theStoreConsultsItsFaultsForEachFeature() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let store = Fixtures.store(at: directory.file("trend.sqlite"), faults: faults)
        let repository = SQLWeightRepository(store: store)
        #expect(store.faults === faults)

        faults.failNextSave(in: .settings)
        let saved = try repository.insert(Fixtures.newEntries[0]).written

        faults.failNextSave(with: .diskFull, in: .weights)
        #expect(throws: StorageError.diskFull) { try repository.insert(Fixtures.newEntries[1]) }
        #expect(try repository.recentEntries(limit: 10) == [saved])

        faults.failNextRefresh(in: .weights)
        #expect(throws: StorageError.simulated(.refresh)) { try repository.recentEntries(limit: 10) }
        #expect(try repository.entry(id: saved.id) == saved)  // only a load is a refresh

        faults.failToOpen(in: .weights)
        #expect(throws: StorageError.simulated(.open)) { try repository.entry(id: saved.id) }
        faults.stopFailing()
        #expect(try repository.recentEntries(limit: 10) == [saved])
    }

    @Test func aWriteLockHeldByAnotherProgramFailsTheSaveAndTheRetryAfterReleaseWritesOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path, busyTimeout: Self.shortBusyTimeout)
        _ = try repository.recentEntries(limit: 1)
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75,5"
        editor.draft.note = "after the run"
        let typed = editor.draft
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        #expect(editor.save() == .failure(.storage(.locked)))

        #expect(editor.lastError == .storage(.locked))
        #expect(log.retainedError == editor.lastError)
        #expect(editor.draft == typed)
        #expect(log.entries.isEmpty)

        try other.execute("ROLLBACK")
        other.close()

        let outcome = try editor.save().get()
        guard case .created(let entry) = outcome else {
            Issue.record("expected a new entry, got \(outcome)")
            return
        }
        let stored = try repository.recentEntries(limit: 10)
        #expect(stored == [entry])
        #expect(entry.kilograms == 75.5)
        #expect(entry.draftID == typed.id)
        #expect(log.entries == stored)
        #expect(log.retainedError == nil)
    }

    @Test func aDeleteBlockedByAnotherProgramKeepsTheEntryListed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path, busyTimeout: Self.shortBusyTimeout)
        let log = Fixtures.log(repository: repository)
        let saved = try #require(try log.save(Fixtures.draft).entry)
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        #expect(throws: TrendError.storage(.locked)) {
            try log.delete(id: saved.id, expectedRevision: saved.revision)
        }

        #expect(log.entries == [saved])
        try other.execute("ROLLBACK")
        #expect(try repository.recentEntries(limit: 10) == [saved])
    }

    @Test func entriesCanBeReadWhileAnotherProgramHoldsTheWriteLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path, busyTimeout: Self.shortBusyTimeout)
        let saved = try repository.insert(Fixtures.newEntries[0]).written
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }

        #expect(try repository.recentEntries(limit: 10) == [saved])
    }

    @Test func aWaitForTheLockThatThePersonInterruptsWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = Fixtures.repository(at: path, interruptRequested: { true })
        _ = try repository.recentEntries(limit: 1)
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        #expect(throws: StorageError.interrupted) { try repository.insert(Fixtures.newEntries[0]) }

        try other.execute("ROLLBACK")
        #expect(try repository.recentEntries(limit: 10).isEmpty)
    }

    /// A write whose body fails part way, after it has written, is rolled back at once: it
    /// leaves nothing, holds no lock (another connection, which waits for none, writes at
    /// once), and the store's next write starts a transaction of its own.
    @Test(arguments: [StorageError.rejected(message: "body failed"), .diskFull, .interrupted])
    func aWriteWhoseBodyThrowsLeavesNothingAndReleasesTheLockAtOnce(failure: StorageError) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let store = Fixtures.store(at: path)
        _ = try store.read(.weights) { db throws(StorageError) in try db.integer("SELECT count(*) FROM entries") }

        #expect(throws: failure) {
            try store.write(.weights) { db throws(StorageError) in
                try db.run(
                    "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-29T07:00:00.000Z', 75, 'lost')")
                try db.run(
                    "INSERT INTO operations (id, feature, kind, applied_at) VALUES ('lost', 'weights', 'test', 'now')")
                throw failure
            }
        }

        let other = try OtherProgramConnection(path: path)
        defer { other.close() }
        #expect(try other.integer("SELECT count(*) FROM entries") == 0)
        #expect(try other.integer("SELECT count(*) FROM operations") == 0)
        try other.execute(
            "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-29T07:30:00.000Z', 76, 'other')")
        let notes = try store.write(.weights) { db throws(StorageError) in
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-29T07:45:00.000Z', 77, 'next')")
            return try db.integer("SELECT count(*) FROM entries")
        }
        #expect(notes == 2)
        #expect(try other.rows("SELECT note FROM entries ORDER BY taken_at") == [["other"], ["next"]])
    }
}

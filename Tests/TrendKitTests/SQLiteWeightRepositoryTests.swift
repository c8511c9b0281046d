import CSQLite
import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SQLiteWeightRepositoryTests {
    /// Keeps lock tests short: a write waits this long for another program's lock.
    static let shortBusyTimeout: Duration = .milliseconds(300)

    @Test func reopeningAFileReturnsWhatWasSaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let first = SQLiteWeightRepository(location: .file(path: path))
        var saved: [WeightEntry] = []
        for new in Fixtures.newEntries { saved.append(try await first.insert(new).entry) }
        _ = try await first.delete(id: saved[0].id)
        var changed = saved[1]
        changed.note = "edited"
        _ = try await first.update(changed)

        let reopened = SQLiteWeightRepository(location: .file(path: path))

        #expect(try await reopened.recentEntries(limit: 10) == [saved[2], changed])
        #expect(try await reopened.insert(Fixtures.newEntries[2]) == .alreadySaved(saved[2]))
    }

    @Test @MainActor func aWeightLogOnAReopenedFileShowsTheEntriesSavedBefore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let outcome = try await Fixtures.log(repository: SQLiteWeightRepository(location: .file(path: path)))
            .save(Fixtures.draft)

        let log = Fixtures.log(repository: SQLiteWeightRepository(location: .file(path: path)))
        await log.refresh()

        #expect(log.loadState == .ready)
        #expect(log.entries == [outcome.entry])
    }

    @Test func theStoreAndItsLogAreCreatedReadableOnlyByTheOwner() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path))

        try await repository.open()
        #expect(permissions(of: path) == 0o600)

        _ = try await repository.insert(Fixtures.newEntries[0])
        #expect(permissions(of: path) == 0o600)
        #expect(permissions(of: path + "-wal") == 0o600)
    }

    @Test func theSchemaIsVersionOneInWALModeAndMarkedAsATrendshStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        try await SQLiteWeightRepository(location: .file(path: path)).open()

        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("PRAGMA user_version") == 1)
        #expect(SQLiteWeightRepository.schemaVersion == 1)
        #expect(try other.integer("PRAGMA application_id") == 0x5452_4E44)
        #expect(try other.text("PRAGMA journal_mode") == "wal")
        #expect(try other.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'entries'") == 1)
    }

    @Test func aFileOfRandomBytesIsReportedDamagedAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try directory.write(Array("not a database: ".utf8) + noise, to: "trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path))

        let error = await #expect(throws: StorageError.self) { try await repository.open() }
        guard case .damaged(let reported, _)? = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(
            TrendError.storage(error!).message
                == "The file \(path) is damaged or is not a trendsh store. It was left untouched; move it aside or use another store."
        )

        await #expect(throws: StorageError.self) { try await repository.insert(Fixtures.newEntries[0]) }
        #expect(fileBytes(path) == Array("not a database: ".utf8) + noise)
        #expect(fileExists(path + "-wal") == false)
    }

    @Test func anotherProgramsDatabaseIsReportedDamagedAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.sqlite")
        let other = try OtherProgramConnection(path: path)
        try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        other.close()
        let before = fileBytes(path)

        await #expect(throws: StorageError.damaged(path: path, code: SQLITE_NOTADB)) {
            try await SQLiteWeightRepository(location: .file(path: path)).open()
        }

        #expect(fileBytes(path) == before)
    }

    @Test func aStoreFromANewerVersionIsRefusedAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let other = try OtherProgramConnection(path: path)
        try other.execute("PRAGMA user_version = 2")
        other.close()
        let before = fileBytes(path)

        let error = await #expect(throws: StorageError.self) {
            try await SQLiteWeightRepository(location: .file(path: path)).open()
        }

        #expect(error == .newerFormat(version: 2))
        #expect(error?.message == "The store was written by a newer trendsh (format 2). Update trendsh to open it.")
        #expect(fileBytes(path) == before)
    }

    @Test func aStoreInAMissingFolderCannotOpen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path))

        let error = await #expect(throws: StorageError.self) { try await repository.recentEntries(limit: 10) }

        #expect(error == .cannotOpen(path: path, code: SQLITE_CANTOPEN))
        #expect(
            error?.message
                == "The store \(path) can't be opened: its folder is missing or can't be written. Create the folder or use another store."
        )
    }

    @Test func aFailedOpenIsTriedAgainOnTheNextCall() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.file("later")
        let repository = SQLiteWeightRepository(location: .file(path: folder + "/trend.sqlite"))
        await #expect(throws: StorageError.self) { try await repository.open() }

        #expect(mkdir(folder, 0o700) == 0)

        try await repository.open()
        #expect(try await repository.insert(Fixtures.newEntries[0]).entry.id == 1)
    }

    @Test @MainActor func aWriteLockHeldByAnotherProgramFailsTheSaveAndTheRetryAfterReleaseWritesOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path), busyTimeout: Self.shortBusyTimeout)
        try await repository.open()
        let log = Fixtures.log(repository: repository)
        let editor = EntryEditor(log: log)
        editor.draft.value = "75,5"
        editor.draft.note = "after the run"
        let typed = editor.draft
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        #expect(await editor.save() == false)

        #expect(editor.errorMessage == Fixtures.lockedMessage)
        guard case .storage(.locked(let code))? = editor.lastError else {
            Issue.record("expected a locked store, got \(String(describing: editor.lastError))")
            return
        }
        #expect(code & 0xff == SQLITE_BUSY)
        #expect(log.retainedError == editor.lastError)
        #expect(editor.draft == typed)
        #expect(editor.isSaving == false)
        #expect(log.entries.isEmpty)

        try other.execute("ROLLBACK")
        other.close()

        #expect(await editor.save())
        let stored = try await repository.recentEntries(limit: 10)
        #expect(stored.count == 1)
        #expect(stored.first?.kilograms == 75.5)
        #expect(stored.first?.draftID == typed.id)
        #expect(log.entries == stored)
        #expect(log.retainedError == nil)
    }

    @Test @MainActor func aDeleteBlockedByAnotherProgramKeepsTheEntryListed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path), busyTimeout: Self.shortBusyTimeout)
        let log = Fixtures.log(repository: repository)
        let saved = try await log.save(Fixtures.draft).entry
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        let error = await #expect(throws: TrendError.self) { try await log.delete(id: saved.id) }

        #expect(error?.message == Fixtures.lockedMessage)
        #expect(log.entries == [saved])
        try other.execute("ROLLBACK")
        #expect(try await repository.recentEntries(limit: 10) == [saved])
    }

    @Test func entriesCanBeReadWhileAnotherProgramHoldsTheWriteLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path), busyTimeout: Self.shortBusyTimeout)
        let saved = try await repository.insert(Fixtures.newEntries[0]).entry
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }

        #expect(try await repository.recentEntries(limit: 10) == [saved])
    }

    @Test func aWaitForTheLockThatThePersonInterruptsWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let repository = SQLiteWeightRepository(location: .file(path: path), interruptRequested: { true })
        try await repository.open()
        let other = try OtherProgramConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")

        await #expect(throws: StorageError.interrupted) { try await repository.insert(Fixtures.newEntries[0]) }

        try other.execute("ROLLBACK")
        #expect(try await repository.recentEntries(limit: 10).isEmpty)
    }

    @Test func aRetryAfterALostAcknowledgementFindsTheCommittedRow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = SQLiteWeightRepository(location: .file(path: directory.file("trend.sqlite")))
        let repository = FaultInjectingRepository(wrapping: base)
        await repository.update { $0.loseNextAcknowledgement() }

        await #expect(throws: StorageError.ioError(code: 10)) { try await repository.insert(Fixtures.newEntries[0]) }
        let retry = try await repository.insert(Fixtures.newEntries[0])

        guard case .alreadySaved(let entry) = retry else {
            Issue.record("expected the committed row, got \(retry)")
            return
        }
        #expect(try await base.recentEntries(limit: 10) == [entry])
    }

    @Test
    @MainActor
    func aSaveOfTheSystemClocksNowThatLostItsAcknowledgementIsReportedAlreadySaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = SQLiteWeightRepository(location: .file(path: directory.file("trend.sqlite")))
        let repository = FaultInjectingRepository(wrapping: base)
        await repository.update { $0.loseNextAcknowledgement() }
        let log = Fixtures.log(repository: repository)
        let draft = WeightEntryDraft(date: Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789), value: "75")
        await #expect(throws: TrendError.self) { try await log.save(draft) }

        let retry = try await log.save(draft)

        #expect(retry.kind == .alreadySaved)
        #expect(try await base.recentEntries(limit: 10).count == 1)
    }
}

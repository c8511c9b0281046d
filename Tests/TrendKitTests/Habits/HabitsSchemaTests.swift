import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

/// Format 3 adds the habits and their done days to a store of format 2 (and format 17 gives
/// them to the store's first person: `PeopleMigrationTests`).
@MainActor
@Suite struct HabitsSchemaTests {
    @Test func theHabitsStepsAreVersionsThreeAndSeventeenOfTheStoresSchema() {
        #expect(HabitsSchema.migrations.filter { $0.feature == .habits }.map(\.version) == [3, 17])
        #expect(Schema.trendsh.migrations.filter { $0.feature == .habits }.map(\.version) == [3, 17])
        #expect(Schema.trendsh.latestVersion == 20)
        #expect(Schema.trendsh.migrations.map(\.version) == Array(1...20))
    }

    /// Writes `new` as a version-2 trendsh did. Today's weights repository also keeps the
    /// daily table of version 4 in step, which a version-2 store does not have.
    private static func insertAsVersionTwo(_ new: NewWeightEntry, into store: Store) throws -> WeightEntry {
        try store.write(.weights) { db throws(StorageError) in
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES (?, ?, ?, ?)",
                [
                    .text(StoredTime.text(new.date)), new.kilograms.map(SQLValue.real) ?? .null, .text(new.note),
                    .text(new.draftID.rawValue),
                ])
            return WeightEntry(
                id: db.lastInsertRowID, date: new.date, kilograms: new.kilograms, note: new.note, draftID: new.draftID,
                revision: 1)
        }
    }

    /// Deletes entry `id` as a version-2 trendsh did, recording the operation.
    private static func deleteAsVersionTwo(id: Int64, operation: OperationID, in store: Store) throws {
        try store.write(.weights) { db throws(StorageError) in
            try db.run("DELETE FROM entries WHERE id = ?", [.integer(id)])
            try db.run(
                """
                INSERT INTO operations (id, feature, kind, target, revision, applied_at)
                VALUES (?, 'weights', 'delete', ?, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                """,
                [.text(operation.rawValue), .integer(id)])
        }
    }

    @Test func aVersionTwoStoreIsUpgradedKeepingItsEntriesAndTakesHabits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionTwo = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 2 }))
        let kept = try Self.insertAsVersionTwo(Fixtures.newEntries[0], into: versionTwo)
        let gone = try Self.insertAsVersionTwo(Fixtures.newEntries[1], into: versionTwo)
        let deletion = OperationID.make()
        try Self.deleteAsVersionTwo(id: gone.id, operation: deletion, in: versionTwo)
        versionTwo.close()
        #expect(try OtherProgramConnection(path: path).integer("PRAGMA user_version") == 2)

        let store = Fixtures.store(at: path)
        let weights = SQLWeightRepository(store: store)
        let habits = SQLHabitRepository(store: store)

        #expect(try weights.recentEntries(limit: 10) == [kept])
        #expect(try weights.operationApplied(deletion))
        guard case .added(let habit) = try habits.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("the upgraded store took no habit")
            return
        }
        #expect(
            try habits.mark(
                habitID: habit.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
                == .changed)
        #expect(try habits.habits().map(\.doneDays) == [[HabitFixtures.today]])
        #expect(
            store.takeNotices() == [.upgraded(from: 2, to: Schema.trendsh.latestVersion, backup: path + ".v2-backup")])
        store.close()

        let other = try OtherProgramConnection(path: path)
        #expect(try other.integer("PRAGMA user_version") == Int64(Schema.trendsh.latestVersion))
        #expect(try other.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try other.integrity() == "ok")
        #expect(
            try other.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0[0] } == [
                "change_rows", "changes", "completion_images", "completions", "daily", "daily_pending",
                "daily_zones", "entries", "entry_images", "habit_images", "habits", "kind_daily", "kind_daily_pending",
                "kind_daily_zones", "kind_images", "kinds", "measurements", "operations", "people", "settings",
                "sqlite_sequence",
            ])
        #expect(
            try other.rows("SELECT name FROM pragma_table_info('operations')").map { $0[0] }.suffix(2) == [
                "detail", "person",
            ])
        #expect(try other.entries().map(\.id) == [kept.id])
        #expect(try OtherProgramConnection(path: path + ".v2-backup").integer("PRAGMA user_version") == 2)
    }

    @Test func aDayIsStoredAsItsLocalDateAndOnlyOncePerHabit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let habits = SQLHabitRepository(store: Fixtures.store(at: path))
        guard case .added(let habit) = try habits.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("the habit was not added")
            return
        }
        _ = try habits.mark(
            habitID: habit.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())

        let other = try OtherProgramConnection(path: path)
        #expect(try other.text("SELECT day FROM completions") == LocalCalendar.dayText(Fixtures.now))
        #expect(DayText.dayNumber(LocalCalendar.dayText(Fixtures.now)) == HabitFixtures.today)
        #expect(throws: SQLiteFailure.self) {
            try other.execute(
                "INSERT INTO completions (habit_id, day, recorded_at) SELECT habit_id, day, recorded_at FROM completions"
            )
        }
        #expect(throws: SQLiteFailure.self) {
            try other.execute("INSERT INTO completions (habit_id, day, recorded_at) VALUES (1, '29/11/2026', 'now')")
        }
        #expect(try other.integer("SELECT count(*) FROM completions") == 1)
    }
}

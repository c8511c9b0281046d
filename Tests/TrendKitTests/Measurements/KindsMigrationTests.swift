import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Format 13 makes adding or removing a kind an undo step (`kind_images`): a store of format 12
/// keeps its kinds, ids, counters, draft ids, revisions, history steps and the record of an undo
/// that a pending change waits to find, after the documented backup copy; from then on a
/// kind's add is a step that undo takes back.
@MainActor
@Suite struct KindsMigrationTests {
    static let neck = KindRecords.kind(
        id: KindID("neck"), name: "neck", quantity: .length, unit: .inches, range: 12.7...76.962, decimals: 2,
        hasTrend: false)

    @Test func aFormatTwelveStoreKeepsItsKindsIdsRevisionsHistoryAndAppliedUndo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite")
        let versionTwelve = Store(
            location: .file(path: path), schema: Schema(Schema.trendsh.migrations.filter { $0.version <= 12 }))
        let weights = SQLWeightRepository(store: versionTwelve)
        // As format 12 added a kind: its row alone, no step.
        try versionTwelve.write(.weights) { db throws(StorageError) in
            #expect(try KindRecords.insert(Self.neck, in: db))
        }
        _ = try weights.insert(Fixtures.newEntry("a", kilograms: 80, daysAgo: 3))
        let second = try weights.insert(Fixtures.newEntry("b", kilograms: 79.5, daysAgo: 2)).written
        let third = try weights.insert(Fixtures.newEntry("c", kilograms: 79, daysAgo: 1)).written
        _ = try weights.amend(
            EntryAmendment(
                id: second.id, newValue: .measure(KindID("neck"), 38.25), expectedRevision: second.revision,
                operation: .make(), latestWeighingDate: Fixtures.now))
        _ = try weights.delete(id: third.id, expectedRevision: third.revision, operation: .make())
        // An undo that landed, whose pending change a killed session still holds.
        let pendingUndo = OperationID.make()
        #expect(
            try SQLHistoryRepository(store: versionTwelve).undo(step: nil, operation: pendingUndo).appliedStep?.kind
                == .delete)
        versionTwelve.close()
        let before = try OtherProgramConnection(path: path)
        let steps = try before.rows("SELECT id, operation, kind, undone, undone_order FROM changes ORDER BY id")
        let counters = try before.rows("SELECT name, seq FROM sqlite_sequence ORDER BY name")
        let entries = try before.rows("SELECT id, taken_at, kilograms, draft_id, revision FROM entries ORDER BY id")
        before.close()
        #expect(steps.count == 5)

        let fixture = HistoryFixture(reopening: directory, path: path)
        defer { fixture.store.close() }
        let kinds = SQLKindRepository(store: fixture.store)
        #expect(try kinds.addedKinds() == [Self.neck])
        #expect(
            fixture.store.takeNotices().contains(
                .upgraded(from: 12, to: Schema.trendsh.latestVersion, backup: path + ".v12-backup")))
        #expect(try OtherProgramConnection(path: path + ".v12-backup").integer("PRAGMA user_version") == 12)
        let after = try OtherProgramConnection(path: path)
        defer { after.close() }
        #expect(try after.integer("PRAGMA user_version") == 13)
        #expect(try after.rows("SELECT id, operation, kind, undone, undone_order FROM changes ORDER BY id") == steps)
        #expect(try after.rows("SELECT name, seq FROM sqlite_sequence ORDER BY name") == counters)
        #expect(
            try after.rows("SELECT id, taken_at, kilograms, draft_id, revision FROM entries ORDER BY id") == entries)
        #expect(try after.rows("SELECT entry_id, kind, value FROM measurements") == [["2", "neck", "38.25"]])
        #expect(try after.rows("SELECT revision FROM kinds") == [["1"]])

        // The undo a pending change waits for is found applied, so it is not applied twice.
        #expect(try fixture.undo(operation: pendingUndo) == .alreadyApplied(try fixture.history.step(5)))
        // The steps made before the upgrade redo and undo: the delete of #3, the amend of #2.
        #expect(try fixture.redo().appliedStep?.kind == .delete)
        #expect(try fixture.undo().appliedStep?.kind == .delete)
        #expect(try fixture.undo().appliedStep?.kind == .amend)
        #expect(try fixture.entries().map { $0.measurements } == [[:], [:], [:]])
        #expect(try fixture.redo().appliedStep?.kind == .amend)
        #expect(try fixture.entries().map(\.id) == [1, 2, 3])

        // From now on a kind's add is a step, numbered on from the steps before.
        let calf = KindRecords.kind(
            id: KindID("calf"), name: "calf", quantity: .length, unit: .centimetres, range: 20...60, decimals: 1,
            hasTrend: false)
        #expect(try kinds.add(calf) == .added(calf))
        let added = try #require(try fixture.history.nextToUndo())
        #expect(added.kind == .kindAdd && added.id == 6 && added.after == .kind(calf))
        #expect(try fixture.undo().appliedStep?.id == 6)
        #expect(try kinds.addedKinds() == [Self.neck])
        #expect(try after.integrity() == "ok")
    }
}

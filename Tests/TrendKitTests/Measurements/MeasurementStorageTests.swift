import FoundationEssentials
import Testing

@testable import TrendKit

/// An entry holds several measurements: each a row of `measurements` that SQL can query,
/// written in the entry's transaction, photographed with it by the history and put back
/// with it by undo and redo.
@MainActor
@Suite struct MeasurementStorageTests {
    static let neck = KindID("neck")
    static let fat = KindID("fat")

    private static func entry(_ name: String, kilograms: Double?, _ measurements: [KindID: Double]) -> NewWeightEntry {
        NewWeightEntry(
            date: Fixtures.now, kilograms: kilograms, measurements: measurements, note: "",
            draftID: DraftID(rawValue: name))
    }

    @Test func anEntryAndItsMeasurementsAreOneSaveAndRowsSQLCanQuery() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 21.5, Self.neck: 0.1 + 0.2]))
            .written
        #expect(saved.measurements == [Self.fat: 21.5, Self.neck: 0.1 + 0.2])
        // A retry of the same draft finds the entry and writes nothing new.
        let again = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 21.5, Self.neck: 0.1 + 0.2]))
        #expect(try again.written.id == saved.id)
        let other = try OtherProgramConnection(path: fixture.path)
        #expect(
            try other.rows("SELECT entry_id, kind, value FROM measurements ORDER BY kind") == [
                ["1", "fat", "21.5"], ["1", "neck", "0.3"],
            ])
        #expect(try fixture.entries() == [saved])
    }

    @Test func anEntryMayHoldAMeasurementWithoutAWeight() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.weights.insert(Self.entry("a", kilograms: nil, [Self.neck: 38])).written
        #expect(saved.kilograms == nil)
        #expect(try fixture.entries().map(\.measurements) == [[Self.neck: 38]])
        let other = try OtherProgramConnection(path: fixture.path)
        #expect(try other.rows("SELECT kilograms IS NULL FROM entries") == [["1"]])
        // The weight's trend counts weights only.
        #expect(try fixture.trendAgrees())
    }

    @Test func undoAndRedoOfASaveTakeTheMeasurementsWithTheEntry() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 0.1 + 0.2])).written
        #expect(try fixture.undo().appliedStep != nil)
        let other = try OtherProgramConnection(path: fixture.path)
        #expect(try other.integer("SELECT count(*) FROM measurements") == 0)
        #expect(try fixture.redo().appliedStep != nil)
        // Read back exactly: the photograph keeps 17 significant digits.
        #expect(try fixture.entries().map(\.measurements) == [saved.measurements])
    }

    @Test func amendingAMeasurementRaisesTheEntrysRevisionAndUndoPutsTheOldValueBack() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        // "neck" is a kind a person added: undo puts back only values of kinds that exist.
        let neck = KindRecords.kind(
            id: Self.neck, name: "neck", quantity: .length, unit: .centimetres, range: 20...80, decimals: 1,
            hasTrend: false)
        try fixture.store.write(.weights) { db throws(StorageError) in _ = try KindRecords.insert(neck, in: db) }
        let saved = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 21.5])).written
        try fixture.amend(saved, .measure(Self.fat, 22))
        var entries = try fixture.entries()
        #expect(entries.map(\.measurements) == [[Self.fat: 22]])
        #expect(entries.map(\.revision) == [2])
        try fixture.amend(entries[0], .measure(Self.neck, 38))
        try fixture.amend(try fixture.entries()[0], .measure(Self.fat, nil))
        #expect(try fixture.entries().map(\.measurements) == [[Self.neck: 38]])
        #expect(try fixture.undo().appliedStep != nil)
        #expect(try fixture.undo().appliedStep != nil)
        #expect(try fixture.undo().appliedStep != nil)
        entries = try fixture.entries()
        #expect(entries.map(\.measurements) == [[Self.fat: 21.5]])
        #expect(try fixture.redo().appliedStep != nil)
        #expect(try fixture.entries().map(\.measurements) == [[Self.fat: 22]])
    }

    @Test func aMeasurementAnotherProgramChangedMakesTheUndoWaitForIt() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 21.5])).written
        try fixture.amend(saved, .note("after run"))
        let other = try OtherProgramConnection(path: fixture.path)
        try other.execute("UPDATE measurements SET value = 30 WHERE kind = 'fat'")
        // The note's step matches (the entry is as it left it but for its measurement) only
        // when the measurement matches too.
        #expect(try fixture.undo().appliedStep == nil)
        #expect(try fixture.entries().map(\.note) == ["after run"])
    }

    @Test func deletingAnEntryRemovesItsMeasurementsWhoeverDeletesIt() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        _ = try fixture.weights.insert(Self.entry("a", kilograms: 75, [Self.fat: 21.5])).written
        let other = try OtherProgramConnection(path: fixture.path)
        try other.execute("DELETE FROM entries")
        #expect(try other.integer("SELECT count(*) FROM measurements") == 0)
    }

    @Test func thePhotographReadsBackWhatSQLWrote() {
        #expect(
            MeasurementImage.values(#"{"fat":"21.5","neck":"0.30000000000000004"}"#) == [
                Self.fat: 21.5, Self.neck: 0.1 + 0.2,
            ])
        #expect(MeasurementImage.values(nil) == [:])
        #expect(MeasurementImage.values("not json") == [:])
    }
}

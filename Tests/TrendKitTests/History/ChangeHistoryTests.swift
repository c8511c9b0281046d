import FoundationEssentials
import Testing

@testable import TrendKit

/// The change history kept in the store: every change is a step, undo reverts the newest one
/// and redo brings it back, with exact values, the same ids and the trend kept right.
@MainActor
@Suite struct ChangeHistoryTests {
    @Test func everyChangeOfAnEntryIsAStepAndUndoRevertsTheNewestOne() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))

        let steps = try fixture.history.steps(limit: 10)
        #expect(steps.map(\.kind) == [.amend, .save])
        #expect(steps.first?.before == .entry(saved))

        let undone = try fixture.undo()
        #expect(undone.appliedStep?.kind == .amend)
        #expect(undone.appliedStep?.isUndone == true)
        #expect(try fixture.entries().map(\.kilograms) == [75])
        #expect(try fixture.entries().map(\.revision) == [3], "an undo is a write: the revision rises")
        #expect(try fixture.undo().appliedStep?.kind == .save)
        #expect(try fixture.entries().isEmpty)
        #expect(try fixture.undo().refusal == .nothingToUndo)
    }

    /// 165 lb is 74.842741050000004 kg: undo and redo put back the very same double.
    @Test func undoAndRedoPutBackExactValues() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let exact = 165 * 0.453_592_37
        let saved = try fixture.save("a", kilograms: exact, note: "caf\u{e9} \"quoted\"")
        try fixture.amend(saved, .measure(.weight, 0.1 + 0.2 + 70))
        _ = try fixture.undo()
        #expect(try fixture.entries().first?.kilograms == exact)
        _ = try fixture.redo()
        #expect(try fixture.entries().first?.kilograms == 0.1 + 0.2 + 70)
        #expect(try fixture.entries().first?.note == "caf\u{e9} \"quoted\"")
    }

    @Test func undoingADeleteBringsTheEntryBackWithItsIDAndTheTrendFollows() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        _ = try fixture.save("a", kilograms: 80, daysAgo: 2)
        let middle = try fixture.save("b", kilograms: 70, daysAgo: 1)
        _ = try fixture.save("c", kilograms: 80)
        _ = try fixture.weights.delete(id: middle.id, expectedRevision: middle.revision, operation: .make())
        #expect(try fixture.trendAgrees())

        #expect(try fixture.undo().appliedStep?.kind == .delete)

        let restored = try #require(try fixture.entries().first { $0.id == middle.id })
        #expect(restored.kilograms == 70)
        #expect(restored.draftID == middle.draftID)
        #expect(restored.revision > middle.revision, "a draft opened before the delete never matches it")
        #expect(try fixture.trendAgrees(), "the restored day is in the trend again")
        #expect(try TrendFixtures.storedDays(fixture.store).count == 3)
        // The restored entry keeps its identity: the draft it came from is still recognised.
        #expect(
            try fixture.weights.insert(Fixtures.newEntry("b", kilograms: 70, daysAgo: 1)) == .alreadySaved(restored))
    }

    @Test func undoAndRedoKeepTheTrendRightForEveryKindOfEntryChange() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let first = try fixture.save("a", kilograms: 80, daysAgo: 3)
        let second = try fixture.save("b", kilograms: 78, daysAgo: 1)
        try fixture.amend(first, .date(Fixtures.now - 2 * Fixtures.day))
        _ = try fixture.weights.update(
            EntryChange(
                id: second.id, date: second.date, kilograms: 79, note: "edited", expectedRevision: 1,
                operation: .make()))
        _ = try fixture.weights.delete(id: first.id, expectedRevision: 2, operation: .make())
        #expect(try fixture.trendAgrees(), "the amend and the edit kept it right too")
        for _ in 0..<5 {
            _ = try fixture.undo()
            #expect(try fixture.trendAgrees())
        }
        #expect(try fixture.entries().isEmpty)
        for _ in 0..<5 {
            _ = try fixture.redo()
            #expect(try fixture.trendAgrees())
        }
        #expect(try fixture.entries().map(\.kilograms) == [79])
        #expect(try fixture.redo().refusal == .nothingToRedo)
    }

    @Test func aNewChangeAfterAnUndoClearsTheRedoList() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .note("first"))
        _ = try fixture.undo()
        #expect(try fixture.history.nextToRedo()?.kind == .amend)

        let current = try #require(try fixture.entries().first)
        try fixture.amend(current, .note("second"))

        #expect(try fixture.history.nextToRedo() == nil)
        #expect(try fixture.redo().refusal == .nothingToRedo)
        #expect(try fixture.history.steps(limit: 10).map(\.isUndone) == [false, false])
    }

    @Test func undoIsRefusedWhenAnotherProgramChangedTheEntrySinceAndSaysWhatItHoldsNow() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))
        try OtherProgramConnection(path: fixture.path).execute("UPDATE entries SET note = 'by hand' WHERE id = 1")

        let refused = try fixture.undo().refusal

        guard case .changedSince(let step, let expected, let now?) = refused, case .entry(let entry) = now else {
            Issue.record("expected a refusal naming the entry as it is now, got \(String(describing: refused))")
            return
        }
        #expect(step.kind == .amend)
        #expect(entry.note == "by hand")
        if case .entry(let left)? = expected {
            #expect(left.kilograms == 76)
        } else {
            Issue.record("\(expected as Any)")
        }
        #expect(try fixture.entries().first?.kilograms == 76, "nothing was written")
        #expect(try fixture.history.nextToUndo()?.isUndone == false)
    }

    /// An undo waiting from before (pending, retried later, or `undo STEP`) names its step;
    /// when a newer done step changed the same entry since, it is refused rather than put back
    /// over it, even when the entry has come back to what the step left (77, then 76 again),
    /// and the refusal names the newest such step (4, not 3).
    @Test func anUndoOfAnOlderStepIsRefusedWhenANewerStepChangedTheSameEntry() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))
        let older = try #require(try fixture.history.nextToUndo())
        try fixture.amend(try #require(try fixture.entries().first), .measure(.weight, 77))
        try fixture.amend(try #require(try fixture.entries().first), .measure(.weight, 76))
        _ = try fixture.save("b", kilograms: 60)

        guard case .changedByNewerStep(let step, let newer, .entry(let row)?)? = try fixture.undo(older.id).refusal
        else {
            Issue.record("the older step was put back over newer changes")
            return
        }
        #expect(step.id == older.id)
        #expect(newer.id == 4)
        #expect(row.kilograms == 76)
        #expect(try fixture.entries().first?.kilograms == 76)
        #expect(try fixture.entries().first?.revision == 4)
    }

    @Test func anUndoOfAnOlderStepWhoseRowsNoNewerStepTouchedApplies() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))
        let older = try #require(try fixture.history.nextToUndo())
        _ = try fixture.save("b", kilograms: 60)

        #expect(try fixture.undo(older.id).appliedStep?.id == older.id)
        #expect(try fixture.entries().map(\.kilograms) == [75, 60])
    }

    @Test func anUndoRetriedAfterItsReplyWasLostAppliesOnce() throws {
        let faults = FaultInjector()
        let fixture = try HistoryFixture(faults: faults)
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .measure(.weight, 76))
        _ = try fixture.save("b", kilograms: 60)
        let undo = OperationID.make()
        let target = try #require(try fixture.history.nextToUndo())
        faults.loseNextAcknowledgement()

        #expect(throws: StorageError.ioError) { try fixture.history.undo(step: target.id, operation: undo) }
        // The same undo again, in this session and in another: it had been applied; nothing more is.
        #expect(
            try fixture.undo(target.id, operation: undo) == .alreadyApplied(try fixture.history.steps(limit: 1).first))
        let other = fixture.anotherSession()
        guard case .alreadyApplied(let step?) = try other.history.undo(step: target.id, operation: undo) else {
            Issue.record("another session applied the undo again")
            return
        }
        #expect(step.isUndone)
        #expect(try fixture.entries().map(\.kilograms) == [76])
        #expect(try fixture.history.steps(limit: 10).map(\.isUndone) == [true, false, false])
    }

    @Test func theHistoryKeepsAHundredStepsAndFiftyUndosInARowWork() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        for index in 0..<105 { _ = try fixture.save("e\(index)", kilograms: 50 + Double(index) / 10) }

        let steps = try fixture.history.steps(limit: 1000)
        #expect(steps.count == Int(ChangeRecorder.levels))
        #expect(steps.last?.id == 6)
        for _ in 0..<50 { #expect(try fixture.undo().appliedStep != nil) }
        #expect(try fixture.entries().count == 55)
        for _ in 0..<50 { #expect(try fixture.redo().appliedStep != nil) }
        #expect(try fixture.entries().count == 105)
    }

    /// A step older than the newest hundred leaves the history at once, and the file in a batch:
    /// every read of the history sees exactly the newest hundred, whatever the file still holds.
    @Test func oldStepsLeaveTheHistoryAtOnceAndTheFileFiftyAtATime() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        func stepsInTheFile() throws -> [Int64] {
            try fixture.store.read(.history) { db throws(StorageError) in
                [try db.integer("SELECT min(id) FROM changes"), try db.integer("SELECT count(*) FROM changes")]
            }
        }
        for index in 0..<149 { _ = try fixture.save("e\(index)", kilograms: 50 + Double(index) / 10) }

        // Steps 1–49 are out of the history but still in the file, waiting for the batch.
        #expect(try stepsInTheFile() == [1, 149])
        #expect(try fixture.history.steps(limit: 1000).map(\.id) == Array((50...149).reversed()))
        #expect(try fixture.undo(49) == .refused(.noSuchStep(49)))
        #expect(try fixture.undo(50).appliedStep?.id == 50)
        #expect(try fixture.redo(50).appliedStep?.id == 50)

        _ = try fixture.save("e149", kilograms: 70)
        // Step 150 leaves 50 steps out of the history: they go from the file together.
        #expect(try stepsInTheFile() == [51, 100])
        #expect(try fixture.history.steps(limit: 1000).count == 100)
        for _ in 0..<100 { #expect(try fixture.undo().appliedStep != nil) }
        #expect(try fixture.undo() == .refused(.nothingToUndo))
        #expect(try fixture.entries().count == 50)
    }

    @Test func theHistoryIsSharedByEverySessionOnTheStore() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        _ = try fixture.save("a", kilograms: 75)
        let other = fixture.anotherSession()

        #expect(try other.history.nextToUndo()?.kind == .save)
        #expect(try other.history.undo(step: nil, operation: .make()).appliedStep?.kind == .save)

        #expect(try fixture.entries().isEmpty)
        #expect(try fixture.history.nextToRedo()?.kind == .save)
    }

    @Test func theHistorySurvivesClosingAndReopeningTheStore() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        try fixture.amend(saved, .note("kept"))
        fixture.store.close()

        let reopened = fixture.anotherSession()
        #expect(try reopened.history.undo(step: nil, operation: .make()).appliedStep?.kind == .amend)
        #expect(try reopened.weights.entry(id: saved.id)?.note == "")
    }

    /// The seam an import uses: many rows recorded as one step, undone and redone as one.
    @Test func aStepOfManyRowsIsUndoneAndRedoneAsOne() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        _ = try fixture.save("kept", kilograms: 90, daysAgo: 30)
        try fixture.store.write(.weights) { db throws(StorageError) in
            var step = try ChangeRecorder.begin(.import, feature: .weights, operation: .make(), in: db)
            let first = try db.integer("SELECT coalesce(max(id), 0) FROM entries") + 1
            for day in 0..<40 {
                try db.run(
                    "INSERT INTO entries (taken_at, kilograms, note) VALUES (?, ?, '')",
                    [.text(StoredTime.text(Fixtures.now - Double(day) * Fixtures.day)), .real(80 - Double(day) / 10)])
            }
            step.didAddEntries(first...db.lastInsertRowID)
            try SQLWeightRepository.keepTrend(in: db)
            try step.finish()
        }
        let imported = try #require(try fixture.history.nextToUndo())
        #expect(imported.kind == .import)
        #expect(imported.rowCount == 40)

        #expect(try fixture.undo().appliedStep?.rowCount == 40)
        #expect(try fixture.entries().map(\.kilograms) == [90])
        #expect(try fixture.trendAgrees())
        _ = try fixture.redo()
        #expect(try fixture.entries().count == 41)
        #expect(try fixture.trendAgrees())
    }

    @Test func habitChangesAreUndoneAndRedoneStepByStep() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let today = HabitFixtures.today
        guard case .added(let run) = try fixture.habits.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("no habit")
            return
        }
        _ = try fixture.habits.mark(habitID: run.id, day: today, done: true, at: Fixtures.now, operation: .make())
        _ = try fixture.habits.mark(habitID: run.id, day: today - 1, done: true, at: Fixtures.now, operation: .make())
        _ = try fixture.habits.mark(habitID: run.id, day: today, done: false, at: Fixtures.now, operation: .make())
        _ = try fixture.habits.rename(habitID: run.id, from: "run", to: "Jog", operation: .make())
        _ = try fixture.habits.delete(habitID: run.id, nameKey: "jog", operation: .make())
        #expect(try fixture.habits.habits().isEmpty)
        #expect(
            try fixture.history.steps(limit: 10).map(\.kind) == [
                .habitDelete, .habitRename, .habitUndone, .habitDone, .habitDone, .habitAdd,
            ])

        _ = try fixture.undo()
        #expect(try fixture.habits.habits().map(\.name) == ["Jog"])
        #expect(try fixture.habits.habits().first?.doneDays == [today - 1], "the days come back with the habit")
        #expect(try fixture.habits.habits().first?.id == run.id)
        _ = try fixture.undo()
        #expect(try fixture.habits.habits().map(\.name) == ["Run"])
        _ = try fixture.undo()
        #expect(try fixture.habits.habits().first?.doneDays == [today - 1, today])
        _ = try fixture.undo()
        _ = try fixture.undo()
        #expect(try fixture.habits.habits().first?.doneDays == [])
        _ = try fixture.undo()
        #expect(try fixture.habits.habits().isEmpty)

        for _ in 0..<6 { _ = try fixture.redo() }
        #expect(try fixture.habits.habits().isEmpty)
        for _ in 0..<1 { _ = try fixture.undo() }
        #expect(try fixture.habits.habits().map(\.name) == ["Jog"])
    }

    @Test func undoingAHabitDeleteIsRefusedWhileAnotherHabitHasItsName() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        guard case .added(let run) = try fixture.habits.add(HabitFixtures.newHabit("Run")) else {
            Issue.record("no habit")
            return
        }
        _ = try fixture.habits.delete(habitID: run.id, nameKey: "run", operation: .make())
        _ = try fixture.habits.add(HabitFixtures.newHabit("RUN", draft: "again"))
        // The new habit is the newest step; take the older delete back by its number.
        let delete = try #require(try fixture.history.steps(limit: 10).first { $0.kind == .habitDelete })

        #expect(try fixture.undo(delete.id).refusal == .nameTaken(delete, name: "Run"))
        #expect(try fixture.habits.habits().map(\.name) == ["RUN"])
    }

    /// The store records every change's operation: a retry in another session, after a
    /// failure that hid the commit, finds it and writes nothing.
    @Test(arguments: ["mark", "amend", "delete"])
    func aChangeRetriedInAnotherSessionIsRecognisedByItsOperation(_ kind: String) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let saved = try fixture.save("a", kilograms: 75)
        guard case .added(let run) = try fixture.habits.add(HabitFixtures.newHabit("Run")) else { return }
        let operation = OperationID.make()
        let other = Fixtures.store(at: fixture.path)
        let otherWeights = SQLWeightRepository(store: other)
        let otherHabits = SQLHabitRepository(store: other)
        let change = EntryAmendment(
            id: saved.id, newValue: .measure(.weight, 76), expectedRevision: 1, operation: operation,
            latestWeighingDate: Fixtures.now)
        switch kind {
        case "mark":
            _ = try fixture.habits.mark(
                habitID: run.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: operation)
            _ = try fixture.habits.mark(
                habitID: run.id, day: HabitFixtures.today, done: false, at: Fixtures.now, operation: .make())
            #expect(
                try otherHabits.mark(
                    habitID: run.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: operation)
                    == .changed)
            #expect(try fixture.habits.habits().first?.doneDays == [], "the retried mark wrote nothing")
        case "amend":
            _ = try fixture.weights.amend(change)
            #expect(try otherWeights.amend(change) == .alreadyApplied(try fixture.entries().first, revision: 2))
            #expect(try fixture.entries().first?.revision == 2)
        default:
            _ = try fixture.weights.delete(id: saved.id, expectedRevision: 1, operation: operation)
            #expect(try otherWeights.delete(id: saved.id, expectedRevision: 1, operation: operation) == .alreadyDeleted)
            // Typed again as a new command in the new session: the store's record still answers.
            #expect(try otherWeights.delete(id: saved.id, expectedRevision: nil, operation: .make()) == .alreadyDeleted)
        }
    }

    /// A draft whose save landed and was then undone (by any session) is still saved once:
    /// its retry writes nothing, and a restored copy of it is closed.
    @Test func aSaveUndoneSinceIsNotWrittenAgainByItsDraft() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let new = Fixtures.newEntry("landed", kilograms: 75)
        let saved = try fixture.weights.insert(new).written
        _ = try fixture.undo()

        #expect(try fixture.weights.insert(new) == .removedSince(id: saved.id))
        #expect(try fixture.entries().isEmpty)
        let log = Fixtures.log(repository: fixture.weights)
        var draft = log.makeDraft()
        draft.id = new.draftID
        draft.value = "75"
        #expect(try log.savedEntryID(for: draft) == saved.id)
        #expect(try log.save(draft) == .removedSince(id: saved.id))
    }
}

extension ChangeHistoryTests {
    /// A habit's days go with it. Taking back the habit's creation while another session has
    /// marked a day of it since would take that day too: refused, the day kept.
    @Test func undoingAHabitsCreationIsRefusedWhileDaysMarkedSinceHangOnIt() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        guard case .added(let run) = try fixture.habits.add(HabitFixtures.newHabit("Run")) else { return }
        let creation = try #require(try fixture.history.nextToUndo())
        _ = try fixture.habits.mark(
            habitID: run.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())

        guard case .changedSince(let step, _, _)? = try fixture.undo(creation.id).refusal else {
            Issue.record("the habit was removed with a day marked since")
            return
        }
        #expect(step.id == creation.id)
        #expect(try fixture.habits.habits().first?.doneDays == [HabitFixtures.today])
    }
}

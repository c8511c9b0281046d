import FoundationEssentials
import Testing

@testable import TrendKit

/// The change history since format 18: each person has a history of their own in the shared
/// store. `undo` and `redo` take the session's person's steps only, whatever others did since,
/// and never change another person's row.
@MainActor
@Suite struct HistoryPeopleTests {
    @Test func aliceUndoesHerLatestStepEvenWhenBobChangedSomethingAfter() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let run = try people.alice.add("Run")
        #expect(try people.alice.markDone(run) == .changed)
        let swim = try people.bob.add("Swim")
        #expect(try people.bob.markDone(swim) == .changed)

        let undone = try people.alice.undo()
        #expect(undone.appliedStep?.kind == .habitDone)
        #expect(undone.appliedStep?.subject == "Run")
        #expect(try people.alice.habits.habits().map(\.doneDays) == [[]])
        #expect(try people.alice.undo().appliedStep?.kind == .habitAdd)
        #expect(try people.alice.habits.habits().isEmpty)
        #expect(try people.alice.undo().refusal == .nothingToUndo)

        // Bob's log and history are as he left them.
        #expect(try people.bob.habits.habits().map(\.doneDays) == [[HabitFixtures.today]])
        #expect(try people.bob.history.steps(limit: 10).map(\.isUndone) == [false, false])
        #expect(try people.bob.undo().appliedStep?.subject == "Swim")
    }

    @Test func aliceRedoesHerLastUndoEvenWhenBobMadeANewStepSince() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let run = try people.alice.add("Run")
        let step = try #require(try people.alice.undo().appliedStep)
        // A new step of bob's clears bob's redo list, not hers.
        _ = try people.bob.add("Swim")
        #expect(try people.bob.redo().refusal == .nothingToRedo)

        let redone = try people.alice.redo()
        #expect(redone.appliedStep?.id == step.id)
        #expect(try people.alice.habits.habits().map(\.id) == [run.id])
        #expect(try people.alice.redo().refusal == .nothingToRedo)
        #expect(try people.bob.habits.habits().map(\.name) == ["Swim"])
    }

    @Test func eachPersonListsOnlyTheirOwnStepsAndAnothersStepIsNoStepOfTheirs() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.alice.add("Run")
        _ = try people.bob.add("Swim")
        let hers = try people.alice.history.listing(limit: 10)
        let his = try people.bob.history.listing(limit: 10)
        let bobsStep = try #require(his.steps.first)

        #expect(hers.steps.map(\.subject) == ["Run"])
        #expect(his.steps.map(\.subject) == ["Swim"])
        #expect(hers.nextToUndo == hers.steps.first?.id)
        #expect(try people.alice.history.step(bobsStep.id) == nil)
        #expect(try people.alice.undo(bobsStep.id).refusal == .noSuchStep(bobsStep.id))
        #expect(try people.alice.redo(bobsStep.id).refusal == .noSuchStep(bobsStep.id))
        #expect(try people.bob.habits.habits().map(\.name) == ["Swim"])
    }

    /// By design no step of one person's can meet another person's row; if another program
    /// gave a row of hers to bob, her undo refuses, and names nothing of his.
    @Test func anUndoThatWouldChangeAnotherPersonsRowIsRefused() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let run = try people.alice.add("Run")
        _ = try people.alice.habits.rename(habitID: run.id, from: "run", to: "Jog", operation: .make())
        let other = try OtherProgramConnection(path: people.path)
        try other.execute("UPDATE habits SET person = 'bob' WHERE id = \(run.id)")

        let refusal = try people.alice.undo().refusal
        guard case .changedSince(let step, _, let now)? = refusal else {
            Issue.record("expected a refusal, got \(String(describing: refusal))")
            return
        }
        #expect(step.kind == .habitRename)
        #expect(now == nil, "the refusal shows nothing of bob's")
        #expect(try other.rows("SELECT name, person FROM habits") == [["Jog", "bob"]])
    }

    /// Each person keeps the newest hundred of their own steps, however many others make.
    @Test func bobsManyStepsNeitherPushAlicesOutOfHerHistoryNorRemoveThem() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.alice.add("Run")
        let swim = try people.bob.add("Swim")
        for index in 0..<160 {
            _ = try people.bob.habits.mark(
                habitID: swim.id, day: HabitFixtures.today, done: index.isMultiple(of: 2), at: Fixtures.now,
                operation: .make())
        }

        #expect(try people.bob.history.steps(limit: 1000).count == 100)
        #expect(try people.alice.history.steps(limit: 1000).map(\.subject) == ["Run"])
        #expect(try people.alice.undo().appliedStep?.kind == .habitAdd)
        let other = try OtherProgramConnection(path: people.path)
        #expect(try other.integer("SELECT count(*) FROM changes WHERE person = 'alice'") == 1)
        #expect(try other.integer("SELECT count(*) FROM changes WHERE person = 'bob'") <= 150)
    }

    @Test func everyStepRowPhotographAndOperationNamesItsPerson() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let run = try people.alice.add("Run")
        _ = try people.alice.markDone(run)
        _ = try people.alice.habits.delete(habitID: run.id, nameKey: "run", operation: .make())
        let swim = try people.bob.add("Swim")
        let undo = OperationID.make()
        _ = try people.bob.history.undo(step: nil, operation: undo)

        let other = try OtherProgramConnection(path: people.path)
        for table in ["changes", "change_rows", "habit_images", "completion_images", "operations"] {
            #expect(
                try other.rows("SELECT DISTINCT person FROM \(table) ORDER BY person").map { $0[0] }
                    == (table == "change_rows" || table == "completion_images" ? ["alice"] : ["alice", "bob"]),
                "\(table)")
        }
        #expect(try people.bob.history.operationApplied(undo))
        #expect(try !people.alice.history.operationApplied(undo))
        #expect(try people.bob.habits.habits().isEmpty, "bob's undo took back his own add of \(swim.name)")
    }

    /// The trigger that keeps a deleted entry's save writes it for the entry's person, so only
    /// their sessions learn that the draft was saved once.
    @Test func aDeletedEntrysSaveIsKeptForItsPerson() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.bob.habits.habits()
        let other = try OtherProgramConnection(path: people.path)
        try other.execute(
            """
            INSERT INTO entries (taken_at, kilograms, draft_id, person) VALUES ('2026-11-28T07:30:00.000Z', 71.5, 'his', 'bob');
            DELETE FROM entries WHERE draft_id = 'his';
            """)

        #expect(try other.rows("SELECT kind, person FROM operations WHERE id = 'his'") == [["insert", "bob"]])
        #expect(try people.bob.history.operationApplied(OperationID(rawValue: "his")))
        #expect(try !people.alice.history.operationApplied(OperationID(rawValue: "his")))
    }

    /// A step another program wrote without a person belongs to the store's first person, and
    /// its rows and photographs to the step's person.
    @Test func aStepWrittenWithoutAPersonTakesTheStoresFirstPerson() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.bob.habits.habits()
        let other = try OtherProgramConnection(path: people.path)
        try other.execute(
            """
            INSERT INTO changes (id, operation, feature, kind, made_at) VALUES (90, 'x', 'habits', 'habit-add', 'now');
            INSERT INTO change_rows (change, position, row_table, row_key, before_exists, after_exists)
                VALUES (90, 1, 'habits', '7', 0, 1);
            INSERT INTO habit_images (change, position, side, id, name, name_key, created_at, revision)
                VALUES (90, 1, 1, 7, 'Row', 'row', 'now', 1);
            """)

        #expect(try other.text("SELECT person FROM changes WHERE id = 90") == "alice")
        #expect(try other.text("SELECT person FROM change_rows WHERE change = 90") == "alice")
        #expect(try other.text("SELECT person FROM habit_images WHERE change = 90") == "alice")
    }

    /// Every read of a person's history goes by an index that starts with the person.
    @Test(arguments: [
        ("SELECT coalesce(max(id), 0) FROM changes WHERE person = 'bob' AND undone = 0", "changes_by_person"),
        ("SELECT EXISTS (SELECT 1 FROM changes WHERE person = 'bob' AND undone = 1)", "changes_undone"),
        (
            "SELECT max(change) FROM change_rows WHERE person = 'bob' AND row_table = 'habits' AND row_key = '1' AND change > 3",
            "change_rows_by_row"
        ),
        (
            "SELECT count(*) FROM operations WHERE person = 'bob' AND feature = 'habits' AND kind = 'x' AND target = 1",
            "operations_by_target"
        ),
    ])
    func aPersonsHistoryIsReadByAnIndexThatStartsWithThePerson(query: String, index: String) throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.bob.history.steps(limit: 1)
        let other = try OtherProgramConnection(path: people.path)

        let plan = try other.rows("EXPLAIN QUERY PLAN \(query)")
        #expect(plan.contains { row in row.contains { $0?.contains("INDEX \(index) (person=") == true } }, "\(plan)")
        #expect(try other.text("SELECT name FROM pragma_index_info('\(index)') WHERE seqno = 0") == "person")
    }
}

import FoundationEssentials
import Testing

@testable import TrendKit

/// Habits since format 17: every habit and done day belongs to a person, each person reads and
/// writes only their own, and a name is unique for each person, not for the store.
@MainActor
@Suite struct HabitPeopleTests {
    @Test func eachPersonSeesOnlyTheirOwnHabitsAndDays() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let run = try people.alice.add("Run")
        let swim = try people.bob.add("Swim")
        #expect(try people.alice.markDone(run) == .changed)

        #expect(try people.alice.habits.habits().map(\.name) == ["Run"])
        #expect(try people.alice.habits.habits().map(\.doneDays) == [[HabitFixtures.today]])
        #expect(try people.bob.habits.habits().map(\.name) == ["Swim"])
        #expect(try people.bob.habits.habits().map(\.doneDays) == [[]])
        let other = try OtherProgramConnection(path: people.path)
        #expect(
            try other.rows("SELECT id, person FROM habits ORDER BY id") == [
                ["\(run.id)", "alice"], ["\(swim.id)", "bob"],
            ])
        #expect(try other.rows("SELECT habit_id, person FROM completions") == [["\(run.id)", "alice"]])
    }

    @Test func twoPeopleMayEachHaveAHabitOfTheSameNameButOneOfThemNotTwo() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let hers = try people.alice.add("Run")
        let his = try people.bob.add("run")

        #expect(hers.id != his.id)
        #expect(try people.alice.habits.habits() == [hers])
        #expect(try people.bob.habits.habits() == [his])
        // Her second "RUN" meets her own, not his.
        #expect(try people.alice.habits.add(HabitFixtures.newHabit("RUN", draft: "again")) == .duplicate(hers))
        // A rename to his name is hers to make; a rename to her own other habit's is not.
        let walk = try people.alice.add("Walk")
        guard case .renamed = try people.bob.habits.rename(habitID: his.id, from: "run", to: "Walk", operation: .make())
        else {
            Issue.record("bob could not take a name only alice has")
            return
        }
        #expect(
            try people.alice.habits.rename(habitID: hers.id, from: "run", to: "walk", operation: .make())
                == .duplicate(walk))
    }

    @Test func anotherPersonsHabitIsNoSuchHabitForEveryWrite() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let hers = try people.alice.add("Run")
        let bob = people.bob.habits

        #expect(
            try bob.mark(habitID: hers.id, day: HabitFixtures.today, done: true, at: Fixtures.now, operation: .make())
                == .missing)
        #expect(try bob.rename(habitID: hers.id, from: "run", to: "Jog", operation: .make()) == .missing)
        #expect(try bob.delete(habitID: hers.id, nameKey: "run", operation: .make()) == .missing)
        #expect(try bob.habit(savedFrom: hers.draftID ?? DraftID(rawValue: "")) == nil)
        // Nothing of hers changed, and bob's history holds no step.
        #expect(try people.alice.habits.habits() == [hers])
        #expect(try people.bob.history.steps(limit: 10).isEmpty)
    }

    @Test func aHabitOnePersonDeletedOrRenamedIsStillTheOthersToDeleteOrRename() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        let hers = try people.alice.add("Run")
        let his = try people.bob.add("Run")
        let walk = try people.alice.add("Walk")
        #expect(try people.alice.habits.delete(habitID: hers.id, nameKey: "run", operation: .make()) == .deleted(hers))
        _ = try people.alice.habits.rename(habitID: walk.id, from: "walk", to: "Stroll", operation: .make())

        #expect(try people.alice.habits.wasDeleted(nameKey: "run"))
        #expect(try !people.bob.habits.wasDeleted(nameKey: "run"))
        #expect(try people.alice.habits.wasRenamed(fromKey: "walk", toKey: "stroll"))
        #expect(try !people.bob.habits.wasRenamed(fromKey: "walk", toKey: "stroll"))
        #expect(try people.bob.habits.habits() == [his])
    }

    @Test func oneSessionThatChoosesAnotherPersonSeesTheirHabitsFromThen() throws {
        let people = try TwoPeopleFixture()
        defer { people.remove() }
        _ = try people.alice.add("Run")
        _ = try people.bob.add("Swim")

        try people.alice.store.choosePerson(TwoPeopleFixture.bobName)
        #expect(try people.alice.habits.habits().map(\.name) == ["Swim"])
        try people.alice.store.choosePerson(TwoPeopleFixture.aliceName)
        #expect(try people.alice.habits.habits().map(\.name) == ["Run"])
    }
}

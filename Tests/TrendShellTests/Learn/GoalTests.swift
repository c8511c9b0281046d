import Testing
import TrendShell

@Suite struct GoalTests {
    static let issueExample = "entries(weight = 75.4 kg) = 1 and no draft and failed(save) = 1"

    static let saved = GoalState(
        entries: [.init(id: 1, kilograms: 75.4, note: "before breakfast")], draft: nil, pending: 0,
        events: [
            .init(command: "value", failed: false), .init(command: "save", failed: true),
            .init(command: "save", failed: false),
        ])

    @Test func theIssuesExampleHoldsOnlyWhenEveryPartDoes() throws {
        let goal = try GoalParser.parse(Self.issueExample)
        #expect(goal.holds(in: Self.saved))
        var twice = Self.saved
        twice.entries.append(.init(id: 2, kilograms: 75.4))
        #expect(!goal.holds(in: twice))
        var drafting = Self.saved
        drafting.draft = .init(kilograms: 75.4, value: "75.4", unsaved: true)
        #expect(!goal.holds(in: drafting))
        var neverFailed = Self.saved
        neverFailed.events.removeAll { $0.failed }
        #expect(!goal.holds(in: neverFailed))
        #expect(!goal.holds(in: GoalState()))
    }

    @Test func unitsConvertToKilogramsAndTextMatches() throws {
        let pounds = GoalState(entries: [.init(id: 1, kilograms: 166 * 0.45359237)])
        #expect(try GoalParser.parse("entries(weight = 166 lb) = 1").holds(in: pounds))
        #expect(try GoalParser.parse("entries(weight > 75 kg, weight < 76) = 1").holds(in: pounds))
        #expect(try GoalParser.parse("entries(note ~ \"BREAKFAST\") = 1").holds(in: Self.saved))
        #expect(try GoalParser.parse("entries(note = \"lunch\") = 0").holds(in: Self.saved))
        #expect(try GoalParser.parse("entries >= 1 and pending = 0 and ran(save) = 2").holds(in: Self.saved))
    }

    @Test func draftFieldsAndWordsReadTheOpenDraft() throws {
        let drafting = GoalState(draft: .init(kilograms: nil, value: "seventy", note: "x", unsaved: true))
        #expect(try GoalParser.parse("draft and unsaved and draft.value = \"seventy\"").holds(in: drafting))
        #expect(try GoalParser.parse("not (draft.weight = 70) or no draft").holds(in: drafting))
        #expect(try !GoalParser.parse("draft.note != \"x\"").holds(in: drafting))
        #expect(try !GoalParser.parse("draft").holds(in: GoalState()))
    }

    @Test func personIsTheNameOfTheLogTheSessionWorksOn() throws {
        let coach = GoalState(person: "alice")
        #expect(try GoalParser.parse("person = \"alice\"").holds(in: coach))
        #expect(try !GoalParser.parse("person = \"coach\"").holds(in: coach))
        #expect(try !GoalParser.parse("person = \"alice\"").holds(in: GoalState()))
    }

    @Test func parseErrorsNameThePosition() {
        #expect(throws: GoalError.unknownName(position: 1, name: "entrys")) { try GoalParser.parse("entrys = 1") }
        #expect(
            throws: GoalError.unexpectedEnd(
                position: 10,
                expected: "a number, a text in quotes, entries, pending, failed, ran, a draft field or person")
        ) {
            try GoalParser.parse("entries =")
        }
        #expect(throws: GoalError.unexpectedCharacter(position: 9, character: "?")) {
            try GoalParser.parse("entries ? 1")
        }
        #expect(throws: GoalError.unknownUnit(position: 21, name: "stone")) {
            try GoalParser.parse("entries(weight = 75 stone) = 1")
        }
        #expect(throws: GoalError.unterminatedText(position: 16)) { try GoalParser.parse("entries(note = \"x) = 1") }
        #expect((try? GoalParser.parse("draft draft")) == nil)
        do {
            _ = try GoalParser.parse("draft draft")
        } catch {
            #expect(error.position == 7)
        }
    }
}

import FoundationEssentials
import Testing
import TrendKit

@Suite struct WeightEntryDraftTests {
    private func validate(_ draft: WeightEntryDraft, unit: WeightUnit = .kilograms) throws(WeightValidationError)
        -> NewWeightEntry
    {
        try draft.validated(unit: unit, latestPermittedDate: Fixtures.now)
    }

    @Test func aDraftDatedAfterNowIsRejected() {
        let draft = WeightEntryDraft(date: Fixtures.now + 1, value: "75")
        let error = #expect(throws: WeightValidationError.self) { try validate(draft) }
        #expect(error == .dateInFuture)
        #expect(error?.message == Fixtures.futureMessage)
    }

    @Test func aDraftDatedExactlyNowIsAccepted() throws {
        let entry = try validate(WeightEntryDraft(date: Fixtures.now, value: "75"))
        #expect(entry.date == Fixtures.now)
    }

    @Test func theValidatedEntryKeepsTheDraftsIdentityDateAndKilograms() throws {
        let entry = try validate(Fixtures.draft)
        #expect(
            entry
                == NewWeightEntry(
                    date: Fixtures.draft.date, kilograms: 75.5, note: "after the run", draftID: Fixtures.draft.id))
    }

    @Test func theWeightIsReadInTheSelectedUnit() throws {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "600")
        #expect(throws: WeightValidationError.invalidWeight(.kilograms)) { try validate(draft, unit: .kilograms) }
        #expect(abs(try validate(draft, unit: .pounds).kilograms - 272.155422) < 1e-6)
    }

    @Test func theNoteIsTrimmed() throws {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "75", note: " \t after the run \n ")
        #expect(try validate(draft).note == "after the run")
    }

    @Test func theNoteIsStoredInCanonicalComposition() throws {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "75", note: "cafe\u{301} au lait")
        let note = try validate(draft).note
        // String equality ignores normalisation, so compare the scalars themselves.
        #expect(Array(note.unicodeScalars) == Array("caf\u{e9} au lait".unicodeScalars))
        #expect(draft.note.unicodeScalars.count == 13)
    }

    @Test func aNoteOfFiveHundredCharactersIsKeptWhole() throws {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "75", note: Fixtures.longestNote)
        #expect(try validate(draft).note == Fixtures.longestNote)
    }

    @Test func theNoteLengthIsCountedAfterTrimmingAndComposition() throws {
        let decomposed = String(repeating: "e\u{301}", count: 500)
        let draft = WeightEntryDraft(date: Fixtures.now, value: "75", note: "  " + decomposed + "  ")
        let note = try validate(draft).note
        #expect(note.count == 500)
        #expect(note.unicodeScalars.count == 500)
    }

    @Test func aNoteOfFiveHundredAndOneCharactersIsRejectedNeverCut() {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "75", note: Fixtures.tooLongNote)
        let error = #expect(throws: WeightValidationError.self) { try validate(draft) }
        #expect(error == .noteTooLong(length: 501))
        #expect(error?.message == Fixtures.tooLongNoteMessage)
        #expect(draft.note == Fixtures.tooLongNote)
    }

    @Test func anInvalidWeightIsReportedBeforeTheDate() {
        let draft = WeightEntryDraft(date: Fixtures.now + Fixtures.day, value: "heavy")
        #expect(throws: WeightValidationError.invalidWeight(.kilograms)) { try validate(draft) }
    }

    @Test func everyNewDraftHasItsOwnIdentity() {
        let first = WeightEntryDraft(date: Fixtures.now)
        let second = WeightEntryDraft(date: Fixtures.now)
        #expect(first.id != second.id)
        #expect(first.value.isEmpty && first.note.isEmpty)
    }
}

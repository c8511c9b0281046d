import FoundationEssentials
import Testing
import TrendKit

@Suite struct WeightEntryDraftTests {
    private func validate(_ draft: WeightEntryDraft) throws(WeightValidationError) -> NewWeightEntry {
        try draft.validated(latestPermittedDate: Fixtures.now)
    }

    /// Entry 3 of the fixtures with a weight that two decimals cannot show exactly.
    static let precise = WeightEntry(
        id: 3, date: Fixtures.now - Fixtures.day, kilograms: 75.123_456, note: "before breakfast",
        draftID: DraftID(rawValue: "draft-c"), revision: 4)

    @Test func anEntryDatedLaterTodayCanHaveItsWeightChangedAndOneOnALaterDayOnlyItsNote() throws {
        let endOfToday = LocalCalendar.lastMomentOfDay(of: Fixtures.now)
        for (date, weightMayChange) in [(endOfToday, true), (endOfToday + 0.001, false)] {
            let entry = WeightEntry(
                id: 9, date: date, kilograms: 75, note: "", draftID: DraftID(rawValue: "d"), revision: 1)
            var draft = WeightEntryDraft(editing: entry, unit: .kilograms)
            draft.note = "fixed"
            #expect(
                try draft.validated(latestPermittedDate: Fixtures.now, latestWeighingDate: endOfToday).note == "fixed")
            draft.value = "76"
            if weightMayChange {
                #expect(
                    try draft.validated(latestPermittedDate: Fixtures.now, latestWeighingDate: endOfToday).kilograms
                        == 76)
            } else {
                #expect(throws: WeightValidationError.futureEntryAllowsOnlyNote(date: date)) {
                    try draft.validated(latestPermittedDate: Fixtures.now, latestWeighingDate: endOfToday)
                }
            }
        }
    }

    @Test func aDraftDatedAfterNowIsRejected() {
        let draft = WeightEntryDraft(date: Fixtures.now + 1, value: "75")
        #expect(throws: WeightValidationError.dateInFuture) { try validate(draft) }
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

    @Test func theValidatedDateIsKeptToTheMillisecond() throws {
        let draft = WeightEntryDraft(date: Fixtures.now - 0.123_456, value: "75")
        #expect(try validate(draft).date == Date(timeIntervalSince1970: 1_795_939_199.877))
    }

    @Test func theWeightIsReadInTheDraftsUnit() throws {
        let inKilograms = WeightEntryDraft(date: Fixtures.now, value: "600", unit: .kilograms)
        let inPounds = WeightEntryDraft(date: Fixtures.now, value: "600", unit: .pounds)
        #expect(throws: WeightValidationError.invalidWeight(.kilograms)) { try validate(inKilograms) }
        #expect(abs((try validate(inPounds).kilograms ?? 0) - 272.155422) < 1e-6)
    }

    @Test func aValueThatNamesItsUnitIsReadInThatUnit() throws {
        let draft = WeightEntryDraft(date: Fixtures.now, value: "165 lb", unit: .kilograms)
        #expect(WeightText(draft.value).unit == .pounds)
        #expect(try validate(draft).kilograms == 165 * 0.45359237)

        let tooLight = WeightEntryDraft(date: Fixtures.now, value: "40 lb", unit: .kilograms)
        #expect(throws: WeightValidationError.invalidWeight(.pounds)) { try validate(tooLight) }
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
        #expect(throws: WeightValidationError.noteTooLong(length: 501)) { try validate(draft) }
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
        #expect(first.editing == nil)
    }

    @Test func aDraftForAnEntryIsPrefilledAndRemembersWhatItEdits() {
        let draft = WeightEntryDraft(editing: Self.precise, unit: .kilograms)
        #expect(draft.value == "75.12")
        #expect(draft.date == Self.precise.date)
        #expect(draft.note == Self.precise.note)
        #expect(draft.editing == EditedEntry(id: 3, revision: 4, prefilledKilograms: 75.123_456))
        #expect(draft.opened == draft.fields)
        #expect(draft.hasUnsavedChanges == false)
        #expect(draft.valueIsAsPrefilled)
    }

    @Test func anUnchangedPrefilledValueStandsForTheStoredWeightExactly() throws {
        var draft = WeightEntryDraft(editing: Self.precise, unit: .pounds)
        #expect(draft.value == "165.62")
        draft.note = "corrected"

        #expect(try draft.kilograms() == 75.123_456)
        #expect(try validate(draft).kilograms == 75.123_456)
    }

    @Test func aRetypedValueIsReadAsTyped() throws {
        var draft = WeightEntryDraft(editing: Self.precise, unit: .kilograms)
        draft.value = "75.12"
        #expect(draft.valueIsAsPrefilled)  // the same text: still the stored weight
        #expect(try draft.kilograms() == 75.123_456)

        draft.value = "75.1"
        #expect(draft.valueIsAsPrefilled == false)
        #expect(try draft.kilograms() == 75.1)

        var switched = WeightEntryDraft(editing: Self.precise, unit: .kilograms)
        switched.unit = .pounds
        #expect(switched.valueIsAsPrefilled == false)
        #expect(try switched.kilograms() == 75.12 * 0.45359237)
    }

    @Test func onlyAChangeFromHowTheDraftWasOpenedIsUnsaved() {
        var draft = WeightEntryDraft(date: Fixtures.now)
        #expect(draft.hasUnsavedChanges == false)

        draft.unit = .pounds  // no value yet: the unit changes nothing
        #expect(draft.hasUnsavedChanges == false)

        draft.value = "165 lb"
        #expect(draft.hasUnsavedChanges)
        draft.value = ""
        #expect(draft.hasUnsavedChanges == false)

        draft.note = "x"
        #expect(draft.hasUnsavedChanges)
        draft.note = ""
        draft.date = Fixtures.now - 60
        #expect(draft.hasUnsavedChanges)
    }

    @Test func aValueThatNamesItsUnitIsNotChangedByTheDraftsUnit() {
        var named = WeightEntryDraft(date: Fixtures.now, value: "75 kg")
        named.opened.value = "75 kg"
        named.unit = .pounds
        #expect(named.hasUnsavedChanges == false)

        var plain = WeightEntryDraft(date: Fixtures.now, value: "75")
        plain.opened.value = "75"
        plain.unit = .pounds
        #expect(plain.hasUnsavedChanges)
    }

    /// An entry dated in the future by an earlier fixed clock keeps its date only while its
    /// weight stays as stored, so its note can still be corrected.
    @Test func aFutureEntryMayChangeOnlyItsNote() throws {
        let future = WeightEntry(id: 9, date: Fixtures.now + Fixtures.day, kilograms: 75, note: "", revision: 1)
        var draft = WeightEntryDraft(editing: future, unit: .kilograms)
        draft.note = "from a test clock"
        #expect(try validate(draft).date == future.date)

        draft.value = "74"
        #expect(throws: WeightValidationError.futureEntryAllowsOnlyNote(date: future.date)) { try validate(draft) }

        draft.value = "75"
        draft.date = Fixtures.now + 2 * Fixtures.day
        #expect(throws: WeightValidationError.dateInFuture) { try validate(draft) }
    }

    @Test func aNewDraftRoundTripsThroughItsRecord() throws {
        var draft = Fixtures.draft
        draft.unit = .pounds
        let restored = try #require(WeightEntryDraft(record: draft.record, defaultUnit: .kilograms))
        #expect(restored == draft)
        #expect(draft.record.kind == "weight")
        #expect(draft.record["date"] == "2026-11-29T07:00:00.000Z")
        #expect(draft.record["editing"] == nil)
    }

    @Test func anEditDraftRoundTripsThroughItsRecord() throws {
        var draft = WeightEntryDraft(id: DraftID(rawValue: "edit"), editing: Self.precise, unit: .pounds)
        draft.note = "corrected"
        let record = draft.record

        let restored = try #require(WeightEntryDraft(record: record, defaultUnit: .kilograms))

        #expect(restored == draft)
        #expect(restored.editing == EditedEntry(id: 3, revision: 4, prefilledKilograms: 75.123_456))
        #expect(try restored.kilograms() == 75.123_456)
        #expect(restored.hasUnsavedChanges)
        #expect(DraftRecord(decoding: record.encoded()) == record)
    }

    @Test func aRecordWithoutAUnitTakesTheDefault() throws {
        var record = Fixtures.draft.record
        record.fields["unit"] = nil
        #expect(WeightEntryDraft(record: record, defaultUnit: .pounds)?.unit == .pounds)
    }

    @Test func aRecordFromTrendsh01HasNoOpenedStateSoEverythingTypedIsUnsaved() throws {
        let record = DraftRecord(
            kind: "weight",
            fields: [
                "id": "x", "date": "2026-11-29T07:00:00.000Z", "value": "75", "note": "", "editing": "3",
                "legacy": "1",
            ])

        let draft = try #require(WeightEntryDraft(record: record, defaultUnit: .pounds))

        #expect(draft.unit == .pounds)
        #expect(draft.opened == WeightEntryDraft.Fields(date: draft.date, value: "", unit: .pounds, note: ""))
        #expect(draft.hasUnsavedChanges)
        #expect(draft.editing == EditedEntry(id: 3, revision: nil, prefilledKilograms: nil))
    }

    @Test(arguments: [
        DraftRecord(kind: "habit", fields: ["id": "x", "date": "2026-11-29T07:00:00.000Z", "value": "75", "note": ""]),
        DraftRecord(kind: "weight", fields: ["date": "2026-11-29T07:00:00.000Z", "value": "75", "note": ""]),
        DraftRecord(kind: "weight", fields: ["id": "x", "date": "yesterday", "value": "75", "note": ""]),
        DraftRecord(kind: "weight", fields: ["id": "x", "date": "2026-11-29T07:00:00.000Z", "note": ""]),
        DraftRecord(
            kind: "weight",
            fields: ["id": "x", "date": "2026-11-29T07:00:00.000Z", "value": "75", "note": "", "editing": "three"]),
    ])
    func aRecordThatIsNotAWeightDraftIsRefused(record: DraftRecord) {
        #expect(WeightEntryDraft(record: record, defaultUnit: .kilograms) == nil)
    }
}

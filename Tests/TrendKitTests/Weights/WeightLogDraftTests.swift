import FoundationEssentials
import Testing
import TrendKit

/// Bringing back a weight draft that a previous session left in the draft file.
@MainActor
@Suite struct WeightLogDraftTests {
    /// What the restorer made of `record`: the editor, or nil with the issue recorded.
    func restoredEditor(_ record: DraftRecord, log: WeightLog) -> EntryEditor? {
        let restorer = log.draftRestorer()
        #expect(restorer.kind == .weight)
        switch restorer.restore(record) {
        case .restored(let editor):
            guard let editor = editor as? EntryEditor else {
                Issue.record("expected a weight editor, got \(editor)")
                return nil
            }
            return editor
        case .alreadySaved(let label):
            Issue.record("expected the draft restored, but it was already saved as \(label)")
            return nil
        case .unreadable:
            Issue.record("expected the draft restored, but it was unreadable")
            return nil
        }
    }

    /// The draft trendsh 0.1 left for an edit of entry 3: it kept only the entry's id.
    static let legacyEdit = DraftRecord(
        kind: "weight",
        fields: [
            "id": "x", "date": StoredTime.text(Fixtures.now - Fixtures.day), "value": "74.9", "note": "", "unit": "kg",
            "editing": "3", "legacy": "1",
        ])

    @Test func aDraftIsRestoredAsItWasLeft() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        var draft = Fixtures.draft
        draft.unit = .pounds

        let editor = try #require(restoredEditor(draft.record, log: log))

        #expect(editor.draft == draft)
        #expect(editor.restoreNote == nil)
        #expect(editor.hasUnsavedChanges)
    }

    @Test func aDraftWhoseSaveHadLandedIsClosedInsteadOfRestored() throws {
        let repository = InMemoryWeightRepository()
        let log = Fixtures.log(repository: repository)
        let entry = try #require(try log.save(Fixtures.draft).entry)

        let restoration = log.draftRestorer().restore(Fixtures.draft.record)

        guard case .alreadySaved(let label) = restoration else {
            Issue.record("expected the draft to be found saved, got \(restoration)")
            return
        }
        #expect(label == "#\(entry.id)")
    }

    @Test func anEditWhoseSaveHadLandedIsClosedInsteadOfRestored() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))
        var draft = log.makeDraft(editing: Fixtures.storedEntries[2])
        draft.value = "74.9"
        _ = try log.save(draft)

        let restoration = log.draftRestorer().restore(draft.record)

        guard case .alreadySaved(let label) = restoration else {
            Issue.record("expected the edit to be found saved, got \(restoration)")
            return
        }
        #expect(label == "#3")
    }

    @Test func aDraftFromTrendsh01LearnsWhatItEditsFromTheStore() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries))

        let editor = try #require(restoredEditor(Self.legacyEdit, log: log))

        #expect(editor.draft.editing == EditedEntry(id: 3, revision: 1, prefilledKilograms: 75.1))
        #expect(editor.draft.opened.value == "75.1")
        #expect(editor.draft.value == "74.9")
        #expect(editor.restoreNote == nil)
        #expect(editor.hasUnsavedChanges)
    }

    @Test func aDraftFromTrendsh01WhoseEntryIsGoneBecomesANewEntry() throws {
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Array(Fixtures.storedEntries.prefix(2))))

        let editor = try #require(restoredEditor(Self.legacyEdit, log: log))

        #expect(editor.draft.editing == nil)
        #expect(editor.restoreNote == .entryGone(id: 3))
        #expect(editor.title == "Log Weight")
    }

    @Test func aDraftFromTrendsh01WhoseEntryCannotBeReadKeepsAnUnknownBase() throws {
        let faults = FaultInjector()
        let log = Fixtures.log(repository: InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults))
        faults.failToOpen()

        let editor = try #require(restoredEditor(Self.legacyEdit, log: log))

        #expect(editor.draft.editing == EditedEntry(id: 3, revision: nil, prefilledKilograms: nil))
        #expect(editor.restoreNote == .entryUnread(id: 3, .storage(.simulated(.open))))
    }

    @Test func aDraftWithAnUnknownBaseIsRefusedAsAConflictThenSavedKnowingly() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(entries: Fixtures.storedEntries, faults: faults)
        let log = Fixtures.log(repository: repository)
        faults.failToOpen()
        let editor = try #require(restoredEditor(Self.legacyEdit, log: log))
        faults.stopFailing()

        #expect(editor.save() == .failure(.entries(.conflict(id: 3, current: Fixtures.storedEntries[2]))))
        #expect(editor.draft.editing?.revision == 1)

        #expect(try editor.save().get().entry?.kilograms == 74.9)
    }

    @Test func aRecordOfAnotherKindIsUnreadableToTheWeights() {
        let log = Fixtures.log(repository: InMemoryWeightRepository())
        let restoration = log.draftRestorer().restore(DraftRecord(kind: "weight", fields: ["id": "x"]))
        guard case .unreadable = restoration else {
            Issue.record("expected an unreadable record, got \(restoration)")
            return
        }
    }
}

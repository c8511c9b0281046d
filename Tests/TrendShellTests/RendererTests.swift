import FoundationEssentials
import Testing
import TrendKit
import TrendShell

@Suite struct RendererTests {
    @Test(arguments: [
        (75.0, WeightUnit.kilograms, "75.0 kg"),
        (75.04, .kilograms, "75.0 kg"),
        (75.06, .kilograms, "75.1 kg"),
        (20.0, .kilograms, "20.0 kg"),
        (74.84274105, .pounds, "165.0 lb"),
        (74.84274105, .kilograms, "74.8 kg"),
        (75.0, .pounds, "165.3 lb"),
        (500.0, .pounds, "1102.3 lb"),
    ])
    func aWeightHasOneDecimalAndTheUnit(kilograms: Double, unit: WeightUnit, shown: String) {
        #expect(Renderer.weight(kilograms, in: unit) == shown)
    }

    @Test func anEntryLineShowsIdDateWeightAndNote() {
        #expect(
            Renderer.entryLine(Fixtures.entryWithNote, unit: .kilograms) == "#12  2026-11-29 08:00  75.0 kg  after run")
        #expect(Renderer.entryLine(Fixtures.entryWithoutNote, unit: .pounds) == "#3  2026-11-28 07:30  165.0 lb")
    }

    @Test func anEntrySummaryNamesIdWeightAndDate() {
        #expect(Renderer.entrySummary(Fixtures.entryWithNote, unit: .kilograms) == "#12: 75.0 kg on 2026-11-29 08:00")
    }

    @Test @MainActor func aSaveSaysWhatItDid() async throws {
        let repository = InMemoryWeightRepository()
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)

        let created = try await log.save(WeightEntryDraft(date: Fixtures.now, value: "75"))
        #expect(Renderer.saved(created, unit: .kilograms) == "Saved #1: 75.0 kg on 2026-11-29 08:00.")

        let updated = try await log.save(WeightEntryDraft(date: Fixtures.now, value: "76"), editing: created.entry)
        #expect(Renderer.saved(updated, unit: .kilograms) == "Saved #1: 76.0 kg on 2026-11-29 08:00 (changed).")

        let unacknowledged = WeightEntryDraft(date: Fixtures.now, value: "77")
        await repository.loseNextAcknowledgement()
        await #expect(throws: TrendError.self) { try await log.save(unacknowledged) }
        let retried = try await log.save(unacknowledged)
        #expect(
            Renderer.saved(retried, unit: .pounds)
                == "Saved #2: 169.8 lb on 2026-11-29 08:00 (an earlier attempt had already saved it; nothing new was written)."
        )
    }

    @Test func aDraftSummaryNamesItsFields() {
        let empty = WeightEntryDraft(date: Fixtures.now)
        #expect(Renderer.draftSummary(empty) == "no value, dated 2026-11-29 08:00")
        let full = WeightEntryDraft(date: Fixtures.now, value: "75,5", note: "after run")
        #expect(Renderer.draftSummary(full) == "value \"75,5\", note \"after run\", dated 2026-11-29 08:00")
    }

    @Test @MainActor func draftDetailsShowFieldsUnitStateAndLastError() async {
        let repository = InMemoryWeightRepository()
        let settings = SettingsFeature(store: InMemorySettingsStore(Settings(unit: .pounds)))
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)
        let editor = EntryEditor(log: log)
        #expect(
            Renderer.draftDetails(editor) == [
                "Log Weight (new entry), no unsaved changes", "  value: (none) (lb)", "  date:  2026-11-29 08:00",
                "  note:  (none)",
            ])
        editor.draft.value = "20"
        editor.draft.note = "light"
        #expect(await editor.save() == false)
        #expect(
            Renderer.draftDetails(editor) == [
                "Log Weight (new entry), unsaved changes", "  value: 20 (lb)", "  date:  2026-11-29 08:00",
                "  note:  light", "  last save failed: Enter a weight between 44.1 and 1102.3 lb.",
            ])
    }

    @Test @MainActor func draftDetailsNameTheEntryBeingEdited() {
        let repository = InMemoryWeightRepository(entries: [Fixtures.entryWithNote])
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)
        let editor = EntryEditor(log: log, entry: Fixtures.entryWithNote)
        #expect(
            Renderer.draftDetails(editor) == [
                "Edit Entry (editing #12), no unsaved changes", "  value: 75.0 (kg)", "  date:  2026-11-29 08:00",
                "  note:  after run",
            ])
    }

    @Test func helpForOneCommandShowsUsageSummaryAliasesAndExample() throws {
        let quit = try #require(CommandTable.spec(named: "exit"))
        #expect(
            Renderer.help(for: quit) == [
                "usage: quit", "  Leave trendsh (asks again if the draft is unsaved).", "  Also: exit",
                "  Example: quit",
            ])
        let unit = try #require(CommandTable.spec(named: "unit"))
        #expect(
            Renderer.help(for: unit) == [
                "usage: unit [kg|lb]", "  Show or set the unit weights are typed and shown in.", "  Example: unit lb",
            ])
    }

    @Test func theHelpListGroupsTheCommandsByFeature() {
        var groups: [(heading: String, names: [String])] = []
        for line in Renderer.helpList().dropLast() {
            if line.hasPrefix("  ") {
                groups[groups.count - 1].names.append(String(line.dropFirst(2).prefix { $0 != " " }))
            } else {
                groups.append((line, []))
            }
        }
        #expect(groups.map(\.heading) == ["The draft:", "Weights:", "Settings:", "The shell:"])
        #expect(
            groups.map(\.names) == [
                ["new", "edit", "value", "note", "date", "show", "save", "cancel"], ["list", "delete", "refresh"],
                ["unit"], ["help", "status", "simulate", "history", "quit"],
            ])
        #expect(Renderer.helpList().last == "Type \"help COMMAND\" for one command's usage and an example.")
    }

    @Test func theHelpListLinesUpEverySummaryInOneColumn() {
        let rows = Renderer.helpList().filter { $0.hasPrefix("  ") }
        #expect(rows.count == CommandTable.specs.count)
        for spec in CommandTable.specs {
            let row = rows.first { $0.hasPrefix("  " + spec.name + " ") }
            #expect(row?.hasSuffix(spec.summary) == true, "\(spec.name)")
            #expect(row.map { $0.count - spec.summary.count } == 18, "\(spec.name)")
        }
        #expect(rows.contains("  simulate ...    Make the store fail on purpose, to see how trendsh recovers."))
    }
}

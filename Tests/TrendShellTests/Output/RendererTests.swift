import FoundationEssentials
import Testing
import TrendKit

@testable import TrendShell

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

    @Test func anEntryLineShowsIdDateWeightTrendAndNote() {
        let day = LocalCalendar.dayNumber(of: Fixtures.entryWithNote.date)
        #expect(
            Renderer.entryLines([Fixtures.entryWithNote], trendByDay: [day: 74.64], units: .kilograms) == [
                "#12  2026-11-29 08:00  75.0 kg  trend 74.6  after run"
            ])
        let otherDay = LocalCalendar.dayNumber(of: Fixtures.entryWithoutNote.date)
        #expect(
            Renderer.entryLines([Fixtures.entryWithoutNote], trendByDay: [otherDay: 75], units: .pounds) == [
                "#3  2026-11-28 07:30  165.0 lb  trend 165.3"
            ])
    }

    @Test func anEntryWhoseTrendIsNotKnownShowsDashes() {
        #expect(
            Renderer.entryLines([Fixtures.entryWithoutNote], trendByDay: nil, units: .kilograms) == [
                "#3  2026-11-28 07:30  74.8 kg  trend --"
            ])
        #expect(
            Renderer.entryLines([Fixtures.entryWithoutNote], trendByDay: [:], units: .kilograms) == [
                "#3  2026-11-28 07:30  74.8 kg  trend --"
            ])
    }

    @Test func listColumnsLineUpByDisplayWidth() {
        let entries = [
            WeightEntry(id: 12, date: Fixtures.now, kilograms: 100.5, note: "heavy"),
            WeightEntry(id: 9, date: Fixtures.now, kilograms: 20, note: ""),
            WeightEntry(id: 100, date: Fixtures.now, kilograms: 75, note: "雨 rain"),
        ]
        let trend = [LocalCalendar.dayNumber(of: Fixtures.now): 75.25]
        #expect(
            Renderer.entryLines(entries, trendByDay: trend, units: .kilograms) == [
                " #12  2026-11-29 08:00  100.5 kg  trend 75.3  heavy",
                "  #9  2026-11-29 08:00   20.0 kg  trend 75.3",
                "#100  2026-11-29 08:00   75.0 kg  trend 75.3  雨 rain",
            ])
    }

    @Test(arguments: [
        ("abc", 3), ("雨", 2), ("e\u{301}", 1), ("😀", 2), ("", 0), ("\u{E9}\u{283}\u{2FF}", 3), ("a\u{300}", 1),
        ("\u{300}", 0),
    ])
    func displayWidthCountsTerminalColumns(text: String, width: Int) {
        #expect(TextColumns.displayWidth(text) == width)
    }

    @Test func aRowEndsAtItsLastCellThatHoldsText() {
        let lines = TextColumns.lines(
            [
                ["#3", "76.0 kg", "fat 20.0 %", "trend 75.5"], ["#2", "", "waist 83.8 cm", ""],
                ["#1", "75.0 kg", "", ""],
            ],
            alignments: [.right, .left, .left, .left])
        #expect(
            lines == [
                "#3  76.0 kg  fat 20.0 %     trend 75.5",
                "#2           waist 83.8 cm",
                "#1  75.0 kg",
            ])
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func anEntrySummaryNamesIdWeightAndDate() {
        #expect(Renderer.entrySummary(Fixtures.entryWithNote, units: .kilograms) == "#12: 75.0 kg on 2026-11-29 08:00")
    }

    @Test @MainActor func aSaveSaysWhatItDid() throws {
        let faults = FaultInjector()
        let repository = InMemoryWeightRepository(faults: faults)
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(repository: repository, settings: settings, clock: Fixtures.clock)

        let created = try log.save(WeightEntryDraft(date: Fixtures.now, value: "75"))
        #expect(Messages.saved(created, units: .kilograms) == "Saved #1: 75.0 kg on 2026-11-29 08:00.")

        var edit = WeightEntryDraft(editing: try #require(created.entry), unit: .kilograms)
        edit.value = "76"
        let updated = try log.save(edit)
        #expect(Messages.saved(updated, units: .kilograms) == "Saved #1: 76.0 kg on 2026-11-29 08:00 (changed).")

        let unchanged = try log.save(WeightEntryDraft(editing: try #require(updated.entry), unit: .kilograms))
        #expect(Messages.saved(unchanged, units: .kilograms) == "Entry #1 is unchanged, so nothing was written.")

        let unacknowledged = WeightEntryDraft(date: Fixtures.now, value: "77")
        faults.loseNextAcknowledgement()
        #expect(throws: TrendError.self) { try log.save(unacknowledged) }
        let retried = try log.save(unacknowledged)
        #expect(
            Messages.saved(retried, units: .pounds)
                == "Saved #2: 169.8 lb on 2026-11-29 08:00 (an earlier attempt had already saved it; nothing new was written)."
        )
    }

    @Test func aDraftSummaryNamesItsFields() {
        let empty = WeightEntryDraft(date: Fixtures.now)
        #expect(Renderer.draftSummary(empty) == "no value, dated 2026-11-29 08:00")
        let full = WeightEntryDraft(date: Fixtures.now, value: "75,5", note: "after run")
        #expect(Renderer.draftSummary(full) == "value \"75,5\", note \"after run\", dated 2026-11-29 08:00")
    }

    @Test @MainActor func draftDetailsShowFieldsUnitStateAndLastError() throws {
        let session = Session.make(files: OwnFiles(store: .memory), clock: Fixtures.clock, output: CapturedOutput())
        try session.settings.set(.unit, to: "lb")
        let editor = EntryEditor(log: session.weights)
        #expect(
            editor.details(session: session) == [
                "Log Weight (new entry), no unsaved changes", "  value: (none)", "  date:  2026-11-29 08:00",
                "  note:  (none)",
            ])
        editor.draft.value = "20"
        editor.draft.unit = .pounds
        editor.draft.note = "light"
        guard case .failure = editor.save() else {
            Issue.record("20 lb saved")
            return
        }
        #expect(
            editor.details(session: session) == [
                "Log Weight (new entry), unsaved changes", "  value: 20 (lb)", "  date:  2026-11-29 08:00",
                "  note:  light", "  last save failed: Enter a weight between 44.1 and 1102.3 lb.",
            ])
        editor.draft.value = "165 lb"
        #expect(editor.details(session: session)[1] == "  value: 165 lb")
    }

    @Test @MainActor func draftDetailsNameTheEntryBeingEdited() {
        let session = Session.make(files: OwnFiles(store: .memory), clock: Fixtures.clock, output: CapturedOutput())
        let editor = EntryEditor(log: session.weights, entry: Fixtures.entryWithNote)
        #expect(
            editor.details(session: session) == [
                "Edit Entry (editing #12), no unsaved changes", "  value: 75.0 (kg)", "  date:  2026-11-29 08:00",
                "  note:  after run",
            ])
    }

    @Test func helpForOneCommandShowsUsageSummaryAliasesAndExample() throws {
        let quit = try #require(CommandTable.declaration(named: "exit"))
        #expect(
            HelpText.lines(for: quit) == [
                "usage: quit", "  Leave trendsh (asks again if the draft is unsaved or changes are pending).",
                "  Also: exit, \\q, .quit, .exit", "  Example: quit",
            ])
        let unit = try #require(CommandTable.declaration(named: "unit"))
        #expect(
            HelpText.lines(for: unit) == [
                "usage: unit [kg|lb|st] | unit KIND [UNIT]",
                "  Show or set the unit weights, or KIND's values, are typed and shown in.",
                "  st shows weights as stone and pounds (12 st 4.0 lb) and reads a bare number in stones;",
                "  \"12 st 4\" is read as stone and pounds in any unit. Changes, rates and chart axes are then",
                "  in pounds, and exports write pounds.",
                "  Kinds with more than one unit: muscle (kg, lb), bone (kg, lb), waist (cm, in), hip (cm, in).",
                "  A value typed with its unit (\"waist 33 in\") is read in it, whatever the setting.",
                "  Example: unit waist in",
            ])
    }

    @Test func theHelpListGroupsTheCommandsByFeature() {
        var groups: [(heading: String, names: [String])] = []
        for line in HelpText.list().dropLast() {
            if line.hasPrefix("  ") {
                groups[groups.count - 1].names.append(String(line.dropFirst(2).prefix { $0 != " " }))
            } else {
                groups.append((line, []))
            }
        }
        #expect(
            groups.map(\.heading) == [
                "Drafts (any kind):", "Weights:", "Habits:", "People:", "Trend:", "Data in and out:",
                "Pending changes and history:", "Settings:", "The shell:",
            ])
        #expect(
            groups.map(\.names) == [
                ["new", "show", "save", "cancel"],
                ["edit", "value", "note", "date", "list", "measure", "delete", "amend"],
                ["name", "habits", "done", "undone", "rename"], ["person", "people", "share", "unshare"],
                ["trend", "stats", "chart"],
                ["import", "fix", "export"], ["retry", "undo", "redo"],
                ["settings", "set", "unit", "goal"],
                ["help", "status", "refresh", "simulate", "history", "quit", "format", "trace"],
            ])
        #expect(HelpText.list().last == "Type \"help COMMAND\" for one command's usage and an example.")
    }

    @Test func theHelpListLinesUpEverySummaryInOneColumn() {
        let rows = HelpText.list().filter { $0.hasPrefix("  ") }
        #expect(rows.count == CommandTable.declarations.count)
        for declaration in CommandTable.declarations {
            let row = rows.first { $0.hasPrefix("  " + declaration.name + " ") }
            #expect(row?.hasSuffix(declaration.summary) == true, "\(declaration.name)")
            #expect(
                row.map { $0.count - declaration.summary.count } == HelpText.list()[1].count
                    - (CommandTable.declarations.first?.summary.count ?? 0), "\(declaration.name)")
        }
        #expect(
            rows.contains {
                $0.hasPrefix("  simulate ...  ")
                    && $0.hasSuffix("Make the store fail on purpose, to see how trendsh recovers.")
            })
    }
}

import Testing
import TrendKit
import TrendshTestSupport

@testable import TrendShell

/// The dispatcher in process: an in-memory store, the fixed clock, captured output.
@Suite @MainActor struct SessionTests {
    let shell: SessionDriver
    var session: Session { shell.session }
    var output: CapturedOutput { shell.output }

    init() { shell = SessionDriver(clock: Fixtures.clock) }

    var editor: EntryEditor? { session.drafts.open as? EntryEditor }

    @Test func startingAnEmptyStorePrintsNothing() {
        #expect(output.text == "")
        #expect(session.drafts.open == nil)
        #expect(session.draftMark == .clean)
    }

    @Test func aValueOpensADraftWithUnsavedChanges() {
        #expect(shell.perform("value 75") == [.succeeded])
        #expect(shell.printed == "value: 75\n")
        #expect(editor?.draft.value == "75")
        #expect(session.hasUnsavedChanges)
        #expect(session.draftMark == .unsaved)
    }

    @Test func aSaveClosesTheDraftAndPublishesTheEntry() {
        #expect(shell.perform("value 75", "note after run", "save") == [.succeeded, .succeeded, .succeeded])
        #expect(shell.printed == "value: 75\nnote: after run\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n")
        #expect(shell.errors == "")
        #expect(session.drafts.open == nil)
        #expect(session.weights.entries.map(\.kilograms) == [75])
        #expect(session.weights.entries.map(\.note) == ["after run"])
    }

    @Test func anInvalidValueFailsToSaveAndKeepsTheDraftAsTyped() {
        #expect(shell.perform("value 75 furlongs", "save") == [.succeeded, .failed])
        #expect(shell.errors == "error: \(Fixtures.kilogramsMessage) The draft is kept; fix it and save again.\n")
        #expect(editor?.draft.value == "75 furlongs")
        #expect(editor?.lastError == .entries(.invalid(.invalidWeight(.kilograms))))
        #expect(session.draftMark == .failedSave)
        #expect(session.weights.entries == [])

        #expect(shell.perform("value 75") == [.succeeded])
        #expect(session.draftMark == .unsaved)
    }

    @Test func aStorageFailureKeepsTheDraftAndARetryWritesExactlyOneEntry() {
        #expect(
            shell.perform("simulate save-failure once", "value 75", "save") == [.succeeded, .succeeded, .failed])
        #expect(
            shell.errors == "error: \(Fixtures.simulatedSaveMessage) The draft is kept; type \"save\" to try again.\n")
        #expect(editor?.draft.value == "75")
        #expect(session.draftMark == .failedSave)

        #expect(shell.perform("save") == [.succeeded])
        #expect(shell.printed.hasSuffix("Saved #1: 75.0 kg on 2026-11-29 08:00.\n"))
        #expect(session.weights.entries.count == 1)
        #expect(shell.perform("refresh") == [.succeeded])
        #expect(session.weights.entries.count == 1)
    }

    @Test func everySaveFailsUntilSimulationsAreOff() {
        #expect(
            shell.perform("simulate save-failure always", "value 75", "save", "save") == [
                .succeeded, .succeeded, .failed, .failed,
            ])
        #expect(shell.perform("simulate", "simulate off", "save") == [.succeeded, .succeeded, .succeeded])
        #expect(shell.printed.contains("\nActive: save-failure (always).\n"))
        #expect(shell.printed.hasSuffix("Simulations are off.\nSaved #1: 75.0 kg on 2026-11-29 08:00.\n"))
        #expect(session.weights.entries.count == 1)
    }

    @Test func openingADraftOverUnsavedChangesFailsAndKeepsTheOpenOne() {
        #expect(shell.perform("value 75", "new", "edit 1") == [.succeeded, .failed, .failed])
        let refusal =
            "error: A draft with unsaved changes is open (value \"75\", dated 2026-11-29 08:00). Save it with \"save\" or discard it with \"cancel\" first.\n"
        #expect(shell.errors == refusal + refusal)
        #expect(editor?.draft.value == "75")
        #expect(editor?.draft.editing == nil)
    }

    @Test func aDraftWithoutChangesIsReplacedQuietly() {
        #expect(
            shell.perform("new", "value 75", "save", "new", "edit 1") == [
                .succeeded, .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(editor?.draft.editing?.id == 1)
        #expect(editor?.draft.value == "75.0")
        #expect(!session.hasUnsavedChanges)
    }

    @Test func noteWithoutTextClearsTheNote() {
        shell.perform("note after run", "note")
        #expect(shell.printed == "note: after run\nnote cleared\n")
        #expect(editor?.draft.note == "")
        #expect(!session.hasUnsavedChanges)
    }

    @Test func aFutureDateIsRefusedAndTheDraftKeepsItsDate() {
        #expect(
            shell.perform("value 75", "date 2026-11-30", "date yesterday") == [.succeeded, .failed, .succeeded])
        #expect(shell.errors == "error: An entry can't be dated in the future. The draft is unchanged.\n")
        #expect(editor?.draft.date == Fixtures.localDate(2026, 11, 28, 8, 0))
    }

    @Test func cancelDiscardsTheDraftAndLeavesAnEditedEntryAsItWas() {
        shell.perform("value 75", "save", "edit 1", "value 80", "cancel")
        #expect(
            shell.printed.hasSuffix(
                "Discarded the draft (value \"80\", dated 2026-11-29 08:00). Entry #1 is unchanged.\n"))
        #expect(session.drafts.open == nil)
        #expect(session.weights.entries.map(\.kilograms) == [75])
    }

    @Test func quitWithUnsavedChangesWarnsFirstAndLeavesTheSecondTime() {
        #expect(shell.perform("value 75", "quit") == [.succeeded, .succeeded])
        #expect(
            shell.errors.hasPrefix("warning: The draft has unsaved changes (value \"75\", dated 2026-11-29 08:00)."))
        #expect(shell.perform("quit") == [.quit])
    }

    @Test func anyCommandBetweenTwoQuitsMeansAskingAgain() {
        #expect(
            shell.perform("value 75", "quit", "show", "quit") == [.succeeded, .succeeded, .succeeded, .succeeded])
        #expect(shell.perform("bogus", "quit") == [.failed, .succeeded])
        #expect(shell.perform("quit") == [.quit])
    }

    @Test func quitWithNothingUnsavedLeavesAtOnce() {
        #expect(shell.perform("quit") == [.quit])
        #expect(output.text == "")
    }

    @Test func listShowsTheNewestEntriesInTheSelectedUnit() {
        shell.perform("list")
        #expect(shell.printed == "No entries yet. Log one with \"value WEIGHT\", then \"save\".\n")
        shell.perform("value 75", "date -2d", "save", "value 76", "date yesterday", "save", "value 77", "save")
        shell.perform("unit lb", "list 2")
        #expect(
            shell.printed.hasSuffix(
                "#3  2026-11-29 08:00  169.8 lb  trend 166.0\n#2  2026-11-28 08:00  167.6 lb  trend 165.6\n"))
    }

    @Test func deleteRemovesTheEntryAndNamesIt() {
        #expect(
            shell.perform("value 75", "save", "delete 1", "delete 1", "delete 2") == [
                .succeeded, .succeeded, .succeeded, .succeeded, .failed,
            ])
        #expect(
            shell.printed.hasSuffix(
                "Deleted #1: 75.0 kg on 2026-11-29 08:00.\nEntry #1 had already been deleted; nothing changed.\n"))
        #expect(shell.errors == "error: There is no entry #2. List the entries to see their numbers.\n")
        #expect(session.weights.entries == [])
    }

    @Test func unitShowsAndSetsTheUnit() {
        #expect(shell.perform("unit", "unit lb", "unit") == [.succeeded, .succeeded, .succeeded])
        #expect(shell.printed == "unit: kg\nunit: lb. Weights are now typed and shown in pounds.\nunit: lb\n")
        #expect(session.settings.unit == .pounds)
    }

    @Test func aDraftKeepsTheUnitItsValueWasTypedIn() {
        #expect(
            shell.perform("value 75", "unit lb", "show", "save") == [
                .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(shell.printed.contains("  value: 75 (kg)\n"))
        #expect(shell.printed.hasSuffix("Saved #1: 165.3 lb on 2026-11-29 08:00.\n"))
        #expect(session.weights.entries.map(\.kilograms) == [75])
    }

    @Test func aValueMayNameItsOwnUnit() {
        #expect(
            shell.perform("value 165 lb", "show", "save", "value 75kg", "save")
                == Array(repeating: .succeeded, count: 5))
        #expect(shell.printed.contains("  value: 165 lb\n"))
        #expect(session.weights.entries.compactMap(\.kilograms).sorted() == [74.84274105, 75])
    }

    @Test func helpListsEveryCommandOrExplainsOne() {
        #expect(shell.perform("help", "help SAVE", "help bogus") == [.succeeded, .succeeded, .failed])
        #expect(
            shell.printed == (HelpText.list() + ["usage: save"]).joined(separator: "\n") + "\n" + """
                  Save the open draft; on failure it stays open for another try.
                  Example: save

                """)
        #expect(shell.errors == "error: Unknown command \"bogus\". Type \"help\" to see the commands.\n")
    }

    @Test func statusNamesTheStoreEachFeatureAndTheDraft() {
        shell.perform("value 75", "simulate save-failure always")
        let before = shell.printed
        #expect(shell.perform("status") == [.succeeded])
        #expect(
            shell.printed.dropFirst(before.count) == """
                store: :memory:
                person: me
                weights: ready, 0 loaded
                trend: ready, no weigh-ins in the last 30 days
                habits: ready, 0 habits
                settings: unit kg, goal off, chart-style auto
                draft: new entry, unsaved changes
                draft file: in memory only (the store is in memory)
                simulations: save-failure (always)

                """)
    }

    @Test func statusSaysWhenTheLastSaveFailed() {
        shell.perform("simulate save-failure", "value 75", "save", "status")
        #expect(shell.printed.contains("\ndraft: new entry, unsaved changes, last save failed\n"))
        #expect(shell.printed.hasSuffix("simulations: none\n"))
    }

    @Test func aRefreshFailureKeepsTheEntriesLoadedEarlier() {
        shell.perform("value 75", "save", "simulate refresh-failure")
        #expect(shell.perform("refresh") == [.failed])
        #expect(
            shell.errors
                == "error: The entries could not be loaded (simulated failure). The 1 entry loaded earlier is still shown.\nerror: The trend could not be read (simulated failure).\nerror: The habits could not be loaded (simulated failure).\n"
        )
        #expect(session.weights.entries.count == 1)
        #expect(shell.perform("refresh") == [.succeeded])
        #expect(shell.printed.hasSuffix("Loaded 1 entry.\nLoaded 1 day of trend.\nLoaded 0 habits.\n"))
    }

    @Test func whenTheStoreWillNotOpenSettingsAndHelpStillWork() {
        shell.perform("simulate open-failure")
        #expect(shell.perform("value 75", "save") == [.succeeded, .failed])
        #expect(shell.errors.hasPrefix("error: The store could not be opened (simulated failure)."))
        #expect(
            shell.perform("cancel", "unit lb", "help unit", "value 165", "show") == [
                .succeeded, .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(session.settings.unit == .pounds)
        #expect(editor?.draft.value == "165")
    }

    @Test func historyIsOffWithoutAHistoryFile() {
        #expect(shell.perform("history") == [.succeeded])
        #expect(shell.printed == "History is off for this session.\n")
    }

    @Test func aParseErrorIsReportedAsAFailure() {
        #expect(shell.perform("unit stone") == [.failed])
        #expect(
            shell.errors
                == "error: \"stone\" is not a unit; use kg, lb or st. Usage: unit [kg|lb|st] | unit KIND [UNIT]\n")
    }

    @Test func controlCharactersAreWrittenEscaped() {
        shell.perform("note \u{1B}[31mred\u{7}", "\u{1B}[2J")
        #expect(shell.printed == "note: \\e[31mred\\u{7}\n")
        #expect(shell.errors == "error: Unknown command \"\\e[2J\". Type \"help\" to see the commands.\n")
        #expect(editor?.draft.note == "\u{1B}[31mred\u{7}")
    }

    @Test func aFailedSaveDoesNotMakeListFail() {
        shell.perform("value 74", "save", "simulate save-failure", "value 75", "save", "cancel")
        let errorsBefore = shell.errors
        #expect(shell.perform("list") == [.succeeded])
        #expect(shell.errors == errorsBefore)
        #expect(shell.printed.hasSuffix("#1  2026-11-29 08:00  74.0 kg  trend 74.0\n"))
    }
}

/// Habits beside weights: one draft at a time, quoting, and failures kept to their feature.
@Suite @MainActor struct HabitSessionTests {
    let shell: SessionDriver
    var session: Session { shell.session }
    var output: CapturedOutput { shell.output }

    init() { shell = SessionDriver(clock: Fixtures.clock) }

    @Test func aBlankNameKeepsTheDraftAndSaysWhy() {
        #expect(shell.perform("new habit", "save") == [.succeeded, .failed])
        #expect(
            shell.errors
                == "error: A habit needs a name; type one with \"name TEXT\". The draft is kept; fix it and save again.\n"
        )
        #expect(session.drafts.open is HabitEditor)
        #expect(session.draftMark == .failedSave)
        #expect(!session.hasUnsavedChanges, "a blank habit draft has nothing unsaved")
        #expect(shell.perform("name Read 10 pages", "save") == [.succeeded, .succeeded])
        #expect(shell.printed.hasSuffix("Saved the habit \"Read 10 pages\".\n"))
        #expect(session.habitLog.habits.map(\.name) == ["Read 10 pages"])
    }

    @Test func aStorageFailureOnAHabitSaveKeepsTheNameAndTheRetryWritesOne() {
        #expect(
            shell.perform("simulate save-failure once habits", "name Run", "save", "save") == [
                .succeeded, .succeeded, .failed, .succeeded,
            ])
        #expect(
            shell.errors
                == "error: The habit could not be saved. The store could not save (simulated failure), so nothing was written. The draft is kept; type \"save\" to try again.\n"
        )
        #expect(session.habitLog.habits.map(\.name) == ["Run"])
    }

    @Test func oneDraftAtATimeWhateverItsKind() {
        #expect(shell.perform("value 75", "new habit", "name Run") == [.succeeded, .failed, .failed])
        #expect(session.drafts.open is EntryEditor)
        #expect(
            shell.perform("cancel", "new habit", "name Run", "value 75") == [
                .succeeded, .succeeded, .succeeded, .failed,
            ])
        #expect(session.drafts.open is HabitEditor)
        #expect(
            shell.errors.components(separatedBy: "Save it with \"save\" or discard it with \"cancel\" first.").count
                == 4)
    }

    @Test func aHabitFailureStaysWithHabitsAndWeightsAndSettingsKeepWorking() {
        shell.perform("new habit", "name Run", "save", "simulate save-failure always habits")
        #expect(
            shell.perform("done Run", "value 75", "save", "unit lb", "help done") == [
                .failed, .succeeded, .succeeded, .succeeded, .succeeded,
            ])
        #expect(shell.printed.contains("Saved #1: 75.0 kg on 2026-11-29 08:00."))
        #expect(shell.perform("status") == [.succeeded])
        #expect(
            shell.printed.contains(
                "\nhabits: ready, 1 habit; error: The store could not save (simulated failure), so nothing was written.\n"
            ))
        #expect(shell.printed.contains("\nweights: ready, 1 loaded\n"), "the weights feature carries no habit error")
    }

    @Test func anOpenFailureOfHabitsLeavesWeightsWorking() {
        shell.perform("simulate open-failure habits", "refresh")
        #expect(shell.perform("value 75", "save", "habits") == [.succeeded, .succeeded, .failed])
        #expect(shell.printed.contains("Saved #1: 75.0 kg"))
        #expect(shell.errors.contains("The store could not be opened (simulated failure)."))
    }

    @Test func doneTwiceWritesOnceAndSaysSo() {
        shell.perform("new habit", "name Read 10 pages", "save")
        #expect(
            shell.perform("done \"Read 10 pages\"", "done \"read 10 PAGES\" today") == [.succeeded, .succeeded])
        #expect(
            shell.printed.hasSuffix(
                "Done: \"Read 10 pages\" on 2026-11-29.\n\"Read 10 pages\" was already done on 2026-11-29; nothing changed.\n"
            ))
        #expect(session.habitLog.habits.first?.doneDays.count == 1)
    }

    @Test func habitsShowsTheWeekTheStreakAndThirtyDays() {
        shell.perform("new habit", "name Read", "save", "done Read -1d", "done Read", "done Read -3d")
        #expect(shell.perform("habits") == [.succeeded])
        #expect(shell.printed.hasSuffix("habit  last 7 days  streak  30 days\nRead   ...x.xx           2        3\n"))
    }
}

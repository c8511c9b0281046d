import FoundationEssentials
import Testing

@testable import TrendKit

/// The rules a stored entry keeps, as one function names them, and what `edit` then `save`
/// does with an entry that breaks one (another program wrote it).
@MainActor
@Suite struct EntryRuleTests {
    static func entry(kilograms: Double, date: Date = Fixtures.now - Fixtures.hour) -> WeightEntry {
        WeightEntry(id: 7, date: date, kilograms: kilograms, note: "by hand", revision: 1)
    }

    @Test(arguments: [20.0, 20.000_1, 75, 499.99, 500])
    func aWeightFrom20To500KilogramsKeepsTheRule(kilograms: Double) {
        #expect(Self.entry(kilograms: kilograms).brokenRule(asOf: Fixtures.now) == nil)
    }

    @Test(arguments: [0.5, 19.999, 500.001, 1_000, .infinity])
    func aWeightOutsideThemBreaksIt(kilograms: Double) {
        #expect(Self.entry(kilograms: kilograms).brokenRule(asOf: Fixtures.now) == .weightInRange)
    }

    @Test func anEntryDatedAfterTodayBreaksTheDateRuleAndOneDatedLaterTodayDoesNot() {
        let endOfToday = LocalCalendar.lastMomentOfDay(of: Fixtures.now)
        #expect(Self.entry(kilograms: 75, date: Fixtures.now).brokenRule(asOf: Fixtures.now) == nil)
        #expect(
            Self.entry(kilograms: 75, date: endOfToday).brokenRule(asOf: Fixtures.now) == nil, "today's, at any hour")
        #expect(
            Self.entry(kilograms: 75, date: endOfToday + 0.001).brokenRule(asOf: Fixtures.now) == .notInFuture)
        let in2030 = Date(timeIntervalSince1970: 1_893_484_800)
        #expect(Self.entry(kilograms: 75, date: in2030).brokenRule(asOf: Fixtures.now) == .notInFuture)
        #expect(Self.entry(kilograms: 75, date: in2030).brokenRule(asOf: in2030) == nil, "once its time has come")
        #expect(Self.entry(kilograms: 1_000, date: in2030).brokenRule(asOf: Fixtures.now) == .weightInRange)
    }

    /// The weights feature over a store holding `entry`.
    static func log(holding entry: WeightEntry) -> WeightLog {
        Fixtures.log(repository: InMemoryWeightRepository(entries: [entry]))
    }

    @Test func savingAnUnchangedEditOfAWeightThatBreaksTheRuleSaysSoInsteadOfUnchanged() throws {
        let stored = Self.entry(kilograms: 1_000)
        let log = Self.log(holding: stored)
        var draft = log.makeDraft(editing: stored)

        #expect(throws: TrendError.entries(.invalid(.storedWeightBreaksRule(kilograms: 1_000, unit: .kilograms)))) {
            try log.save(draft)
        }
        draft.note = "corrected the note only"
        #expect(throws: TrendError.entries(.invalid(.storedWeightBreaksRule(kilograms: 1_000, unit: .kilograms)))) {
            try log.save(draft)
        }
        draft.value = "100"
        let saved = try log.save(draft)
        #expect(saved.entry?.kilograms == 100)
        #expect(saved.entry?.brokenRule(asOf: Fixtures.now) == nil)
    }

    @Test func savingAnUnchangedEditOfAnEntryDatedInTheFutureSaysSoAndANoteAloneMayChange() throws {
        let stored = Self.entry(kilograms: 75, date: Date(timeIntervalSince1970: 1_893_484_800))
        let log = Self.log(holding: stored)
        var draft = log.makeDraft(editing: stored)

        #expect(throws: TrendError.entries(.invalid(.storedDateInFuture(date: stored.date)))) {
            try log.save(draft)
        }
        draft.value = "76"
        #expect(throws: TrendError.entries(.invalid(.futureEntryAllowsOnlyNote(date: stored.date)))) {
            try log.save(draft)
        }
        draft.value = draft.opened.value
        draft.note = "from a clock set ahead"
        #expect(try log.save(draft).entry?.note == "from a clock set ahead")
    }

    @Test func anUnchangedEditOfAnEntryThatKeepsTheRulesIsStillUnchanged() throws {
        let stored = Self.entry(kilograms: 75)
        let log = Self.log(holding: stored)
        #expect(try log.save(log.makeDraft(editing: stored)) == .unchanged(id: 7))
    }
}

import FoundationEssentials
import TrendKit

/// Values shared by the TrendKit tests. Dates are whole seconds, so every store keeps them exactly.
enum Fixtures {
    /// 2026-11-29T08:00:00Z: what every fixed clock in these tests reads.
    static let now = Date(timeIntervalSince1970: 1_795_939_200)
    static let clock = Clock.fixed(now)
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

    static let kilogramsMessage = "Enter a weight between 20 and 500 kg."
    static let poundsMessage = "Enter a weight between 44.1 and 1102.3 lb."
    static let futureMessage = "An entry can't be dated in the future."
    static let lockedMessage = "The store is locked by another program. Close that program, then try again."
    static let simulatedSaveMessage = "The store could not save (simulated failure), so nothing was written."
    static let tooLongNoteMessage =
        "A note can have at most 500 characters; this one has 501. Shorten it and try again."

    /// A valid draft from an hour ago, typed with a comma and a padded note.
    static let draft = WeightEntryDraft(
        id: DraftID(rawValue: "draft-morning"), date: now - hour, value: "75,5", note: "  after the run  ")

    /// Three validated entries, oldest first, each from its own draft.
    static let newEntries: [NewWeightEntry] = [
        NewWeightEntry(date: now - 3 * day, kilograms: 76.2, note: "", draftID: DraftID(rawValue: "draft-a")),
        NewWeightEntry(date: now - 2 * day, kilograms: 75.8, note: "caf\u{e9}", draftID: DraftID(rawValue: "draft-b")),
        NewWeightEntry(
            date: now - day, kilograms: 75.1, note: "before breakfast", draftID: DraftID(rawValue: "draft-c")),
    ]

    /// The same three as a store would hold them, ids 1 to 3.
    static let storedEntries: [WeightEntry] = newEntries.enumerated().map { offset, new in
        WeightEntry(
            id: Int64(offset + 1), date: new.date, kilograms: new.kilograms, note: new.note, draftID: new.draftID)
    }

    static let longestNote = String(repeating: "a", count: 500)
    static let tooLongNote = String(repeating: "a", count: 501)

    /// A weights feature over `repository`, with settings in memory and the fixed clock.
    @MainActor
    static func log(repository: any WeightRepository, unit: WeightUnit = .kilograms, windowSize: Int = 100)
        -> WeightLog
    {
        let settings = SettingsFeature(store: InMemorySettingsStore(Settings(unit: unit)))
        return WeightLog(repository: repository, settings: settings, clock: clock, windowSize: windowSize)
    }
}

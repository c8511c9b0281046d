import FoundationEssentials
import TrendKit

/// Values shared by the TrendKit tests. Dates are whole seconds, so every store keeps them exactly.
enum Fixtures {
    /// 2026-11-29T08:00:00Z: what every fixed clock in these tests reads.
    static let now = Date(timeIntervalSince1970: 1_795_939_200)
    static let clock = Clock.fixed(now)
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

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

    /// The same three as a store would hold them, ids 1 to 3, each at revision 1.
    static let storedEntries: [WeightEntry] = newEntries.enumerated().map { offset, new in
        WeightEntry(
            id: Int64(offset + 1), date: new.date, kilograms: new.kilograms, note: new.note, draftID: new.draftID,
            revision: 1)
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

    /// The store of the file at `path`, with this build's schema.
    @MainActor
    static func store(
        at path: String, faults: FaultInjector = FaultInjector(), busyTimeout: Duration = Store.defaultBusyTimeout,
        interruptRequested: @escaping @Sendable () -> Bool = { false }
    ) -> Store {
        Store(
            location: .file(path: path), schema: .trendsh, faults: faults, busyTimeout: busyTimeout,
            interruptRequested: interruptRequested)
    }

    /// The weights repository on a new store of the file at `path`.
    @MainActor
    static func repository(
        at path: String, faults: FaultInjector = FaultInjector(), busyTimeout: Duration = Store.defaultBusyTimeout,
        interruptRequested: @escaping @Sendable () -> Bool = { false }
    ) -> SQLWeightRepository {
        SQLWeightRepository(
            store: store(at: path, faults: faults, busyTimeout: busyTimeout, interruptRequested: interruptRequested))
    }

    /// A new entry from its own draft, dated `daysAgo` days before `now`.
    static func newEntry(_ name: String, kilograms: Double = 75, daysAgo: Double = 0, note: String = "")
        -> NewWeightEntry
    {
        NewWeightEntry(date: now - daysAgo * day, kilograms: kilograms, note: note, draftID: DraftID(rawValue: name))
    }
}

extension InsertOutcome {
    /// The entry the insert wrote or found. These tests never remove an entry between two
    /// saves of one draft, so there always is one; a missing one fails the test.
    var written: WeightEntry {
        get throws(MissingEntry) {
            guard let entry else { throw MissingEntry(outcome: self) }
            return entry
        }
    }
}

/// An insert that the test expected to leave an entry left none.
struct MissingEntry: Error {
    var outcome: InsertOutcome
}

import FoundationEssentials

@testable import TrendKit

/// Days and stores for the trend's tests. Days are local day numbers; entries are placed at
/// local times, so the tests hold in any `TZ`.
enum TrendFixtures {
    /// 2026-11-29, the day of `Fixtures.now` in UTC.
    static let today = 20_786

    /// The moment at `hour`:`minute` local time on a day.
    static func date(day: Int, hour: Int = 8, minute: Int = 0) -> Date {
        let (year, month, dayOfMonth) = Timestamp.civilFromDays(day)
        guard
            let date = LocalCalendar.date(
                from: LocalCalendar.Fields(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute))
        else { preconditionFailure("no such local time") }
        return date
    }

    static func entry(_ name: String, day: Int, kilograms: Double, hour: Int = 8, minute: Int = 0) -> NewWeightEntry {
        NewWeightEntry(
            date: date(day: day, hour: hour, minute: minute), kilograms: kilograms, note: "",
            draftID: DraftID(rawValue: name))
    }

    /// Points straight from (day, trend) pairs, for the pure figures.
    static func points(_ pairs: [(Int, Double)]) -> [TrendPoint] {
        pairs.map { TrendPoint(day: $0.0, meanKilograms: $0.1, trendKilograms: $0.1) }
    }

    /// Every day the store's per-day table holds for this zone, whatever its date.
    @MainActor
    static func storedDays(_ store: Store) throws -> [TrendDay] {
        try SQLiteTrendRepository(store: store).window(from: -1_000_000, through: 1_000_000, asOf: .distantFuture).days
    }

    /// Every entry the store holds.
    @MainActor
    static func storedEntries(_ repository: SQLiteWeightRepository) throws -> [WeightEntry] {
        try repository.entries(
            from: Date(timeIntervalSince1970: -2_208_988_800), to: Date(timeIntervalSince1970: 253_402_300_799))
    }

    /// Where two runs of days first differ, for a failure's message.
    static func firstDifference(_ lhs: [TrendDay], _ rhs: [TrendDay]) -> String {
        guard lhs.count == rhs.count else { return "\(lhs.count) days against \(rhs.count)" }
        for (a, b) in zip(lhs, rhs) where !agree([a], [b]) { return "\(a) against \(b)" }
        return "none"
    }

    /// True when two runs of days agree: the same days and counts, and values within a nanogram.
    static func agree(_ lhs: [TrendDay], _ rhs: [TrendDay]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { a, b in
                a.day == b.day && a.entries == b.entries && abs(a.point.meanKilograms - b.point.meanKilograms) < 1e-9
                    && abs(a.point.trendKilograms - b.point.trendKilograms) < 1e-9
                    && abs(a.minimumKilograms - b.minimumKilograms) < 1e-9
                    && abs(a.maximumKilograms - b.maximumKilograms) < 1e-9
            }
    }
}

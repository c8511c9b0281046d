import FoundationEssentials
import Testing
import TrendshTestSupport

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

    /// One random change of a long run, as the per-day table tests make them: six times in ten
    /// (or while there is none) a new entry on one of the last `daysBack` days, twice an
    /// update of one of `ids` to a new day and weight, twice the deletion of one of them.
    @MainActor
    static func randomChange(
        _ step: Int, to repository: SQLWeightRepository, ids: inout [Int64], daysBack: Int,
        using generator: inout SeededGenerator
    ) throws {
        let choice = Int.random(in: 0..<10, using: &generator)
        let day = today - Int.random(in: 0..<daysBack, using: &generator)
        let kilograms = Double(Int.random(in: 700...900, using: &generator)) / 10
        let hour = Int.random(in: 0..<24, using: &generator)
        if choice < 6 || ids.isEmpty {
            let outcome = try repository.insert(entry("s\(step)", day: day, kilograms: kilograms, hour: hour))
            ids.append(try outcome.written.id)
        } else if choice < 8 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            let current = try #require(try repository.entry(id: id))
            _ = try repository.update(
                EntryChange(
                    id: id, date: date(day: day, hour: hour), kilograms: kilograms, note: "",
                    expectedRevision: current.revision, operation: .make()))
        } else {
            let id = ids.remove(at: Int.random(in: 0..<ids.count, using: &generator))
            _ = try repository.delete(id: id, expectedRevision: nil, operation: .make())
        }
    }

    /// Points straight from (day, trend) pairs, for the pure figures.
    static func points(_ pairs: [(Int, Double)]) -> [TrendPoint] {
        pairs.map { TrendPoint(day: $0.0, meanKilograms: $0.1, trendKilograms: $0.1) }
    }

    /// Every day the store's per-day table holds for this zone, whatever its date.
    @MainActor
    static func storedDays(_ store: Store) throws -> [TrendDay] {
        try SQLTrendRepository(store: store).window(from: -1_000_000, through: 1_000_000, asOf: .distantFuture).days
    }

    /// Every entry the store holds.
    @MainActor
    static func storedEntries(_ repository: SQLWeightRepository) throws -> [WeightEntry] {
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

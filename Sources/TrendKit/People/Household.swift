import FoundationEssentials

/// One person of the household view (`people`): their latest weight, the trend at their
/// last weigh-in day, and when that was. Nil figures for a person with no weight yet.
public struct PersonSummary: Sendable, Equatable {
    public let name: PersonName
    public let latestKilograms: Double?
    public let trendKilograms: Double?
    public let lastWeighIn: Date?

    public init(name: PersonName, latestKilograms: Double?, trendKilograms: Double?, lastWeighIn: Date?) {
        self.name = name
        self.latestKilograms = latestKilograms
        self.trendKilograms = trendKilograms
        self.lastWeighIn = lastWeighIn
    }
}

extension PeopleRows {
    /// Each person the connection may read, with their figures as of `now`: the weights
    /// that keep the rule and are not dated after today, in local days, smoothed as the
    /// trend is (`TrendModel`). Read from the entries, not the per-day table, which holds
    /// only the days of the people whose sessions brought it up to date.
    public static func summaries(asOf now: Date, in db: any SQLConnection) throws(StorageError) -> [PersonSummary] {
        let latest = StoredTime.text(EntryRule.latestCountedDate(asOf: now))
        let rows = try db.statement(
            """
            SELECT taken_at, kilograms FROM entries
            WHERE person = ? AND kilograms BETWEEN 20.0 AND 500.0 AND taken_at <= ?
            ORDER BY taken_at, id
            """)
        var summaries: [PersonSummary] = []
        for name in try names(in: db) {
            try rows.bind([.text(name.rawValue), .text(latest)])
            var days: [DailyWeight] = []
            var count = 0.0
            var lastDate: Date?
            var lastKilograms: Double?
            while try rows.step() {
                guard let text = rows.text(0), let date = StoredTime.date(text) else { continue }
                let kilograms = rows.double(1)
                let day = LocalCalendar.dayNumber(of: date)
                if let last = days.last, last.day == day {
                    count += 1
                    days[days.count - 1].meanKilograms += (kilograms - last.meanKilograms) / count
                } else {
                    days.append(DailyWeight(day: day, meanKilograms: kilograms))
                    count = 1
                }
                lastDate = date
                lastKilograms = kilograms
            }
            rows.reset()
            summaries.append(
                PersonSummary(
                    name: name, latestKilograms: lastKilograms,
                    trendKilograms: TrendModel.smooth(days).last?.trendKilograms, lastWeighIn: lastDate))
        }
        return summaries
    }
}

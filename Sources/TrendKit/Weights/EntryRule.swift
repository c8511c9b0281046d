import FoundationEssentials

/// A rule every entry keeps as trendsh saves it. A row another program wrote (`sqlite3`, an
/// older tool) may break one; trendsh then shows it, marked, and leaves it out of the trend
/// and the figures until it is fixed.
public enum EntryRule: Sendable, Equatable {
    /// The weight is between 20 and 500 kg (`WeightUnit.minimumKilograms` to `maximumKilograms`).
    case weightInRange
    /// The entry is not dated after today, in local time: an entry dated later today (an
    /// imported day without a time, kept at 12:00) is today's weighing at any hour, as an
    /// import judges it. trendsh cannot tell an entry an earlier clock dated ahead (a
    /// `--now`, a clock set wrong) from one another program dated in 2030, so both break it
    /// until their day comes; such an entry may still have its note changed.
    case notInFuture

    /// The latest moment an entry may be dated and still count, as of `now`: the end of today.
    public static func latestCountedDate(asOf now: Date) -> Date { LocalCalendar.lastMomentOfDay(of: now) }

    /// The rule an entry with this weight (nil: none) and date breaks as of `now`, the
    /// weight's first; nil when it keeps them all. Dates compare at the store's precision, as a save does.
    public static func broken(kilograms: Double?, date: Date, asOf now: Date) -> EntryRule? {
        if let kilograms, !weightKeepsRule(kilograms) { return .weightInRange }
        if StoredTime.rounded(date) > StoredTime.rounded(latestCountedDate(asOf: now)) { return .notInFuture }
        return nil
    }

    /// True when a stored weight keeps `weightInRange`.
    public static func weightKeepsRule(_ kilograms: Double) -> Bool {
        (WeightUnit.minimumKilograms...WeightUnit.maximumKilograms).contains(kilograms)
    }

    /// True, in SQL over `entries`, for a row whose weight breaks `weightInRange`: the same
    /// bounds as `broken`. The per-day trend never counts such a row; the index
    /// `entries_breaking_rules` holds exactly these rows (its WHERE is this text, so that
    /// SQLite uses it for a query with this condition).
    static let weightOutOfRangeSQL = "(kilograms < 20.0 OR kilograms > 500.0)"
}

extension WeightEntry {
    /// The rule this entry breaks as of `now`, if any.
    public func brokenRule(asOf now: Date) -> EntryRule? {
        EntryRule.broken(kilograms: kilograms, date: date, asOf: now)
    }
}

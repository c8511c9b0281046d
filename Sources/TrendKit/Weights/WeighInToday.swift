import FoundationEssentials

/// The reminder hook's question, "has today a weigh-in?" (`trendsh --weighed-today`),
/// answered from the store alone and without changing anything on disk: no migration, no
/// per-day trend, no file or folder created, and no draft read (`Store.readOnce`).
public enum WeighInToday {
    /// The longest wait for another program's lock: a shell prompt that asks must not stall.
    public static let lockWait: Duration = .milliseconds(100)

    public enum Answer: Equatable, Sendable {
        /// An entry with a weight is dated today, in the local zone.
        case weighed
        /// None is.
        case notWeighed
        /// The store could not be read, so there is no answer.
        case unknown(Store.ReadOnceProblem)
    }

    /// The answer for the local day `now` falls on, in the log of the person `person` comes to
    /// (as a session would choose them: a name the store does not hold is no answer). A store
    /// in memory is new, so it has none.
    @MainActor
    public static func answer(location: StoreLocation, now: Date, person: PersonRequest = .resolve(named: nil))
        -> Answer
    {
        guard case .file(let path) = location else { return .notWeighed }
        let day = localDay(of: now)
        do {
            let weighed = try Store.readOnce(at: path, schema: .trendsh, busyTimeout: lockWait) {
                db throws(StorageError) in
                let chosen = try PeopleRows.choose(person, in: db)
                return try SQLWeightRepository.hasWeight(
                    from: day.first, through: day.last, of: chosen.rawValue, in: db)
            }
            return weighed ? .weighed : .notWeighed
        } catch {
            return .unknown(error)
        }
    }

    /// The answer from a log on a server, read in one snapshot through `store`. (A server
    /// that holds no trendsh log yet is set up by the first contact, as a session's would be.)
    @MainActor
    public static func answer(store: any RecordStore, now: Date) -> Answer {
        let day = localDay(of: now)
        do {
            let weighed = try store.read(.weights) { db throws(StorageError) in
                try SQLWeightRepository.hasWeight(from: day.first, through: day.last, in: db)
            }
            return weighed ? .weighed : .notWeighed
        } catch {
            return .unknown(.storage(error))
        }
    }

    /// The first and the last moment of the local day of `now`: its midnight (or, when the
    /// clocks skipped midnight, the first time after the gap) and the millisecond before the
    /// next day's first moment.
    static func localDay(of now: Date) -> (first: Date, last: Date) {
        let fields = LocalCalendar.fields(of: now)
        let midnight = LocalCalendar.Fields(year: fields.year, month: fields.month, day: fields.day)
        let first = LocalCalendar.date(from: midnight) ?? LocalCalendar.firstMomentAfterGap(midnight) ?? now
        return (min(first, now), LocalCalendar.lastMomentOfDay(of: now))
    }
}

import TrendKit

extension Messages {
    /// `--weighed-today` could not read the store: one sentence on standard error, exit 1.
    public static func weighedTodayUnknown(_ problem: Store.ReadOnceProblem) -> String {
        let cannotTell = "trendsh cannot tell whether today has a weigh-in"
        switch problem {
        case .noStore(let path):
            return "There is no store at \(path), so \(cannotTell). Give --store the path of your store."
        case .olderFormat(let version):
            return
                "The store is in an older format (\(version)) that only a session upgrades, so \(cannotTell). Start trendsh once with this store to upgrade it."
        case .logNeedsIndex(let path):
            return
                "The store's log \(path) holds changes that only a session reads back, so \(cannotTell). Start trendsh once with this store."
        case .storage(.locked):
            return "The store is locked by another program, so \(cannotTell). Try again in a moment."
        case .storage(let error):
            return "\(cannotTell). \(reason(error))"
        }
    }
}

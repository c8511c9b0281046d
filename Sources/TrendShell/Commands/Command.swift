import TrendKit

/// One parsed command line. Produced by `CommandParser`, carried out by `Session`.
public enum Command: Equatable, Sendable {
    case help(topic: String?)
    case new
    case edit(id: Int64)
    case value(String)
    case note(String)
    case date(String)
    case show
    case save
    case cancel
    case list(count: Int)
    case delete(id: Int64)
    case unit(WeightUnit?)
    case refresh
    case status
    case simulate(SimulateRequest?)
    case history(count: Int?)
    case quit
}

/// What `simulate` was asked to do.
public enum SimulateRequest: Equatable, Sendable {
    case saveFailure(FaultPlan.Persistence)
    case openFailure
    case refreshFailure
    case off
}

/// What every feature reports to `status`: its name, where its data stands, and its retained
/// error. New features (habits, stats, import) join by conforming.
@MainActor
public protocol FeatureStatus: AnyObject {
    /// A short lower-case name: `weights`, `settings`.
    var featureName: String { get }
    /// Where the feature's data stands, in a few words.
    var stateDescription: String { get }
    /// The feature's last failure, kept until an operation succeeds.
    var retainedError: TrendError? { get }
}

extension WeightLog: FeatureStatus {
    public var featureName: String { "weights" }
    public var stateDescription: String { "\(loadState.rawValue), \(entries.count) loaded" }
}

extension SettingsFeature: FeatureStatus {
    public var featureName: String { "settings" }
    public var stateDescription: String { "unit \(unit.symbol)" }
}

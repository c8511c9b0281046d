/// What every feature reports to `status`: which feature it is, where its data stands, and
/// its retained error. New features join by conforming.
@MainActor
public protocol FeatureStatus: AnyObject {
    var featureID: FeatureID { get }
    /// Where the feature's data stands; nil for a feature with nothing to load.
    var featureLoadState: LoadState? { get }
    /// The feature's last failure, kept until an operation succeeds.
    var retainedError: TrendError? { get }
}

extension WeightLog: FeatureStatus {
    public nonisolated var featureID: FeatureID { .weights }
    public var featureLoadState: LoadState? { loadState }
}

extension SettingsFeature: FeatureStatus {
    public nonisolated var featureID: FeatureID { .settings }
    public var featureLoadState: LoadState? { nil }
}

extension FeatureID {
    /// The settings.
    public static let settings = FeatureID("settings")
}

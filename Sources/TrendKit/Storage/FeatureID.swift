/// The name of a feature, as storage, faults and `status` know it. Each feature declares its
/// own (`FeatureID.weights` in Weights/), so adding a feature changes nothing here.
public struct FeatureID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

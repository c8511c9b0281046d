/// The kinds of measurement a session knows: the built-in ones, then those a person added,
/// which the store keeps. Commands, imports and exports find kinds here, by id or by word.
@MainActor
public final class KindCatalog {
    /// Every kind, the built-in ones first, in the order columns and help list them.
    public private(set) var all: [MeasurementKind]

    public init(added: [MeasurementKind] = []) {
        all = MeasurementKind.builtIn + added
    }

    /// Replaces the kinds a person added with those the store holds now.
    public func replaceAdded(with added: [MeasurementKind]) {
        all = MeasurementKind.builtIn + added
    }

    public func kind(_ id: KindID) -> MeasurementKind? { all.first { $0.id == id } }

    /// The kind this word names (its word or its id, in any case).
    public func kind(named word: String) -> MeasurementKind? {
        let lowered = word.lowercased()
        return all.first { $0.word == lowered || $0.id.rawValue == lowered }
    }

    /// The kinds other than weight.
    public var others: [MeasurementKind] { all.filter { $0.id != .weight } }
}

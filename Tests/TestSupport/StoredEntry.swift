/// One row of `entries`, as the test reads it.
public struct StoredEntry: Equatable, Sendable {
    public var id: Int64
    public var kilograms: Double
    public var draftID: String?
}

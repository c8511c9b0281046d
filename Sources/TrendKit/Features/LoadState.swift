/// Where a feature's data stands, kept apart from the data and from the retained error.
public enum LoadState: String, Sendable, Equatable {
    /// Nothing has been loaded yet.
    case idle
    /// A load is running.
    case loading
    /// The last load succeeded.
    case ready
    /// The last load failed; any cached data is still shown.
    case failed
}
